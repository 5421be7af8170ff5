import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { passwordProblem } from '@kermesse/contracts-identity/rules';
import { ApiError, Button, ErrorLine, Field, NETWORK_ERROR_MESSAGE, Spinner, TextInput, useSession } from '@kermesse/ui-kit';
import { linkApi, type LinkInfo } from '../api/identity';
import { landingPathFor } from '../layout/navigation';

/** The page of a one-time link (`/mot-de-passe?jeton=…`): the person chooses their password and is signed in. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('jeton') ?? '';
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [info, setInfo] = useState<LinkInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    linkApi
      .info(token)
      .then(setInfo, (caught: unknown) => setLoadError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE));
  }, [token]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = passwordProblem(password, info ? [info.email, info.firstname] : []);
    if (problem) return setError(problem);
    if (password !== confirmation) return setError('Les deux mots de passe ne sont pas identiques.');
    setBusy(true);
    try {
      const answer = await linkApi.setPassword(token, password);
      const user = signIn(answer.token);
      navigate(user ? landingPathFor(user.roles) : '/connexion');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  if (loadError)
    return (
      <section className="shell-narrow k-card">
        <h1>Choisir mon mot de passe</h1>
        <ErrorLine>{loadError}</ErrorLine>
      </section>
    );
  if (!info) return <Spinner />;
  return (
    <section className="shell-narrow k-card">
      <h1>{info.purpose === 'reset' ? 'Nouveau mot de passe' : 'Choisir mon mot de passe'}</h1>
      <p>
        Bonjour {info.firstname}, choisissez le mot de passe du compte {info.email}.
      </p>
      <form id="form-set-password" className="shell-form" onSubmit={handleSubmit}>
        <input type="email" name="email" autoComplete="username" value={info.email} readOnly hidden />
        <Field label="Mot de passe" htmlFor="set-password">
          <TextInput
            id="set-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={error ? 'set-password-hint set-password-error' : 'set-password-hint'}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <p className="shell-hint" id="set-password-hint">
          Au moins 12 caractères ; une phrase de plusieurs mots est facile à retenir.
        </p>
        <Field label="Confirmer le mot de passe" htmlFor="set-password-confirmation">
          <TextInput
            id="set-password-confirmation"
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
        </Field>
        {error && <ErrorLine id="set-password-error">{error}</ErrorLine>}
        <Button type="submit" disabled={busy}>
          Enregistrer et me connecter
        </Button>
      </form>
    </section>
  );
}
