import { useState, type FormEvent } from 'react';
import { CONTACT_CONFIRMATION } from '@kermesse/contracts-contact/labels';
import { ApiError, Banner, Button, Field, NETWORK_ERROR_MESSAGE, TextInput } from '@kermesse/ui-kit';
import { contactApi } from '../../api/contact';

/** The contact form (docs/spec.md §2): e-mail, subject, message, sent to the association. */
export function ContactPage() {
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await contactApi.sendMessage({ email, subject, message });
      setSent(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="shell-page shell-page--form">
      <h1>Contacter l'association</h1>
      {sent ? (
        <div className="k-card shell-form">
          <Banner tone="success">{CONTACT_CONFIRMATION}</Banner>
          <div className="shell-actions">
            <Button
              onClick={() => {
                setSent(false);
                setSubject('');
                setMessage('');
              }}
            >
              Écrire un autre message
            </Button>
          </div>
        </div>
      ) : (
        <form id="form-contact" className="k-card shell-form" onSubmit={handleSubmit}>
          <Field label="Adresse e-mail" htmlFor="contact-email">
            <TextInput
              id="contact-email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="Sujet" htmlFor="contact-subject">
            <TextInput id="contact-subject" required maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
          </Field>
          <Field label="Message" htmlFor="contact-message">
            <textarea
              id="contact-message"
              className="k-textarea"
              required
              maxLength={5000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          {error && <Banner tone="error">{error}</Banner>}
          <p className="shell-hint">Votre message est conservé 12 mois par l'association, puis supprimé.</p>
          <div className="shell-actions">
            <Button type="submit" disabled={busy}>
              {busy ? 'Envoi en cours...' : 'Envoyer le message'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
