import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, Banner, Button, ErrorLine, formatDate, saveFile, Spinner, TextInput, useResource } from '@kermesse/ui-kit';
import { stockApi, type ImportResult } from '../api/stockApi';
import { EventChooser } from '../components/EventChooser';
import { serverMessage } from '../components/messages';
import { isCsvFile } from './csvFile';
import { FileField } from '../components/FileField';

export const NO_FILE = 'Veuillez sélectionner un fichier à importer';
export const NOT_CSV = 'Veuillez sélectionner un fichier CSV valide';
export const IMPORT_FAILED = "Erreur lors de l'importation";
export const TEMPLATE_FAILED = 'Erreur lors du téléchargement du modèle';

/** docs/spec.md §9: « Inventaire du {dd/mm/yyyy} », today. */
export const defaultNote = (today = new Date()) => `Inventaire du ${formatDate(today)}`;

/**
 * docs/spec.md §2/§4 stock movement importer: a CSV file, a note, test mode on by default; the real import
 * is offered only after a test of the same file without errors. The result lists every change.
 */
export function InventoryImportPage() {
  const [params, setParams] = useSearchParams();
  const requestedEvent = Number(params.get('evenement')) || null;
  const loaded = useResource(() => stockApi.getStocks(requestedEvent), [requestedEvent], { keepPreviousData: true });
  const stocks = loaded.data ?? null;
  const loadError = loaded.error ? (loaded.error instanceof Error ? loaded.error.message : String(loaded.error)) : null;
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState(defaultNote);
  const [testMode, setTestMode] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The file whose last test had no error: only it may be imported for real. */
  const [testedFile, setTestedFile] = useState<File | null>(null);
  const ids = { note: useId(), test: useId() };

  const event = stocks?.event ?? null;
  const realImportAllowed = !testMode && file !== null && testedFile === file;

  const handleFileChange = (chosen: File | null) => {
    setFile(chosen);
    setTestedFile(null);
    setResult(null);
    setError(null);
  };

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError(NO_FILE);
    if (!isCsvFile(file)) return setError(NOT_CSV);
    if (!event) return;
    if (!testMode && !realImportAllowed) return;
    setBusy(true);
    try {
      const answer = await stockApi.importInventory(file, note.trim(), testMode, event.id);
      setResult(answer);
      if (testMode) {
        setTestedFile(answer.errors.length === 0 ? file : null);
      } else {
        // Imported: importing the same file again needs a new test.
        setTestedFile(null);
        setTestMode(true);
      }
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as Partial<ImportResult> | undefined) : undefined;
      if (body && Array.isArray(body.errors)) setResult(body as ImportResult);
      setTestedFile(null);
      setError(serverMessage(failure, IMPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const handleTemplate = async () => {
    if (!event) return;
    setError(null);
    try {
      saveFile(await stockApi.downloadTemplate(event.id));
    } catch {
      setError(TEMPLATE_FAILED);
    }
  };

  if (loadError) return <ErrorLine>Erreur: {loadError}</ErrorLine>;
  if (!stocks) return <Spinner />;

  return (
    <section className="k-page" aria-labelledby="import-title">
      <header className="k-page-header stk-header">
        <div>
          <h1 id="import-title">Import d'inventaire</h1>
          {event && <p className="k-muted">{event.name}</p>}
        </div>
        <Button variant="secondary" onClick={handleTemplate} disabled={!event}>
          Télécharger le modèle
        </Button>
      </header>
      <EventChooser events={stocks.events} value={event?.id ?? null} onChange={(id) => setParams(id ? { evenement: String(id) } : {})} />
      {!event ? (
        <p className="k-card k-empty">Aucune donnée de stock disponible.</p>
      ) : (
        <form className="k-card k-form k-form--narrow" onSubmit={handleSubmit} noValidate>
          <p className="k-muted">
            Remplissez la colonne « nouveau_stock » du modèle avec les quantités comptées, puis lancez un test : rien n'est modifié tant que
            le mode test est coché.
          </p>
          <FileField label="Fichier CSV" onChange={handleFileChange} />
          <div className="k-field">
            <label className="k-field__label" htmlFor={ids.note}>
              Note
            </label>
            <TextInput id={ids.note} name="global_note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <label className="k-check" htmlFor={ids.test}>
            <input id={ids.test} type="checkbox" checked={testMode} onChange={(e) => setTestMode(e.target.checked)} />
            Mode test (aucune modification enregistrée)
          </label>
          {error && <ErrorLine id="import-error">{error}</ErrorLine>}
          <div className="k-actions k-actions--roomy">
            <Button type="submit" disabled={busy || (!testMode && !realImportAllowed)}>
              {testMode ? "Tester l'import" : 'Importer'}
            </Button>
            {!testMode && !realImportAllowed && (
              <span className="k-muted">L'import réel est possible après un test sans erreur de ce fichier.</span>
            )}
          </div>
          {busy && <Spinner label="Import en cours…" />}
        </form>
      )}
      {result && <ImportResultView result={result} />}
    </section>
  );
}

function ImportResultView({ result }: { result: ImportResult }) {
  const ok = result.errors.length === 0;
  return (
    <section className="k-card stk-result" aria-labelledby="result-title" id="import-result">
      <h2 id="result-title">Résultat {result.status === 'dry-run' ? 'du test' : "de l'import"}</h2>
      {ok && (
        <Banner tone="success">
          {result.status === 'dry-run'
            ? 'Test réussi : aucune erreur. Décochez le mode test pour importer.'
            : 'Import effectué : le stock est à jour.'}
        </Banner>
      )}
      <dl className="k-stats">
        <div>
          <dt>Produits concernés</dt>
          <dd>{result.products_affected}</dd>
        </div>
        <div>
          <dt>Produits mis à jour</dt>
          <dd>{result.products_updated}</dd>
        </div>
        <div>
          <dt>Erreurs</dt>
          <dd>{result.errors.length}</dd>
        </div>
      </dl>
      {!ok && (
        <ul className="k-errors" aria-label="Erreurs">
          {result.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {result.movements.length > 0 && (
        <table className="k-table stk-table">
          <thead>
            <tr>
              <th scope="col" className="k-num">
                Ligne
              </th>
              <th scope="col">Produit</th>
              <th scope="col" className="k-num">
                Stock actuel
              </th>
              <th scope="col" className="k-num">
                Nouveau stock
              </th>
              <th scope="col" className="k-num">
                Variation
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {result.movements.map((m) => (
              <tr key={m.product_id}>
                <td className="k-num">{m.line}</td>
                <th scope="row">{m.product_name}</th>
                <td className="k-num">{m.current_stock}</td>
                <td className="k-num">{m.new_stock}</td>
                <td className={m.variation < 0 ? 'k-num stk-minus' : 'k-num stk-plus'}>
                  {m.variation > 0 ? `+${m.variation}` : m.variation}
                </td>
                <td>{m.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ok && result.movements.length === 0 && <p className="k-muted">Aucun écart : les quantités comptées sont celles du stock.</p>}
    </section>
  );
}
