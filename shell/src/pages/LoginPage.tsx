import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, Button, CredentialFields, ErrorLine, NETWORK_ERROR_MESSAGE, requestToken, useSession } from '@kermesse/ui-kit';
import { publicGateway } from '../api';
import { passkeyLoginApi } from '../api/identity';
import { landingPathFor } from '../layout/navigation';
// Not a React hook despite its name (it opens the browser's passkey prompt): aliased so the hook rules do not apply.
import { PASSKEYS_UNSUPPORTED_MESSAGE, passkeyFailure, passkeysUnavailable, usePasskey as askPasskey } from '../session/passkeys';
import { useFirstRunRedirect } from '../session/useFirstRunRedirect';

/** A path of this site to come back to after signing in (`?retour=/caisse`); never another site. */
export function returnPath(value: string | null): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
}

/**
 * Sign-in (docs/spec.md §7): a password (`#form-login`, `POST /api/login`) or a passkey of this device
 * (`POST /login/options` then `POST /login`); both give the same session. A page that sent the person
 * here (`?retour=`, the register when its session ended) is opened again afterwards.
 */
export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const comeBackTo = returnPath(searchParams.get('retour'));
  useFirstRunRedirect();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passkeyProblem = passkeysUnavailable();

  const enter = (token: string | undefined, fallbackPath?: string) => {
    const user = token ? signIn(token) : null;
    if (!user) {
      setError('Connexion impossible : réponse inattendue du serveur.');
      return;
    }
    navigate(fallbackPath && fallbackPath !== '/' ? fallbackPath : (comeBackTo ?? landingPathFor(user.roles)));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      enter(await requestToken(publicGateway, { email, password }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  const handlePasskey = async () => {
    setError(null);
    setSubmitting(true);
    try {
      // The e-mail may stay empty: the device offers the accounts it holds a passkey for.
      const options = await passkeyLoginApi.options(email.trim());
      const answer = await passkeyLoginApi.signIn(await askPasskey(options));
      enter(answer.token, answer.redirect);
    } catch (caught) {
      setError(passkeyFailure(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="shell-narrow k-card">
      <h1>Connexion</h1>
      <form id="form-login" onSubmit={handleSubmit}>
        <CredentialFields idPrefix="login" email={email} password={password} onEmailChange={setEmail} onPasswordChange={setPassword} />
        {error && <ErrorLine id="login-error">{error}</ErrorLine>}
        <Button type="submit" className="shell-block" disabled={submitting}>
          {submitting ? 'Connexion en cours...' : 'Se connecter'}
        </Button>
      </form>
      {/* A browser without passkeys gets no button; a page where they cannot work (an IP address, plain http) says why. */}
      {passkeyProblem !== PASSKEYS_UNSUPPORTED_MESSAGE && (
        <>
          <p className="shell-divider">ou</p>
          <Button
            variant="secondary"
            className="shell-block"
            disabled={submitting || passkeyProblem !== null}
            aria-describedby={passkeyProblem ? 'login-passkey-problem' : undefined}
            onClick={handlePasskey}
          >
            Se connecter avec une clé d'accès
          </Button>
          {passkeyProblem && (
            <p id="login-passkey-problem" className="shell-hint">
              {passkeyProblem}
            </p>
          )}
        </>
      )}
    </section>
  );
}
