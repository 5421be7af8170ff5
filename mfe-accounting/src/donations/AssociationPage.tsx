import { useEffect, useId, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { centsToInput, parseEuros, toCents } from '@kermesse/contracts-common';
import {
  RECEIPT_ELIGIBILITY_LABELS,
  receiptRefusal,
  type AssociationSettings,
  type ReceiptEligibility,
} from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';

const ELIGIBILITIES = Object.keys(RECEIPT_ELIGIBILITY_LABELS) as ReceiptEligibility[];

/**
 * « Association »: what its receipts print (name, address, purpose, signatory), whether it may issue
 * tax receipts at all, and the yearly cap of the counterpart tolerance (docs/tax-receipts.md §1, §3).
 */
export function AssociationPage() {
  const [settings, setSettings] = useState<AssociationSettings | null>(null);
  const [cap, setCap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = {
    name: useId(),
    address: useId(),
    postalCode: useId(),
    city: useId(),
    purpose: useId(),
    siren: useId(),
    decree: useId(),
    signatory: useId(),
    cap: useId(),
  };
  const eligibilityName = useId();

  useEffect(() => {
    accountingApi.getAssociation().then(
      ({ association }) => {
        setSettings(association);
        setCap(centsToInput(toCents(association.counterpartCap)));
      },
      (failure) => setError(failureText('Erreur lors de la récupération des données', failure)),
    );
  }, []);

  if (!settings) return error ? <ErrorLine>{error}</ErrorLine> : <Spinner />;
  const set = (changes: Partial<AssociationSettings>) => setSettings({ ...settings, ...changes });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!settings.name.trim()) return setError("Le nom de l'association est obligatoire.");
    if (settings.siren && !/^\d{9}$/.test(settings.siren)) return setError('Le SIREN compte 9 chiffres.');
    if (parseEuros(cap) === null) return setError('Le plafond doit être un montant en euros, par exemple 73,00.');
    setError(null);
    setSaving(true);
    try {
      const { association } = await accountingApi.saveAssociation({
        name: settings.name.trim(),
        address: settings.address.trim(),
        postalCode: settings.postalCode.trim(),
        city: settings.city.trim(),
        purpose: settings.purpose.trim(),
        siren: settings.siren?.trim() || null,
        eligibility: settings.eligibility,
        rupDecreeDate: settings.eligibility === 'rup' ? settings.rupDecreeDate || null : null,
        signatory: settings.signatory.trim(),
        counterpartCap: cap,
      });
      setSettings(association);
      setNotice("Réglages de l'association enregistrés.");
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement des réglages", failure));
    } finally {
      setSaving(false);
    }
  };

  const refusal = receiptRefusal(settings);
  return (
    <section className="k-page acc-page" aria-labelledby="association-title">
      <header className="k-page-header acc-header">
        <h1 id="association-title">Association</h1>
      </header>
      <form className="k-card acc-card k-form k-form--narrow" onSubmit={handleSubmit} noValidate>
        <Field label="Nom de l'association" htmlFor={ids.name}>
          <TextInput id={ids.name} value={settings.name} onChange={(e) => set({ name: e.target.value })} autoComplete="organization" />
        </Field>
        <Field label="Adresse" htmlFor={ids.address}>
          <TextInput id={ids.address} value={settings.address} onChange={(e) => set({ address: e.target.value })} />
        </Field>
        <div className="acc-purchase__fields">
          <Field label="Code postal" htmlFor={ids.postalCode}>
            <TextInput
              id={ids.postalCode}
              inputMode="numeric"
              value={settings.postalCode}
              onChange={(e) => set({ postalCode: e.target.value })}
            />
          </Field>
          <Field label="Ville" htmlFor={ids.city}>
            <TextInput id={ids.city} value={settings.city} onChange={(e) => set({ city: e.target.value })} />
          </Field>
          <Field label="SIREN (facultatif)" htmlFor={ids.siren}>
            <TextInput id={ids.siren} inputMode="numeric" value={settings.siren ?? ''} onChange={(e) => set({ siren: e.target.value })} />
          </Field>
        </div>
        <Field label="Objet (imprimé sur les reçus)" htmlFor={ids.purpose}>
          <TextInput id={ids.purpose} value={settings.purpose} onChange={(e) => set({ purpose: e.target.value })} />
        </Field>
        <fieldset className="acc-fieldset">
          <legend>L'association peut-elle délivrer des reçus fiscaux ?</legend>
          {ELIGIBILITIES.map((value) => (
            <label key={value} className="acc-choice">
              <input
                type="radio"
                name={eligibilityName}
                value={value}
                checked={settings.eligibility === value}
                onChange={() => set({ eligibility: value })}
              />{' '}
              {RECEIPT_ELIGIBILITY_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {settings.eligibility === 'rup' && (
          <Field label="Date du décret de reconnaissance d'utilité publique" htmlFor={ids.decree}>
            <TextInput
              id={ids.decree}
              type="date"
              value={settings.rupDecreeDate ?? ''}
              onChange={(e) => set({ rupDecreeDate: e.target.value })}
            />
          </Field>
        )}
        <Field label="Signataire des reçus (nom et qualité)" htmlFor={ids.signatory}>
          <TextInput
            id={ids.signatory}
            value={settings.signatory}
            onChange={(e) => set({ signatory: e.target.value })}
            placeholder="Claire Dupont, trésorière"
          />
        </Field>
        <Field label="Plafond annuel des contreparties tolérées (€)" htmlFor={ids.cap}>
          <MoneyInput id={ids.cap} value={cap} onChange={(e) => setCap(e.target.value)} />
        </Field>
        <p className="k-muted">
          Une contrepartie (repas, billet…) est tolérée si elle vaut au plus le quart du don et au plus ce plafond, fixé chaque année par
          l'administration fiscale : vérifiez-le en janvier.
        </p>
        <Button type="submit" disabled={saving}>
          Enregistrer
        </Button>
        {refusal && <p className="k-notice">{refusal}</p>}
        {notice && <Banner tone="success">{notice}</Banner>}
        {error && <ErrorLine>{error}</ErrorLine>}
      </form>
    </section>
  );
}
