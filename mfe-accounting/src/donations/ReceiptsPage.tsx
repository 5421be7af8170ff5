import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, formatDate, formatEuros, Modal, Spinner, TextInput } from '@kermesse/ui-kit';
import type { Donor, ReceiptDeclaration, TaxReceipt } from '@kermesse/contracts-accounting';
import { accountingApi, downloadFile, downloads } from '../api/accountingApi';
import { currentYear, failureText } from '../components/messages';
import { YearPicker } from '../components/YearPicker';
import { donorLabel } from './DonorForm';

/**
 * « Reçus fiscaux »: a year's receipts (a cancelled one kept with its number, marked « Annulé »), their
 * PDFs, the annual receipt of a donor, and the figures to declare (CGI art. 222 bis) with their due date.
 */
export function ReceiptsPage() {
  const [year, setYear] = useState(currentYear());
  const [receipts, setReceipts] = useState<TaxReceipt[] | null>(null);
  const [declaration, setDeclaration] = useState<ReceiptDeclaration | null>(null);
  const [donors, setDonors] = useState<Donor[]>([]);
  const [cancelling, setCancelling] = useState<TaxReceipt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    const failed = (failure: unknown) => setError(failureText('Erreur lors de la récupération des données', failure));
    accountingApi.listReceipts(year).then(({ receipts: list }) => setReceipts(list), failed);
    accountingApi.getDeclaration(year).then(setDeclaration, failed);
    accountingApi.listDonations(year).then(({ donors: list }) => setDonors(list), failed);
  }, [year]);
  useEffect(load, [load]);

  const handleDownload = async (receipt: TaxReceipt) => {
    try {
      await downloadFile(downloads.receiptPdf(receipt.id));
    } catch (failure) {
      setError(failureText('Erreur lors du téléchargement du reçu', failure));
    }
  };

  return (
    <section className="k-page acc-page" aria-labelledby="receipts-title">
      <header className="k-page-header acc-header">
        <h1 id="receipts-title">Reçus fiscaux</h1>
        <YearPicker years={[currentYear(), currentYear() - 1]} value={year} onChange={setYear} />
      </header>
      {declaration && (
        <div className="k-card acc-card" id="receipts-declaration">
          <h2>Déclaration des dons de {year}</h2>
          <dl className="k-stats">
            <div>
              <dt>Reçus délivrés</dt>
              <dd>{declaration.count}</dd>
            </div>
            <div>
              <dt>Montant total des reçus</dt>
              <dd>{formatEuros(declaration.total)}</dd>
            </div>
            <div>
              <dt>À déclarer avant le</dt>
              <dd>{formatDate(declaration.dueDate)}</dd>
            </div>
          </dl>
          <p className="k-muted">
            Article 222 bis du code général des impôts : le montant total et le nombre des reçus délivrés au titre de {year} se déclarent en
            ligne sur impots.gouv.fr (particuliers : {declaration.individuals.count} reçu{declaration.individuals.count > 1 ? 's' : ''},{' '}
            {formatEuros(declaration.individuals.total)} ; entreprises : {declaration.companies.count} reçu
            {declaration.companies.count > 1 ? 's' : ''}, {formatEuros(declaration.companies.total)}).
            {declaration.cancelled > 0 &&
              ` ${declaration.cancelled} reçu${declaration.cancelled > 1 ? 's annulés ne sont' : ' annulé n’est'} pas compté${declaration.cancelled > 1 ? 's' : ''}.`}{' '}
            Une association soumise à l'impôt sur les sociétés déclare avec sa déclaration de résultat.
          </p>
        </div>
      )}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!receipts ? (
        <Spinner />
      ) : (
        <div className="k-table-wrap">
          <table className="k-table k-table--stack acc-table" id="receipts">
            <caption>Reçus de {year}</caption>
            <thead>
              <tr>
                <th scope="col">Numéro</th>
                <th scope="col">Donateur</th>
                <th scope="col">Modèle</th>
                <th scope="col" className="k-num">
                  Montant
                </th>
                <th scope="col">État</th>
                <th scope="col">
                  <span className="k-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {receipts.length === 0 && (
                <tr>
                  <td colSpan={6} className="k-muted">
                    Aucun reçu pour {year}.
                  </td>
                </tr>
              )}
              {receipts.map((receipt) => (
                <tr key={receipt.id}>
                  <td>
                    {receipt.number} {receipt.kind === 'annual' ? '(annuel)' : ''}
                  </td>
                  <td>{receipt.donorName}</td>
                  <td>{receipt.model}</td>
                  <td className="k-num">{formatEuros(receipt.amount)}</td>
                  <td>
                    {receipt.cancelled ? (
                      <span className="k-badge k-badge--alert" title={receipt.cancelReason ?? undefined}>
                        Annulé le {formatDate(receipt.cancelledOn!)}
                      </span>
                    ) : (
                      `Délivré le ${formatDate(receipt.issuedOn)}`
                    )}
                  </td>
                  <td className="k-table__actions">
                    <Button variant="secondary" onClick={() => void handleDownload(receipt)}>
                      PDF du reçu n° {receipt.number}
                    </Button>
                    {!receipt.cancelled && (
                      <Button variant="ghost" onClick={() => setCancelling(receipt)}>
                        Annuler le reçu n° {receipt.number}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AnnualReceiptForm
        year={year}
        donors={donors}
        onIssued={(receipt) => {
          setNotice(`Reçu annuel n° ${receipt.number} établi pour ${receipt.donorName} (${formatEuros(receipt.amount)}).`);
          load();
        }}
      />
      {cancelling && (
        <CancelDialog
          receipt={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={(receipt) => {
            setCancelling(null);
            setNotice(`Reçu n° ${receipt.number} annulé : il reste dans la liste, marqué « Annulé », et son numéro n'est pas réutilisé.`);
            load();
          }}
        />
      )}
    </section>
  );
}

/** One receipt for all of a donor's gifts of the year that no receipt states yet. */
function AnnualReceiptForm({ year, donors, onIssued }: { year: number; donors: Donor[]; onIssued: (receipt: TaxReceipt) => void }) {
  const id = useId();
  const [donorId, setDonorId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!donorId) return setError('Choisissez le donateur.');
    setError(null);
    try {
      const { receipt } = await accountingApi.issueReceipt({ kind: 'annual', donorId: Number(donorId), year });
      setDonorId('');
      onIssued(receipt);
    } catch (failure) {
      setError(failureText("Le reçu n'a pas été établi", failure));
    }
  };

  return (
    <form className="k-card acc-card k-form k-form--narrow" onSubmit={handleSubmit} noValidate aria-labelledby="annual-title">
      <h2 id="annual-title">Reçu annuel {year}</h2>
      <p className="k-muted">Un seul reçu pour tous les dons de {year} du donateur qui n'ont pas encore de reçu.</p>
      <Field label="Donateur" htmlFor={id}>
        <select id={id} className="k-select" value={donorId} onChange={(e) => setDonorId(e.target.value)}>
          <option value="">— Choisir —</option>
          {donors.map((donor) => (
            <option key={donor.id} value={donor.id}>
              {donorLabel(donor)}
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit">Établir le reçu annuel</Button>
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}

/** Cancels a receipt after asking why: it keeps its number and is printed « ANNULÉ ». */
function CancelDialog({
  receipt,
  onClose,
  onCancelled,
}: {
  receipt: TaxReceipt;
  onClose: () => void;
  onCancelled: (r: TaxReceipt) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = async () => {
    if (!reason.trim()) return setError("Indiquez la raison de l'annulation.");
    try {
      const { receipt: cancelled } = await accountingApi.cancelReceipt(receipt.id, { reason: reason.trim() });
      onCancelled(cancelled);
    } catch (failure) {
      setError(failureText("Le reçu n'a pas été annulé", failure));
    }
  };

  return (
    <Modal
      title={`Annuler le reçu n° ${receipt.number}`}
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" onClick={() => void handleConfirm()}>
            Annuler le reçu
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Garder le reçu
          </Button>
        </>
      }
    >
      <p>
        Le reçu reste dans la liste avec son numéro, marqué « Annulé ». Les dons qu'il mentionnait pourront recevoir un nouveau reçu, sous
        un nouveau numéro.
      </p>
      <Field label="Raison de l'annulation" htmlFor={id}>
        <TextInput id={id} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {error && <ErrorLine>{error}</ErrorLine>}
    </Modal>
  );
}
