import { useState, type FormEvent } from 'react';
import { DONATION_TYPES, PARTNER_CONFIRMATION, PARTNER_ERROR, type DonationType } from '@kermesse/contracts-contact/labels';
import { ApiError, Banner, Button, Field, TextInput } from '@kermesse/ui-kit';
import { contactApi } from '../../api/contact';

const EMPTY = {
  entreprise: '',
  contact: '',
  email: '',
  telephone: '',
  code_postal: '',
  ville: '',
  siteweb: '',
  typeDon: 'none' as DonationType,
  message: '',
};

/** « Devenez partenaire solidaire » (docs/spec.md §2, §3, §4, §8): a shop or a company offers its help. */
export function PartnerPage() {
  const [form, setForm] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await contactApi.sendPartnerRequest(form);
      setSent(true);
    } catch (caught) {
      // docs/spec.md §8's alert, with the server's reason (the field to correct) when it gives one.
      setError(caught instanceof ApiError && caught.status === 400 ? `${PARTNER_ERROR} ${caught.message}` : PARTNER_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const handleAnother = () => {
    setForm(EMPTY);
    setSent(false);
  };

  return (
    <section className="shell-page shell-page--form">
      <h1>Devenez partenaire solidaire</h1>
      <p className="shell-hint">
        Commerçants, entreprises : soutenez la fête de l'école par un don, un bon d'achat, un prêt de matériel… L'association vous
        recontacte.
      </p>
      {sent ? (
        <div className="k-card shell-form">
          <Banner tone="success">{PARTNER_CONFIRMATION}</Banner>
          <div className="shell-actions">
            <Button onClick={handleAnother}>Envoyer une autre demande</Button>
          </div>
        </div>
      ) : (
        <form
          id="form-partner"
          className="k-card shell-form"
          onSubmit={handleSubmit}
          aria-describedby={error ? 'partner-error' : undefined}
        >
          <div className="shell-form__row">
            <Field label="Entreprise" htmlFor="partner-entreprise">
              <TextInput
                id="partner-entreprise"
                required
                autoComplete="organization"
                value={form.entreprise}
                onChange={set('entreprise')}
              />
            </Field>
            <Field label="Nom du contact" htmlFor="partner-contact">
              <TextInput id="partner-contact" required autoComplete="name" value={form.contact} onChange={set('contact')} />
            </Field>
          </div>
          <div className="shell-form__row">
            <Field label="Adresse e-mail" htmlFor="partner-email">
              <TextInput id="partner-email" type="email" required autoComplete="email" value={form.email} onChange={set('email')} />
            </Field>
            <Field label="Téléphone" htmlFor="partner-telephone">
              <TextInput id="partner-telephone" type="tel" autoComplete="tel" value={form.telephone} onChange={set('telephone')} />
            </Field>
          </div>
          <div className="shell-form__row">
            <Field label="Code postal" htmlFor="partner-code-postal">
              <TextInput
                id="partner-code-postal"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                value={form.code_postal}
                onChange={set('code_postal')}
              />
            </Field>
            <Field label="Ville" htmlFor="partner-ville">
              <TextInput id="partner-ville" autoComplete="address-level2" value={form.ville} onChange={set('ville')} />
            </Field>
          </div>
          <Field label="Site web" htmlFor="partner-siteweb">
            <TextInput
              id="partner-siteweb"
              type="url"
              autoComplete="url"
              placeholder="https://"
              value={form.siteweb}
              onChange={set('siteweb')}
            />
          </Field>
          <Field label="Type de don" htmlFor="partner-type-don">
            <select id="partner-type-don" className="k-select" value={form.typeDon} onChange={set('typeDon')}>
              {DONATION_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Message" htmlFor="partner-message">
            <textarea id="partner-message" className="k-textarea" maxLength={5000} value={form.message} onChange={set('message')} />
          </Field>
          {error && (
            <Banner tone="error">
              <span id="partner-error">{error}</span>
            </Banner>
          )}
          <div className="shell-actions">
            <Button type="submit" disabled={busy}>
              {busy ? 'Envoi en cours...' : 'Envoyer la demande'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
