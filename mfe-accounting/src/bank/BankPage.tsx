import { useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, Banner, Button, ErrorLine, formatDate, formatEuros, MoneyInput, Spinner } from '@kermesse/ui-kit';
import { parseEuros, toCents } from '@kermesse/contracts-common';
import {
  DEFAULT_BANK_ACCOUNT,
  DEPOSIT_SOURCE_LABELS,
  type BankAccount,
  type BankImportAnswer,
  type Cheque,
  type ChequeList,
  type ChequeSlip,
  type CsvLayout,
  type CsvLayoutChoices,
  type BankLine,
  type BookEntry,
  type DepositSource,
  type Reconciliation,
} from '@kermesse/contracts-accounting';
import { accountingApi, downloadFile, downloads } from '../api/accountingApi';
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
 * « Rapprochement bancaire »: the year's statement lines of a bank account (512 or a sub-account) beside its account in the books,
 * each line matched to its entry or offered the entries of the same amount within five days; the
 * balances per the bank and per the books and what stays unmatched on both sides (docs/bank.md).
 */
export function BankPage() {
  const [year, setYear] = useState(currentYear());
  const [account, setAccount] = useState(DEFAULT_BANK_ACCOUNT);
  const [data, setData] = useState<Reconciliation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    accountingApi.getReconciliation(year, account).then(
      (answer) => {
        setData(answer);
        setError(null);
      },
      (failure) => setError(failureText('Erreur lors de la récupération des données', failure)),
    );
  }, [year, account]);
  useEffect(load, [load]);

  const handleDownload = async () => {
    try {
      await downloadFile(downloads.reconciliation(year, account));
    } catch (failure) {
      setError(failureText("Le rapport n'a pas été téléchargé", failure));
    }
  };

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
        <div className="k-actions">
          <YearPicker years={[currentYear(), currentYear() - 1]} value={year} onChange={setYear} />
          <AccountPicker accounts={data?.accounts ?? []} value={account} onChange={setAccount} />
        </div>
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
              <dt>Selon les livres ({account})</dt>
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
              <caption>
                Relevé bancaire {year}
                {account === DEFAULT_BANK_ACCOUNT ? '' : ` — compte ${account}`}
              </caption>
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
              <caption>Écritures du compte {account} sans ligne du relevé</caption>
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
                      Toutes les écritures du compte {account} sont rapprochées.
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
                      Livres ({account})
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
              <div className="k-actions">
                <Button variant="secondary" onClick={() => void handleDownload()}>
                  Télécharger le rapport (CSV)
                </Button>
              </div>
            </div>
          )}
          <ChequeSlipCard account={account} onDone={load} />
          <SumUpPayoutsCard account={account} onDone={load} />
          <BankImportCard account={account} onImported={load} />
          <BankAccountsCard accounts={data.accounts} onSaved={load} />
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
function BankImportCard({ account, onImported }: { account: string; onImported: () => void }) {
  const id = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  // A CSV whose titles fit two layouts: the treasurer's choice, sent with the file and kept for the account.
  const [choices, setChoices] = useState<CsvLayoutChoices | null>(null);
  const [layout, setLayout] = useState<CsvLayout | null>(null);
  const [checked, setChecked] = useState<BankImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setChecked(null);
    setNotice(null);
    setError(null);
    setChoices(null);
    setLayout(null);
    setFile(chosen ? { name: chosen.name, content: await fileToBase64(chosen) } : null);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return setError('Choisissez le fichier du relevé (CSV, OFX ou CAMT.053).');
    setError(null);
    setNotice(null);
    try {
      const answer = await accountingApi.importBankStatement({
        fileName: file.name,
        content: file.content,
        dryRun,
        ...(account === DEFAULT_BANK_ACCOUNT ? {} : { account }),
        ...(layout ? { layout } : {}),
      });
      if (dryRun) return setChecked(answer);
      setChecked(null);
      setNotice(`Relevé importé : ${importSummary(answer)}.`);
      setChoices(null);
      setLayout(null);
      onImported();
    } catch (failure) {
      setChecked(null);
      const body = failure instanceof ApiError ? (failure.body as { code?: string; details?: CsvLayoutChoices } | undefined) : undefined;
      if (body?.code === 'BANK_LAYOUT_NEEDED' && body.details) {
        setChoices(body.details);
        setLayout(body.details.suggested);
        return setError(failure instanceof Error ? failure.message : null);
      }
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
      {choices && layout && <LayoutFields choices={choices} layout={layout} onChange={setLayout} />}
      {checked && (
        <Banner tone="success">{`Relevé vérifié : ${importSummary(checked)}. Cliquez sur « Importer » pour l'enregistrer.`}</Banner>
      )}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </section>
  );
}

/** The bank account reconciled: 512 and the sub-accounts the association added. */
function AccountPicker({ accounts, value, onChange }: { accounts: BankAccount[]; value: string; onChange: (account: string) => void }) {
  const id = useId();
  if (accounts.length < 2) return null;
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={id}>
        Compte bancaire
      </label>
      <select id={id} className="k-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {accounts.map((a) => (
          <option key={a.account} value={a.account}>
            {a.account} {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const LAYOUT_FIELDS: Array<{ key: keyof CsvLayout; label: string }> = [
  { key: 'date', label: 'Colonne de la date' },
  { key: 'label', label: 'Colonne du libellé' },
  { key: 'amount', label: 'Colonne du montant (signé)' },
  { key: 'debit', label: 'Colonne du débit' },
  { key: 'credit', label: 'Colonne du crédit' },
];

/** « Colonnes du relevé »: which title is the date, the label and the amount (or the debit and the credit). */
function LayoutFields({
  choices,
  layout,
  onChange,
}: {
  choices: CsvLayoutChoices;
  layout: CsvLayout;
  onChange: (layout: CsvLayout) => void;
}) {
  const id = useId();
  const signed = layout.amount !== undefined;
  const shown = LAYOUT_FIELDS.filter(({ key }) => (signed ? key !== 'debit' && key !== 'credit' : key !== 'amount'));
  const set = (key: keyof CsvLayout, title: string) => onChange({ ...layout, [key]: title });
  const setSigned = (wanted: boolean) =>
    onChange(
      wanted
        ? { date: layout.date, label: layout.label, amount: choices.choices.amount[0] ?? choices.titles[0]! }
        : {
            date: layout.date,
            label: layout.label,
            debit: choices.choices.debit[0] ?? choices.titles[0]!,
            credit: choices.choices.credit[0] ?? choices.titles[0]!,
          },
    );
  return (
    <fieldset className="acc-fieldset">
      <legend>Colonnes du relevé (gardées pour ce compte)</legend>
      <div className="k-field">
        <label className="k-field__label" htmlFor={`${id}-mode`}>
          Montants
        </label>
        <select
          id={`${id}-mode`}
          className="k-select"
          value={signed ? 'signed' : 'split'}
          onChange={(e) => setSigned(e.target.value === 'signed')}
        >
          <option value="signed">Une colonne de montant signé</option>
          <option value="split">Une colonne de débit et une de crédit</option>
        </select>
      </div>
      {shown.map(({ key, label }) => (
        <div className="k-field" key={key}>
          <label className="k-field__label" htmlFor={`${id}-${key}`}>
            {label}
          </label>
          <select id={`${id}-${key}`} className="k-select" value={layout[key] ?? ''} onChange={(e) => set(key, e.target.value)}>
            {choices.titles.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}

/** « Comptes bancaires »: 512 Banque and its sub-accounts (a savings account, a second bank), each with its name. */
function BankAccountsCard({ accounts, onSaved }: { accounts: BankAccount[]; onSaved: () => void }) {
  const ids = { account: useId(), name: useId() };
  const [account, setAccount] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!/^512\d{0,5}$/.test(account.trim())) return setError('Le numéro de compte commence par 512 (512, 5121, 5122…).');
    if (!name.trim()) return setError('Donnez un nom au compte (par exemple « Livret A »).');
    setError(null);
    try {
      await accountingApi.saveBankAccount({ account: account.trim(), name: name.trim() });
      setNotice(`Compte ${account.trim()} « ${name.trim()} » enregistré.`);
      setAccount('');
      setName('');
      onSaved();
    } catch (failure) {
      setError(failureText("Le compte n'a pas été enregistré", failure));
    }
  };

  return (
    <section className="k-card acc-card" aria-labelledby="bank-accounts-title">
      <h2 id="bank-accounts-title">Comptes bancaires</h2>
      <ul>
        {accounts.map((a) => (
          <li key={a.account}>
            {a.account} {a.name}
            {a.csvLayout && <span className="k-muted"> — colonnes CSV gardées</span>}
          </li>
        ))}
      </ul>
      <form className="k-form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Ajouter ou renommer un compte bancaire">
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.account}>
            Numéro de compte
          </label>
          <input id={ids.account} className="k-input" inputMode="numeric" value={account} onChange={(e) => setAccount(e.target.value)} />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.name}>
            Nom du compte
          </label>
          <input id={ids.name} className="k-input" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit">Enregistrer le compte</Button>
        {notice && <Banner tone="success">{notice}</Banner>}
        {error && <ErrorLine>{error}</ErrorLine>}
      </form>
    </section>
  );
}

const chequeKey = (c: Pick<Cheque, 'saleId' | 'index'>) => `${c.saleId}/${c.index}`;
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

/**
 * « Bordereau de remise de chèques »: the cheques the tills took that no slip holds yet, ticked to go
 * to the bank together; recording it writes « Remise de chèques » (debit the account, credit 5112) and
 * gives the slip's PDF to print and hand in with the cheques (docs/bank.md §2).
 */
function ChequeSlipCard({ account, onDone }: { account: string; onDone: () => void }) {
  const dateId = useId();
  const [list, setList] = useState<ChequeList | null>(null);
  const [slips, setSlips] = useState<ChequeSlip[]>([]);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    Promise.all([accountingApi.listCheques(), accountingApi.listChequeSlips()]).then(
      ([cheques, made]) => {
        setList(cheques);
        setTicked(new Set(cheques.cheques.map(chequeKey)));
        setSlips(made.items);
      },
      (failure) => setError(failureText('Erreur lors de la récupération des chèques', failure)),
    );
  }, []);
  useEffect(load, [load]);

  const chosen = list ? list.cheques.filter((c) => ticked.has(chequeKey(c))) : [];
  const totalCents = chosen.reduce((sum, c) => sum + toCents(c.amount), 0);
  const toggle = (cheque: Cheque) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(chequeKey(cheque))) next.delete(chequeKey(cheque));
      else next.add(chequeKey(cheque));
      return next;
    });

  const download = async (slip: ChequeSlip) => {
    try {
      await downloadFile(downloads.chequeSlip(slip.id));
    } catch (failure) {
      setError(failureText("Le bordereau n'a pas été téléchargé", failure));
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (chosen.length === 0) return setError('Cochez au moins un chèque à remettre.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError('Indiquez le jour de la remise.');
    setError(null);
    try {
      const slip = await accountingApi.makeChequeSlip({
        date,
        cheques: chosen.map((c) => ({ saleId: c.saleId, index: c.index })),
        ...(account === DEFAULT_BANK_ACCOUNT ? {} : { account }),
      });
      setNotice(`Bordereau ${slip.pieceRef} enregistré : ${plural(slip.count, 'chèque', 'chèques')}, ${formatEuros(slip.total)}.`);
      load();
      onDone();
    } catch (failure) {
      setError(failureText("Le bordereau n'a pas été enregistré", failure));
      load();
    }
  };

  return (
    <section className="k-card acc-card" aria-labelledby="cheque-slip-title">
      <h2 id="cheque-slip-title">Bordereau de remise de chèques</h2>
      {!list ? (
        !error && <Spinner />
      ) : (
        <form className="k-form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Bordereau de remise de chèques">
          {list.cheques.length === 0 ? (
            <p className="k-muted">Aucun chèque à remettre : ceux des caisses sont tous sur un bordereau.</p>
          ) : (
            <div className="k-table-wrap">
              <table className="k-table k-table--stack acc-table">
                <caption>Chèques à remettre</caption>
                <thead>
                  <tr>
                    <th scope="col">Remettre</th>
                    <th scope="col">N° du chèque</th>
                    <th scope="col">Vente</th>
                    <th scope="col">Fête</th>
                    <th scope="col" className="k-num">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.cheques.map((cheque) => (
                    <tr key={chequeKey(cheque)}>
                      <td>
                        <input
                          type="checkbox"
                          checked={ticked.has(chequeKey(cheque))}
                          onChange={() => toggle(cheque)}
                          aria-label={`Remettre le chèque ${cheque.number || 'sans numéro'} de ${formatEuros(cheque.amount)} (${cheque.saleReference})`}
                        />
                      </td>
                      <td>{cheque.number || '—'}</td>
                      <td>
                        {cheque.saleReference} du {formatDate(cheque.date)}
                      </td>
                      <td>{cheque.eventName}</td>
                      <td className="k-num">{formatEuros(cheque.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.cheques.length > 0 && (
            <>
              <p aria-live="polite">
                {plural(chosen.length, 'chèque coché', 'chèques cochés')}, total {formatEuros(totalCents / 100)}
              </p>
              <div className="k-field">
                <label className="k-field__label" htmlFor={dateId}>
                  Jour de la remise
                </label>
                <input id={dateId} type="date" className="k-input" value={date} onChange={(e) => setDate(e.target.value)} />
              </div>
              <Button type="submit">Enregistrer la remise</Button>
            </>
          )}
          {notice && <Banner tone="success">{notice}</Banner>}
          {error && <ErrorLine>{error}</ErrorLine>}
        </form>
      )}
      {slips.length > 0 && (
        <ul aria-label="Bordereaux enregistrés">
          {slips.map((slip) => (
            <li key={slip.id}>
              {slip.pieceRef} du {formatDate(slip.date)} — {plural(slip.count, 'chèque', 'chèques')}, {formatEuros(slip.total)}{' '}
              <Button
                variant="secondary"
                onClick={() => void download(slip)}
                aria-label={`Télécharger le bordereau ${slip.pieceRef} (PDF)`}
              >
                PDF
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * « Versements SumUp »: the card payouts of a period read from SumUp itself and booked (net to the
 * bank, fees to 627), each once; deductions and failed payouts listed for the treasurer.
 */
function SumUpPayoutsCard({ account, onDone }: { account: string; onDone: () => void }) {
  const ids = { from: useId(), to: useId() };
  const [from, setFrom] = useState(`${today().slice(0, 7)}-01`);
  const [to, setTo] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setSkipped([]);
    if (!from || !to) return setError('Indiquez le premier et le dernier jour à lire.');
    setError(null);
    try {
      const answer = await accountingApi.importSumUpPayouts({ from, to, ...(account === DEFAULT_BANK_ACCOUNT ? {} : { account }) });
      setNotice(
        `${plural(answer.payouts.length, 'versement écrit', 'versements écrits')}` +
          (answer.alreadyImported > 0 ? `, ${plural(answer.alreadyImported, 'déjà écrit', 'déjà écrits')}` : '') +
          '.',
      );
      setSkipped(answer.skipped.map((s) => `${formatDate(s.date)} — ${formatEuros(s.amount)} : ${s.reason}`));
      onDone();
    } catch (failure) {
      setError(failureText('Les versements SumUp n’ont pas été lus', failure));
    }
  };

  return (
    <section className="k-card acc-card" aria-labelledby="sumup-title">
      <h2 id="sumup-title">Versements SumUp</h2>
      <form className="k-form" onSubmit={(e) => void handleSubmit(e)} noValidate aria-label="Lire les versements SumUp">
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.from}>
            Du
          </label>
          <input id={ids.from} type="date" className="k-input" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.to}>
            Au
          </label>
          <input id={ids.to} type="date" className="k-input" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <Button type="submit">Lire les versements SumUp</Button>
        {notice && <Banner tone="success">{notice}</Banner>}
        {error && <ErrorLine>{error}</ErrorLine>}
        {skipped.length > 0 && (
          <ul aria-label="Non écrits">
            {skipped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </form>
    </section>
  );
}
