import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { passwordProblem } from '@kermesse/contracts-identity/rules';
import { ApiError, Button, ErrorLine, Field, NETWORK_ERROR_MESSAGE, TextInput, useSession } from '@kermesse/ui-kit';
import { hostApi, setupApi } from '../api/identity';

/** Where the first administrator lands once created: the back office, to set up the first event. */
export const FIRST_EVENT_PATH = '/gestion';
/** Where the host operator lands (hosting's console, docs/hosting.md): the associations they serve. */
export const HOST_CONSOLE_PATH = '/hebergement';

/**
 * First run (`KERMESSE_DEMO=0`, no account yet): the first visitor creates the administrator
 * account, then goes on to set up the first event.
 */
export function FirstRunPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // On a host's console the first account is the host operator's, not an association's administrator.
  const [onConsole, setOnConsole] = useState(false);
  useEffect(() => {
    let cancelled = false;
    hostApi.whoami().then(
      (side) => {
        if (!cancelled) setOnConsole(side.console);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = passwordProblem(password, [email, firstname, lastname]);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const answer = await setupApi.createFirstAdmin({ email, firstname, lastname, password });
      const user = signIn(answer.token);
      navigate(user?.roles.includes('host') ? HOST_CONSOLE_PATH : FIRST_EVENT_PATH);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="shell-narrow k-card">
      {onConsole ? (
        <>
          <h1>Bienvenue ! Créez le compte de l’hébergeur</h1>
          <p>
            Kermesse vient d'être installé pour héberger des associations. Ce compte créera chacune d’elles, avec son premier
            administrateur, depuis l’écran « Associations hébergées ».
          </p>
        </>
      ) : (
        <>
          <h1>Bienvenue ! Créez le premier administrateur</h1>
          <p>
            Kermesse vient d'être installé et ne contient encore aucun compte. Ce premier compte pourra ensuite créer ceux des bénévoles
            depuis la page « Équipe ».
          </p>
        </>
      )}
      <form id="form-first-admin" className="shell-form" onSubmit={handleSubmit}>
        <div className="shell-form__row">
          <Field label="Prénom" htmlFor="first-admin-firstname">
            <TextInput
              id="first-admin-firstname"
              required
              autoComplete="given-name"
              value={firstname}
              onChange={(e) => setFirstname(e.target.value)}
            />
          </Field>
          <Field label="Nom" htmlFor="first-admin-lastname">
            <TextInput
              id="first-admin-lastname"
              required
              autoComplete="family-name"
              value={lastname}
              onChange={(e) => setLastname(e.target.value)}
            />
          </Field>
        </div>
        <Field label="Adresse e-mail" htmlFor="first-admin-email">
          <TextInput
            id="first-admin-email"
            type="email"
            required
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label="Mot de passe" htmlFor="first-admin-password">
          <TextInput
            id="first-admin-password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={error ? 'first-admin-hint first-admin-error' : 'first-admin-hint'}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <p className="shell-hint" id="first-admin-hint">
          Au moins 12 caractères ; une phrase de plusieurs mots est facile à retenir.
        </p>
        {error && <ErrorLine id="first-admin-error">{error}</ErrorLine>}
        <Button type="submit" disabled={busy}>
          {busy ? 'Création en cours...' : 'Créer le compte administrateur'}
        </Button>
      </form>
    </section>
  );
}
