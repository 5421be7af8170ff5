import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, Banner, Button, CredentialFields, ErrorLine, Field } from '@kermesse/ui-kit';
import { forgetBearerToken, readBearerToken, storeBearerToken } from '../api/bearerToken';
import { registerApi } from '../api/registerApi';

/** How long « Jeton copié » stays on screen (docs/spec.md §9). */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * API token screen (docs/spec.md §2): sign in to get a bearer token, copy it, release it — for outside tools,
 * or to load a till PC with no account. The token is kept in local storage under `bearerToken`, where
 * the entry page finds it when no cashier is signed in; releasing it never touches the session.
 */
export function ApiTokenPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState<string | null>(readBearerToken);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const tokenField = useRef<HTMLTextAreaElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const received = await registerApi.requestToken({ email, password });
      if (!received) {
        setError({ message: 'Jeton non reçu' });
        return;
      }
      storeBearerToken(received);
      setToken(received);
      setPassword('');
    } catch (caught) {
      setError({ message: 'Erreur lors de la récupération du jeton', detail: caught instanceof ApiError ? caught.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  const handleCopy = async () => {
    if (!token) return;
    try {
      await copyText(token, tokenField.current);
    } catch (caught) {
      console.error('Copie du token impossible', caught);
      return;
    }
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  const handleRelease = async () => {
    setBusy(true);
    try {
      await registerApi.releaseToken();
    } catch (caught) {
      // A token the server already refuses is useless: forget it anyway. Otherwise keep it to retry.
      if (!(caught instanceof ApiError && caught.status === 401)) {
        console.error('Libération du token impossible', caught);
        setBusy(false);
        return;
      }
    }
    forgetBearerToken();
    setToken(null);
    setCopied(false);
    setBusy(false);
  };

  return (
    <section className="reg-page reg-narrow k-card">
      <h1>Jeton API</h1>
      <p className="reg-muted">
        Pour vendre, la caisse utilise votre connexion. Ce jeton sert aux outils extérieurs ou à un poste de caisse sans compte.
      </p>
      <p className="reg-muted">
        Pour un script ou un logiciel de l'association, un administrateur crée plutôt un jeton à son nom, avec ses propres rôles et sa date
        d'expiration, révocable à tout moment : <Link to="/equipe/jetons">Jetons pour les outils</Link>.
      </p>
      {token ? (
        <>
          <Field label="Votre token" htmlFor="api-token">
            <textarea id="api-token" ref={tokenField} className="k-input reg-token" readOnly rows={4} value={token} />
          </Field>
          {copied && <Banner tone="success">Jeton copié dans le presse-papiers.</Banner>}
          <div className="reg-actions">
            <Button id="copy-token" onClick={handleCopy}>
              Copier le token
            </Button>
            <Button id="release-token" variant="danger" onClick={handleRelease} disabled={busy}>
              Libérer le token
            </Button>
          </div>
        </>
      ) : (
        <form id="form-api-token" onSubmit={handleSubmit}>
          <CredentialFields
            idPrefix="api-token"
            email={email}
            password={password}
            onEmailChange={setEmail}
            onPasswordChange={setPassword}
          />
          {error && (
            <ErrorLine>
              {error.message}
              {error.detail && <span className="reg-error-detail">{error.detail}</span>}
            </ErrorLine>
          )}
          <Button type="submit" className="reg-block" disabled={busy}>
            Obtenir un token
          </Button>
        </form>
      )}
    </section>
  );
}

/** Copies with the Clipboard API, or by selecting the field where that API is missing (plain http on a LAN). */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  field?.select();
  if (!document.execCommand('copy')) throw new Error('Copie refusée par le navigateur');
}
