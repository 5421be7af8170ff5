import { useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, formatDate, formatEuros, MoneyInput, Spinner } from '@kermesse/ui-kit';
import { parseEuros, toCents } from '@kermesse/contracts-common';
import {
  DEPOSIT_SOURCE_LABELS,
  type BankImportAnswer,
  type BankLine,
  type BookEntry,
  type DepositSource,
  type Reconciliation,
} from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { currentYear, failureText } from '../components/messages';
import { YearPicker } from '../components/YearPicker';

/** A file's bytes in base64: the service reads its encoding (UTF-8 or ISO 8859-1) itself. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
/** « 2026-05 » → « mai 2026 ». */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
const importSummary = (answer: BankImportAnswer) =>
  `${plural(answer.lines, 'opération nouvelle', 'opérations nouvelles')}` +
  (answer.alreadyImported > 0 ? `, ${plural(answer.alreadyImported, 'déjà importée', 'déjà importées')}` : '') +
  (answer.from && answer.to ? ` (du ${formatDate(answer.from)} au ${formatDate(answer.to)})` : '');

/**
 * « Rapprochement bancaire »: the year's statement lines beside the bank account of the books (512),
 * each line matched to its entry or offered the entries of the same amount within five days; the
 * balances per the bank and per the books and what stays unmatched on both sides (docs/bank.md).
 */
export function BankPage() {
  const [year, setYear] = useState(currentYear());
  const [data, setData] = useState<Reconciliation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    accountingApi.getReconciliation(year).then(
      (answer) => {
        setData(answer);
        setError(null);
      },
      (failure) => setError(failureText('Erreur lors de la récupération des données', failure)),
    );
  }, [year]);
  useEffect(load, [load]);

  const handleMatch = async (line: BankLine, entry: BookEntry) => {
    setNotice(null);
    try {
      await accountingApi.matchBankLine(line.id, entry.entryId);
      setNotice(`« ${line.label} » rapprochée de l'écriture ${entry.pieceRef}.`);
      load();
    } catch (failure) {
      setError(failureText("Le rapprochement n'a pas été enregistré", failure));
    }
  };

  const handleUnmatch = async (line: BankLine) => {
    setNotice(null);
    try {
      await accountingApi.unmatchBankLine(line.id);
      setNotice(`Rapprochement de « ${line.label} » annulé.`);
      load();
    } catch (failure) {
      setError(failureText("Le rapprochement n'a pas été annulé", failure));
    }
  };

  const handleDeposited = (message: string) => {
    setError(null);
    setNotice(message);
    load();
  };

  const gap = data ? (toCents(data.bankBalance) - toCents(data.booksBalance)) / 100 : 0;
  const unmatchedLines = data ? data.lines.filter((line) => !line.matched).length : 0;
  return (
    <section className="k-page acc-page" aria-labelledby="bank-title">
      <header className="k-page-header acc-header">
        <h1 id="bank-title">Rapprochement bancaire</h1>
        <YearPicker years={[currentYear(), currentYear() - 1]} value={year} onChange={setYear} />
      </header>
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!data ? (
        !error && <Spinner />
      ) : (
        <>
          <dl className="k-stats" aria-label={`Soldes ${year}`}>
            <div>
              <dt>Selon la banque</dt>
              <dd>{formatEuros(data.bankBalance)}</dd>
            </div>
            <div>
              <dt>Selon les livres (512)</dt>
              <dd>{formatEuros(data.booksBalance)}</dd>
            </div>
            <div>
              <dt>Écart</dt>
              <dd>{formatEuros(gap)}</dd>
            </div>
            <div>
              <dt>À rapprocher</dt>
              <dd className="k-stats__small">
                {plural(unmatchedLines, 'ligne du relevé', 'lignes du relevé')},{' '}
                {plural(data.unmatchedEntries.length, 'écriture', 'écritures')}
              </dd>
            </div>
          </dl>
          {data.yearLocked && <p className="k-notice">L'exercice {year} est clôturé : ses rapprochements ne peuvent plus changer.</p>}
          <div className="k-table-wrap">
            <table className="k-table k-table--stack acc-table" id="bank-lines">
              <caption>Relevé bancaire {year}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Libellé</th>
                  <th scope="col" className="k-num">
                    Montant
                  </th>
                  <th scope="col">Écriture</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.length === 0 && (
                  <tr>
                    <td colSpan={4} className="k-muted">
                      Aucun relevé importé pour {year}.
                    </td>
                  </tr>
                )}
                {data.lines.map((line) => (
                  <tr key={line.id}>
                    <td>{formatDate(line.date)}</td>
                    <td>{line.label}</td>
                    <td className="k-num">{formatEuros(line.amount)}</td>
                    <td className="k-table__actions">
                      {line.matched ? (
                        <>
                          <span className="k-badge">Rapprochée : {line.matched.pieceRef}</span>{' '}
                          <Button
                            variant="secondary"
                            disabled={data.yearLocked}
                            onClick={() => void handleUnmatch(line)}
                            aria-label={`Annuler le rapprochement de ${line.label} du ${formatDate(line.date)}`}
                          >
                            Annuler
                          </Button>
                        </>
                      ) : line.proposals.length === 0 ? (
                        <>
                          <span className="k-muted">Aucune écriture du même montant à 5 jours près</span>
                          {line.amount > 0 && !data.yearLocked && <DepositForm line={line} onDone={handleDeposited} />}
                        </>
                      ) : (
                        line.proposals.map((entry) => (
                          <Button
                            key={entry.entryId}
                            variant="secondary"
                            disabled={data.yearLocked}
                            onClick={() => void handleMatch(line, entry)}
                            aria-label={`Rapprocher ${entry.pieceRef} du ${formatDate(entry.date)} : ${line.label}`}
                          >
                            Rapprocher {entry.pieceRef} du {formatDate(entry.date)}
                          </Button>
                        ))
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="k-table-wrap">
            <table className="k-table k-table--stack acc-table" id="bank-unmatched-entries">
              <caption>Écritures du compte 512 sans ligne du relevé</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Pièce</th>
                  <th scope="col">Libellé</th>
                  <th scope="col" className="k-num">
                    Montant
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.unmatchedEntries.length === 0 && (
                  <tr>
                    <td colSpan={4} className="k-muted">
                      Toutes les écritures du compte 512 sont rapprochées.
                    </td>
                  </tr>
                )}
                {data.unmatchedEntries.map((entry) => (
                  <tr key={entry.entryId}>
                    <td>{formatDate(entry.date)}</td>
                    <td>{entry.pieceRef}</td>
                    <td>{entry.label}</td>
                    <td className="k-num">{formatEuros(entry.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.months.length > 0 && (
            <div className="k-table-wrap">
              <table className="k-table k-table--stack acc-table" id="bank-months">
                <caption>Rapprochement mois par mois</caption>
                <thead>
                  <tr>
                    <th scope="col">Mois</th>
                    <th scope="col" className="k-num">
                      Banque
                    </th>
                    <th scope="col" className="k-num">
                      Livres (512)
                    </th>
                    <th scope="col">Reste à rapprocher</th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((month) => (
                    <tr key={month.month}>
                      <td>{monthLabel(month.month)}</td>
                      <td className="k-num">{formatEuros(month.bank)}</td>
                      <td className="k-num">{formatEuros(month.books)}</td>
                      <td>
                        {month.unmatchedLines + month.unmatchedEntries === 0
                          ? 'Tout est rapproché'
                          : `${plural(month.unmatchedLines, 'ligne', 'lignes')}, ${plural(month.unmatchedEntries, 'écriture', 'écritures')}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <BankImportCard onImported={load} />
        </>
      )}
    </section>
  );
}

const SOURCES = Object.keys(DEPOSIT_SOURCE_LABELS) as DepositSource[];

/**
 * « Écrire la remise »: a credit of the statement the books have no entry for (the fair's cash, a
 * cheque slip, a card payout) written as a deposit and matched to its line at once (docs/bank.md §2).
 */
function DepositForm({ line, onDone }: { line: BankLine; onDone: (message: string) => void }) {
  const ids = { source: useId(), fees: useId() };
  const [source, setSource] = useState<DepositSource>('CHQ');
  const [fees, setFees] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (fees.trim() && (parseEuros(fees) === null || parseEuros(fees)! < 0))
      return setError('Les frais doivent être un montant en euros, par exemple 3,50.');
    setError(null);
    try {
      const { entry } = await accountingApi.recordDeposit({
        date: line.date,
        source,
        amount: line.amount,
        ...(fees.trim() ? { fees: fees.trim() } : {}),
        lineId: line.id,
      });
      onDone(`Écriture ${entry.pieceRef} (${DEPOSIT_SOURCE_LABELS[source].toLowerCase()}) enregistrée et rapprochée de « ${line.label} ».`);
    } catch (failure) {
      setError(failureText("La remise n'a pas été écrite", failure));
    }
  };

  return (
    <details className="acc-deposit">
      <summary>Écrire la remise</summary>
      <form
        className="k-form"
        onSubmit={(e) => void handleSubmit(e)}
        noValidate
        aria-label={`Remise de ${formatEuros(line.amount)} du ${formatDate(line.date)}`}
      >
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.source}>
            Nature
          </label>
          <select id={ids.source} className="k-select" value={source} onChange={(e) => setSource(e.target.value as DepositSource)}>
            {SOURCES.map((value) => (
              <option key={value} value={value}>
                {DEPOSIT_SOURCE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {source === 'CB' && (
          <div className="k-field">
            <label className="k-field__label" htmlFor={ids.fees}>
              Frais retenus (€)
            </label>
            <MoneyInput id={ids.fees} value={fees} onChange={(e) => setFees(e.target.value)} />
          </div>
        )}
        <Button type="submit">Écrire et rapprocher</Button>
        {error && <ErrorLine>{error}</ErrorLine>}
      </form>
    </details>
  );
}

/** « Importer un relevé »: CSV, OFX or CAMT.053, checked first; all of it or nothing, each movement kept once. */
function BankImportCard({ onImported }: { onImported: () => void }) {
  const id = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [checked, setChecked] = useState<BankImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setChecked(null);
    setNotice(null);
    setError(null);
    setFile(chosen ? { name: chosen.name, content: await fileToBase64(chosen) } : null);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return setError('Choisissez le fichier du relevé (CSV, OFX ou CAMT.053).');
    setError(null);
    setNotice(null);
    try {
      const answer = await accountingApi.importBankStatement({ fileName: file.name, content: file.content, dryRun });
      if (dryRun) return setChecked(answer);
      setChecked(null);
      setNotice(`Relevé importé : ${importSummary(answer)}.`);
      onImported();
    } catch (failure) {
      setChecked(null);
      setError(failureText(dryRun ? 'Le relevé a des erreurs' : "Erreur lors de l'import", failure));
    }
  };

  return (
    <section className="k-card acc-card k-form" aria-labelledby="bank-import-title">
      <h2 id="bank-import-title">Importer un relevé</h2>
      <p className="k-muted">
        Le fichier exporté depuis la banque : CSV (colonnes Date, Libellé, Montant ou Débit et Crédit), OFX ou CAMT.053 (XML). Une opération
        déjà importée n'est jamais ajoutée deux fois.
      </p>
      <div className="k-field">
        <label className="k-field__label" htmlFor={id}>
          Fichier du relevé
        </label>
        <div className="k-file">
          <input
            id={id}
            type="file"
            accept=".csv,.txt,.ofx,.xml,.sta,text/csv,text/xml,application/xml"
            className="k-file__input"
            onChange={(e) => void handleFile(e)}
          />
          <span className="k-button k-button--secondary k-file__button" aria-hidden="true">
            Choisir un fichier
          </span>
          <span className={file ? 'k-file__name' : 'k-file__name k-muted'}>{file?.name ?? 'Aucun fichier choisi'}</span>
        </div>
      </div>
      <div className="k-actions">
        <Button variant="secondary" onClick={() => void send(true)} disabled={!file}>
          Vérifier le relevé
        </Button>
        <Button onClick={() => void send(false)} disabled={!checked}>
          Importer
        </Button>
      </div>
      {checked && (
        <Banner tone="success">{`Relevé vérifié : ${importSummary(checked)}. Cliquez sur « Importer » pour l'enregistrer.`}</Banner>
      )}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </section>
  );
}
