import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner, Button, Field, TextInput } from '@kermesse/ui-kit';
import { linkApi } from '../api/identity';
import { createPasskey, passkeyFailure, passkeysUnavailable } from '../session/passkeys';

/**
 * The page an admin's on-behalf link opens on the person's own phone (`/cle-d-acces?jeton=…&personne=…`):
 * the passkey is made here, on this device (`#form-register-onbehalf`).
 */
export function PasskeyLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('jeton') ?? '';
  const userId = params.get('personne') ?? '';
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeyProblem = passkeysUnavailable();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setBusy(true);
    try {
      const options = await linkApi.onBehalfOptions(userId, token);
      await linkApi.onBehalfAdd(userId, token, await createPasskey(options), name.trim());
      setMessage({ tone: 'success', text: "Clé d'accès créée sur cet appareil. Vous pouvez maintenant vous connecter avec elle." });
    } catch (caught) {
      setMessage({ tone: 'error', text: passkeyFailure(caught) });
    } finally {
      setBusy(false);
    }
  };

  const done = message?.tone === 'success';
  return (
    <section className="shell-narrow k-card shell-form">
      <h1>Créer ma clé d'accès</h1>
      <p>
        Un administrateur vous invite à créer une clé d'accès sur cet appareil : vous vous connecterez ensuite avec son empreinte, son
        visage ou son code.
      </p>
      {passkeyProblem && <Banner tone="error">{passkeyProblem}</Banner>}
      {!done && (
        <form id="form-register-onbehalf" className="shell-form" onSubmit={handleSubmit}>
          <Field label="Nom de l'appareil (facultatif)" htmlFor="onbehalf-name">
            <TextInput
              id="onbehalf-name"
              name="name"
              maxLength={60}
              placeholder="Mon téléphone"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={busy || !token || !userId || passkeyProblem !== null}>
            Créer la clé d'accès
          </Button>
        </form>
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {done && (
        <Link className="k-button k-button--primary" to="/connexion">
          Se connecter
        </Link>
      )}
    </section>
  );
}
