import { useId, useState, type FormEvent } from 'react';
import { Button, ErrorLine, Field, formatEuros, MoneyInput, TextInput } from '@kermesse/ui-kit';
import { parseEuros } from '@kermesse/contracts-common';
import {
  DONATION_METHOD_LABELS,
  MEMBERSHIP_CONSENT_TEXT,
  type Child,
  type DonationMethod,
  type Member,
  type MembershipType,
} from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';

const METHODS = Object.keys(DONATION_METHOD_LABELS) as DonationMethod[];
const EMPTY = { lastName: '', firstName: '', email: '', phone: '', address: '', postalCode: '', city: '' };

/** A new member: their details, children and classes if the family gives them, the payment, and their consent (docs/memberships.md §3). */
export function MemberForm({ year, types, onAdded }: { year: number; types: MembershipType[]; onAdded: (member: Member) => void }) {
  const ids = {
    type: useId(),
    lastName: useId(),
    firstName: useId(),
    email: useId(),
    phone: useId(),
    address: useId(),
    postalCode: useId(),
    city: useId(),
    amount: useId(),
    method: useId(),
    date: useId(),
    consent: useId(),
  };
  const childId = useId();
  const [typeId, setTypeId] = useState('');
  const [values, setValues] = useState(EMPTY);
  const [children, setChildren] = useState<Child[]>([]);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DonationMethod>('CHQ');
  const [paidOn, setPaidOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [consent, setConsent] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const type = types.find((t) => String(t.id) === typeId) ?? types[0];
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });
  const setChild = (index: number, change: Partial<Child>) => setChildren(children.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!type) return setError(`Ajoutez d'abord un type d'adhésion pour ${year}.`);
    if (!values.lastName.trim() || !values.firstName.trim()) return setError("Le nom et le prénom de l'adhérent sont obligatoires.");
    if (type.price === null && (amount === '' || parseEuros(amount) === null))
      return setError('Ce type est à prix libre : indiquez le montant versé, par exemple 15,00.');
    if (!consent) return setError("L'adhérent doit accepter que l'association conserve ses coordonnées : cochez la case de consentement.");
    setError(null);
    setSaving(true);
    try {
      const { member } = await accountingApi.addMember(
        {
          typeId: type.id,
          lastName: values.lastName.trim(),
          firstName: values.firstName.trim(),
          email: values.email.trim() || null,
          phone: values.phone.trim() || null,
          address: values.address.trim(),
          postalCode: values.postalCode.trim(),
          city: values.city.trim(),
          children: children
            .filter((c) => c.firstName.trim())
            .map((c) => ({ firstName: c.firstName.trim(), className: c.className.trim() })),
          amount: type.price === null ? amount : undefined,
          method,
          paidOn,
          consent,
        },
        key,
      );
      setValues(EMPTY);
      setChildren([]);
      setAmount('');
      setConsent(false);
      setKey(crypto.randomUUID());
      onAdded(member);
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement de l'adhésion", failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="k-card acc-card k-form" onSubmit={handleSubmit} noValidate aria-labelledby="member-form-title">
      <h2 id="member-form-title">Nouvelle adhésion {year}</h2>
      <div className="acc-purchase__fields">
        <Field label="Adhésion" htmlFor={ids.type}>
          <select id={ids.type} className="k-select" value={type?.id ?? ''} onChange={(e) => setTypeId(e.target.value)}>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.price === null ? 'prix libre' : formatEuros(t.price)})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Nom" htmlFor={ids.lastName}>
          <TextInput id={ids.lastName} value={values.lastName} onChange={set('lastName')} autoComplete="family-name" />
        </Field>
        <Field label="Prénom" htmlFor={ids.firstName}>
          <TextInput id={ids.firstName} value={values.firstName} onChange={set('firstName')} autoComplete="given-name" />
        </Field>
        <Field label="E-mail (facultatif)" htmlFor={ids.email}>
          <TextInput id={ids.email} type="email" value={values.email} onChange={set('email')} autoComplete="email" />
        </Field>
        <Field label="Téléphone (facultatif)" htmlFor={ids.phone}>
          <TextInput id={ids.phone} type="tel" value={values.phone} onChange={set('phone')} autoComplete="tel" />
        </Field>
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
      </div>
      <fieldset className="acc-fieldset">
        <legend>Enfants et classes (facultatif)</legend>
        {children.map((child, index) => (
          <div className="acc-purchase__fields" key={index}>
            <Field label={`Prénom de l'enfant ${index + 1}`} htmlFor={`${childId}-${index}-name`}>
              <TextInput
                id={`${childId}-${index}-name`}
                value={child.firstName}
                onChange={(e) => setChild(index, { firstName: e.target.value })}
              />
            </Field>
            <Field label={`Classe de l'enfant ${index + 1}`} htmlFor={`${childId}-${index}-class`}>
              <TextInput
                id={`${childId}-${index}-class`}
                value={child.className}
                onChange={(e) => setChild(index, { className: e.target.value })}
                placeholder="CE1"
              />
            </Field>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => setChildren([...children, { firstName: '', className: '' }])}
          disabled={children.length >= 12}
        >
          Ajouter un enfant
        </Button>
      </fieldset>
      <div className="acc-purchase__fields">
        {type?.price === null && (
          <Field label="Montant versé (€)" htmlFor={ids.amount}>
            <MoneyInput id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="15,00" />
          </Field>
        )}
        <Field label="Mode de versement" htmlFor={ids.method}>
          <select id={ids.method} className="k-select" value={method} onChange={(e) => setMethod(e.target.value as DonationMethod)}>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {DONATION_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Date du versement" htmlFor={ids.date}>
          <TextInput id={ids.date} type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        </Field>
      </div>
      <label className="acc-choice" htmlFor={ids.consent}>
        <input id={ids.consent} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />{' '}
        {MEMBERSHIP_CONSENT_TEXT}
      </label>
      <Button type="submit" disabled={saving || types.length === 0}>
        Enregistrer l'adhésion
      </Button>
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}
