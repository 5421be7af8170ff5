import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, Button, CredentialFields, ErrorLine, NETWORK_ERROR_MESSAGE, requestToken, useSession } from '@kermesse/ui-kit';
import { publicGateway } from '../api';
import { landingPathFor } from '../layout/navigation';

/** Password sign-in (`POST /api/login`); the server's French message is shown on failure. */
export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const token = await requestToken(publicGateway, { email, password });
      const user = token ? signIn(token) : null;
      if (!user) {
        setError('Connexion impossible : réponse inattendue du serveur.');
        return;
      }
      navigate(landingPathFor(user.roles));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="shell-narrow k-card">
      <h1>Connexion</h1>
      <form id="form-login" onSubmit={handleSubmit}>
        <CredentialFields
          idPrefix="login"
          email={email}
          password={password}
          onEmailChange={setEmail}
          onPasswordChange={setPassword}
        />
        {error && <ErrorLine>{error}</ErrorLine>}
        <Button type="submit" className="shell-block" disabled={submitting}>
          {submitting ? 'Connexion en cours...' : 'Se connecter'}
        </Button>
      </form>
    </section>
  );
}
