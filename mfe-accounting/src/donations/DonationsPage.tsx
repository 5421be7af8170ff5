import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, formatDate, formatEuros, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { parseEuros } from '@kermesse/contracts-common';
import {
  DONATION_METHOD_LABELS,
  DONATION_ORIGIN_LABELS,
  receiptRefusal,
  type AssociationSettings,
  type Donation,
  type DonationList,
  type DonationMethod,
  type Donor,
} from '@kermesse/contracts-accounting';
import { accountingApi, downloadFile, downloads } from '../api/accountingApi';
import { currentYear, failureText } from '../components/messages';
import { YearPicker } from '../components/YearPicker';
import { DonationImportCard } from './DonationImportCard';
import { DonorForm, donorLabel } from './DonorForm';

const METHODS = Object.keys(DONATION_METHOD_LABELS) as DonationMethod[];

/**
 * « Dons »: the gifts of a year (from the register, typed in), each with its donor and the part a
 * receipt may state (docs/tax-receipts.md §3); a receipt per gift from its row, a gift typed in, donors added.
 */
export function DonationsPage() {
  const [year, setYear] = useState(currentYear());
  const [list, setList] = useState<DonationList | null>(null);
  const [association, setAssociation] = useState<AssociationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    accountingApi
      .listDonations(year)
      .then(setList, (failure) => setError(failureText('Erreur lors de la récupération des données', failure)));
  }, [year]);
  useEffect(load, [load]);
  useEffect(() => {
    accountingApi.getAssociation().then(
      ({ association: settings }) => setAssociation(settings),
      () => setAssociation(null),
    );
  }, []);

  const handleDonorChange = async (donation: Donation, donorId: string) => {
    setNotice(null);
    try {
      await accountingApi.updateDonation(donation.id, { donorId: donorId ? Number(donorId) : null });
      setError(null);
      load();
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement du donateur", failure));
    }
  };

  const handleIssue = async (donation: Donation) => {
    setNotice(null);
    try {
      const { receipt } = await accountingApi.issueReceipt({ kind: 'gift', donationId: donation.id });
      setError(null);
      setNotice(`Reçu n° ${receipt.number} établi pour ${receipt.donorName} (${formatEuros(receipt.amount)}).`);
      load();
    } catch (failure) {
      setError(failureText("Le reçu n'a pas été établi", failure));
    }
  };

  const handleDownload = async (receiptId: number) => {
    try {
      await downloadFile(downloads.receiptPdf(receiptId));
    } catch (failure) {
      setError(failureText('Erreur lors du téléchargement du reçu', failure));
    }
  };

  const refusal = association ? receiptRefusal(association) : null;
  return (
    <section className="k-page acc-page" aria-labelledby="donations-title">
      <header className="k-page-header acc-header">
        <h1 id="donations-title">Dons</h1>
        <YearPicker years={[currentYear(), currentYear() - 1]} value={year} onChange={setYear} />
      </header>
      {refusal && (
        <p className="k-notice" id="donations-no-receipts">
          {refusal}
        </p>
      )}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!list ? (
        <Spinner />
      ) : (
        <div className="k-table-wrap">
          <table className="k-table k-table--stack acc-table" id="donations">
            <caption>Dons de {year}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Origine</th>
                <th scope="col">Donateur</th>
                <th scope="col" className="k-num">
                  Montant
                </th>
                <th scope="col" className="k-num">
                  Ouvrant droit au reçu
                </th>
                <th scope="col">Reçu</th>
              </tr>
            </thead>
            <tbody>
              {list.donations.length === 0 && (
                <tr>
                  <td colSpan={6} className="k-muted">
                    Aucun don en {year}. Les dons faits à la caisse arrivent d'eux-mêmes.
                  </td>
                </tr>
              )}
              {list.donations.map((donation) => (
                <tr key={donation.id}>
                  <td>
                    {formatDate(donation.date)} — {DONATION_METHOD_LABELS[donation.method]}
                  </td>
                  <td>{DONATION_ORIGIN_LABELS[donation.origin]}</td>
                  <td>
                    {donation.receipt ? (
                      donation.donor && donorLabel(donation.donor)
                    ) : (
                      <DonorChooser donation={donation} donors={list.donors} onChange={(id) => void handleDonorChange(donation, id)} />
                    )}
                  </td>
                  <td className="k-num">{formatEuros(donation.amount)}</td>
                  <td className="k-num">
                    {formatEuros(donation.eligible)}
                    {donation.refunded > 0 && (
                      <span className="k-muted acc-block">remboursé {formatEuros(donation.refunded)} à la caisse</span>
                    )}
                    {donation.counterpart > 0 && (
                      <span className="k-muted acc-block">
                        contrepartie {formatEuros(donation.counterpart)}
                        {donation.counterpartLabel ? ` (${donation.counterpartLabel})` : ''}
                      </span>
                    )}
                  </td>
                  <td className="k-table__actions">
                    {donation.receipt ? (
                      <Button variant="secondary" onClick={() => void handleDownload(donation.receipt!.id)}>
                        Reçu n° {donation.receipt.number} (PDF)
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        disabled={Boolean(refusal) || !donation.donor || donation.eligible <= 0}
                        onClick={() => void handleIssue(donation)}
                        aria-label={`Établir le reçu du don du ${formatDate(donation.date)} de ${formatEuros(donation.amount)}`}
                      >
                        Établir le reçu
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && (
        <div className="acc-columns">
          <DonationForm donors={list.donors} onAdded={load} />
          <DonorForm onSaved={load} />
          <DonationImportCard onImported={load} />
        </div>
      )}
    </section>
  );
}

/** The donor of a gift no receipt states yet; the buyer's name the register knew, as a hint. */
function DonorChooser({ donation, donors, onChange }: { donation: Donation; donors: Donor[]; onChange: (donorId: string) => void }) {
  const id = useId();
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={id}>
        {donation.buyerName ? `Donateur (à la caisse : ${donation.buyerName})` : 'Donateur'}
      </label>
      <select id={id} className="k-select" value={donation.donor?.id ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">— Aucun —</option>
        {donors.map((donor) => (
          <option key={donor.id} value={donor.id}>
            {donorLabel(donor)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A gift received outside the till (a cheque by post, a transfer): written with its entry (7541). */
function DonationForm({ donors, onAdded }: { donors: Donor[]; onAdded: () => void }) {
  const ids = { date: useId(), amount: useId(), method: useId(), counterpart: useId(), counterpartLabel: useId(), donor: useId() };
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DonationMethod>('CHQ');
  const [counterpart, setCounterpart] = useState('');
  const [counterpartLabel, setCounterpartLabel] = useState('');
  const [donorId, setDonorId] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!date) return setError('La date du don est obligatoire.');
    const cents = parseEuros(amount);
    if (cents === null || cents <= 0) return setError('Le montant doit être un montant en euros, par exemple 30,50.');
    if (counterpart && parseEuros(counterpart) === null)
      return setError('La contrepartie doit être un montant en euros, par exemple 12,00.');
    setError(null);
    setSaving(true);
    try {
      await accountingApi.addDonation(
        {
          date,
          amount,
          method,
          counterpart: counterpart || undefined,
          counterpartLabel: counterpartLabel.trim() || null,
          donorId: donorId ? Number(donorId) : null,
        },
        key,
      );
      setNotice(`Don de ${formatEuros(cents / 100)} enregistré.`);
      setAmount('');
      setCounterpart('');
      setCounterpartLabel('');
      setKey(crypto.randomUUID());
      onAdded();
    } catch (failure) {
      setError(failureText("Erreur lors de l'enregistrement du don", failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="k-card acc-card k-form" onSubmit={handleSubmit} noValidate aria-labelledby="donation-form-title">
      <h2 id="donation-form-title">Ajouter un don</h2>
      <div className="acc-purchase__fields">
        <Field label="Date" htmlFor={ids.date}>
          <TextInput id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field label="Montant (€)" htmlFor={ids.amount}>
          <MoneyInput id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="30,50" />
        </Field>
        <Field label="Mode de versement" htmlFor={ids.method}>
          <select id={ids.method} className="k-select" value={method} onChange={(e) => setMethod(e.target.value as DonationMethod)}>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {DONATION_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Donateur" htmlFor={ids.donor}>
          <select id={ids.donor} className="k-select" value={donorId} onChange={(e) => setDonorId(e.target.value)}>
            <option value="">— Aucun pour l'instant —</option>
            {donors.map((donor) => (
              <option key={donor.id} value={donor.id}>
                {donorLabel(donor)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Contrepartie reçue (€)" htmlFor={ids.counterpart}>
          <MoneyInput id={ids.counterpart} value={counterpart} onChange={(e) => setCounterpart(e.target.value)} placeholder="0,00" />
        </Field>
        <Field label="Nature de la contrepartie" htmlFor={ids.counterpartLabel}>
          <TextInput
            id={ids.counterpartLabel}
            value={counterpartLabel}
            onChange={(e) => setCounterpartLabel(e.target.value)}
            placeholder="Repas du gala…"
          />
        </Field>
      </div>
      <Button type="submit" disabled={saving}>
        Ajouter le don
      </Button>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}
