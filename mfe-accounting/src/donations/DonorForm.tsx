import { useId, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, TextInput } from '@kermesse/ui-kit';
import type { Donor, DonorKind } from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';

/** A donor as the lists show them: « Dupont Claire — Lyon », a company with « (entreprise) ». */
export const donorLabel = (donor: Donor): string =>
  `${[donor.name, donor.firstName].filter(Boolean).join(' ')}${donor.kind === 'company' ? ' (entreprise)' : ''}${donor.city ? ` — ${donor.city}` : ''}`;

const EMPTY = { name: '', firstName: '', address: '', postalCode: '', city: '', email: '', siren: '' };

/** Adds a donor: a person (cerfa 11580) or a company (2041-MEC-SD, with its SIREN); the address is printed on the receipt. */
export function DonorForm({ onSaved }: { onSaved: () => void }) {
  const ids = { name: useId(), firstName: useId(), address: useId(), postalCode: useId(), city: useId(), email: useId(), siren: useId() };
  const kindName = useId();
  const [kind, setKind] = useState<DonorKind>('individual');
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const company = kind === 'company';
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!values.name.trim()) return setError(company ? "Le nom de l'entreprise est obligatoire." : 'Le nom du donateur est obligatoire.');
    if (company && values.siren && !/^\d{9}$/.test(values.siren.trim())) return setError('Le SIREN compte 9 chiffres.');
    setError(null);
    setSaving(true);
    try {
      const { donor } = await accountingApi.addDonor({
        kind,
        name: values.name.trim(),
        firstName: company ? null : values.firstName.trim() || null,
        address: values.address.trim(),
        postalCode: values.postalCode.trim(),
        city: values.city.trim(),
        email: values.email.trim() || null,
        siren: company ? values.siren.trim() || null : null,
      });
      setNotice(`Donateur « ${[donor.name, donor.firstName].filter(Boolean).join(' ')} » ajouté.`);
      setValues(EMPTY);
      onSaved();
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement du donateur", failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="k-card acc-card k-form" onSubmit={handleSubmit} noValidate aria-labelledby="donor-form-title">
      <h2 id="donor-form-title">Ajouter un donateur</h2>
      <fieldset className="acc-fieldset">
        <legend>Le donateur est</legend>
        <label className="acc-choice">
          <input type="radio" name={kindName} checked={!company} onChange={() => setKind('individual')} /> un particulier
        </label>
        <label className="acc-choice">
          <input type="radio" name={kindName} checked={company} onChange={() => setKind('company')} /> une entreprise
        </label>
      </fieldset>
      <div className="acc-purchase__fields">
        <Field label={company ? 'Dénomination' : 'Nom'} htmlFor={ids.name}>
          <TextInput id={ids.name} value={values.name} onChange={set('name')} autoComplete={company ? 'organization' : 'family-name'} />
        </Field>
        {company ? (
          <Field label="SIREN" htmlFor={ids.siren}>
            <TextInput id={ids.siren} inputMode="numeric" value={values.siren} onChange={set('siren')} />
          </Field>
        ) : (
          <Field label="Prénoms" htmlFor={ids.firstName}>
            <TextInput id={ids.firstName} value={values.firstName} onChange={set('firstName')} autoComplete="given-name" />
          </Field>
        )}
        <Field label="Adresse" htmlFor={ids.address}>
          <TextInput id={ids.address} value={values.address} onChange={set('address')} autoComplete="street-address" />
        </Field>
        <Field label="Code postal" htmlFor={ids.postalCode}>
          <TextInput
            id={ids.postalCode}
            inputMode="numeric"
            value={values.postalCode}
            onChange={set('postalCode')}
            autoComplete="postal-code"
          />
        </Field>
        <Field label="Ville" htmlFor={ids.city}>
          <TextInput id={ids.city} value={values.city} onChange={set('city')} autoComplete="address-level2" />
        </Field>
        <Field label="E-mail (facultatif)" htmlFor={ids.email}>
          <TextInput id={ids.email} type="email" value={values.email} onChange={set('email')} autoComplete="email" />
        </Field>
      </div>
      <Button type="submit" disabled={saving}>
        Ajouter le donateur
      </Button>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}
