import { useEffect, useState, type FormEvent } from 'react';
import { passwordProblem } from '@kermesse/contracts-identity/rules';
import { ApiError, Banner, Button, dateTimeFormat, ErrorLine, Field, NETWORK_ERROR_MESSAGE, Spinner, TextInput } from '@kermesse/ui-kit';
import { profileApi, type Person } from '../api/identity';
import { createPasskey, passkeyFailure, passkeysUnavailable } from '../session/passkeys';

const dateTime = dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** « Mon compte »: one's own password and passkeys (`#form-register`). */
export function ProfilePage() {
  const [person, setPerson] = useState<Person | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const reload = () =>
    profileApi.me().then(setPerson, (caught: unknown) => setLoadError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE));
  useEffect(() => {
    void reload();
  }, []);

  if (loadError)
    return (
      <section className="shell-page">
        <h1>Mon compte</h1>
        <ErrorLine>{loadError}</ErrorLine>
      </section>
    );
  if (!person) return <Spinner />;
  return (
    <section className="shell-page">
      <h1>Mon compte</h1>
      <p className="shell-hint">
        {person.firstname} {person.lastname} — {person.email}
      </p>
      <PasskeysSection person={person} onChanged={reload} />
      <PasswordSection person={person} />
    </section>
  );
}

function PasskeysSection({ person, onChanged }: { person: Person; onChanged(): void }) {
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeyProblem = passkeysUnavailable();

  const handleAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setBusy(true);
    try {
      const options = await profileApi.passkeyOptions(person.email);
      await profileApi.addPasskey(await createPasskey(options), name.trim());
      setName('');
      setMessage({ tone: 'success', text: "Clé d'accès ajoutée : vous pourrez vous connecter sans mot de passe sur cet appareil." });
      onChanged();
    } catch (caught) {
      setMessage({ tone: 'error', text: passkeyFailure(caught) });
    } finally {
      setBusy(false);
    }
  };
  const handleRemove = async (id: string, passkeyName: string) => {
    if (!window.confirm(`Retirer la clé d'accès « ${passkeyName} » ?`)) return;
    setBusy(true);
    try {
      await profileApi.removePasskey(id);
      setMessage({ tone: 'success', text: "Clé d'accès retirée." });
      onChanged();
    } catch (caught) {
      setMessage({ tone: 'error', text: passkeyFailure(caught) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="k-card shell-form" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Clés d'accès</h2>
      <p className="shell-hint">
        Une clé d'accès vous connecte avec l'empreinte, le visage ou le code de votre téléphone, sans mot de passe.
      </p>
      {person.passkeys.length === 0 ? (
        <p>Aucune clé d'accès pour le moment.</p>
      ) : (
        <ul className="shell-passkeys">
          {person.passkeys.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.name}</strong> — ajoutée le {dateTime.format(new Date(p.createdAt))}, dernière utilisation :{' '}
                {p.lastUsedAt ? dateTime.format(new Date(p.lastUsedAt)) : 'jamais'}
              </span>
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => handleRemove(p.id, p.name)}
                aria-label={`Retirer la clé d'accès ${p.name}`}
              >
                Retirer
              </Button>
            </li>
          ))}
        </ul>
      )}
      {passkeyProblem === null ? (
        <form id="form-register" className="shell-form" onSubmit={handleAdd}>
          <Field label="Nom de l'appareil (facultatif)" htmlFor="passkey-name">
            <TextInput
              id="passkey-name"
              name="name"
              maxLength={60}
              placeholder="Mon téléphone"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            Ajouter une clé d'accès sur cet appareil
          </Button>
        </form>
      ) : (
        <p>{passkeyProblem}</p>
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
    </section>
  );
}

function PasswordSection({ person }: { person: Person }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    const problem = passwordProblem(next, [person.email, person.firstname, person.lastname]);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await profileApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setDone(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id="form-password" className="k-card shell-form" onSubmit={handleSubmit} aria-labelledby="password-title">
      <h2 id="password-title">Changer mon mot de passe</h2>
      <Field label="Mot de passe actuel" htmlFor="password-current">
        <TextInput
          id="password-current"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </Field>
      <Field label="Nouveau mot de passe" htmlFor="password-new">
        <TextInput
          id="password-new"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
          aria-describedby={error ? 'password-new-hint password-error' : 'password-new-hint'}
          aria-invalid={error ? true : undefined}
        />
      </Field>
      <p className="shell-hint" id="password-new-hint">
        Au moins 12 caractères ; une phrase de plusieurs mots est facile à retenir.
      </p>
      {error && <ErrorLine id="password-error">{error}</ErrorLine>}
      {done && <Banner tone="success">Votre mot de passe a été changé.</Banner>}
      <div className="shell-actions">
        <Button type="submit" disabled={busy}>
          Changer le mot de passe
        </Button>
      </div>
    </form>
  );
}
