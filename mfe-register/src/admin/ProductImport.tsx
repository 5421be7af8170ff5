import { useState } from 'react';
import { Banner, Button, ErrorLine, Field, formatEuros } from '@kermesse/ui-kit';
import { PRODUCT_CSV_MODEL } from '@kermesse/contracts-register/rules';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import { importErrors, type ProductImportResult } from './api/backOfficeApi';
import { messageOf } from './useLoad';

/** Products from a spreadsheet: a dry run first, then the import, all or nothing. */
export function ProductImport({ eventId, onImported }: { eventId: number; onImported: () => void }) {
  const api = useBackOfficeApi();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (dryRun: boolean) => {
    if (!file) return setError('Veuillez sélectionner un fichier CSV valide');
    setBusy(true);
    setDone(null);
    try {
      const answer = await api.importProducts(eventId, file, dryRun);
      setResult(answer);
      setErrors(answer.errors);
      setError(null);
      if (!dryRun) {
        setDone(`Import terminé : ${answer.created} produit(s) créé(s), ${answer.updated} mis à jour.`);
        setResult(null);
        onImported();
      }
    } catch (err) {
      setErrors(importErrors(err));
      setError(messageOf(err));
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  const modelHref = `data:text/csv;charset=utf-8,${encodeURIComponent(PRODUCT_CSV_MODEL)}`;
  const canImport = result?.status === 'dry-run' && result.errors.length === 0 && !busy;

  return (
    <div className="k-card bo-card">
      <h2>Import de produits (CSV)</h2>
      <p className="bo-muted">
        Colonnes : nom ; prix ; categorie ; click_and_collect ; alcool ; actif ; caisses (séparées par |). Séparateur « ; » ou « , », prix
        avec virgule.{' '}
        <a href={modelHref} download="modele-produits.csv">
          Télécharger le modèle
        </a>
      </p>
      <Field label="Fichier CSV" htmlFor="import-file">
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setResult(null);
            setErrors([]);
            setError(null);
          }}
        />
      </Field>
      <div className="k-actions">
        <Button variant="secondary" onClick={() => void run(true)} disabled={busy}>
          Tester le fichier
        </Button>
        <Button onClick={() => void run(false)} disabled={!canImport}>
          Importer
        </Button>
      </div>
      {done && <Banner tone="success">{done}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {errors.length > 0 && (
        <ul className="k-errors" aria-label="Lignes à corriger">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {result && (
        <div>
          <p>
            {result.errors.length
              ? "Corrigez les lignes signalées puis testez à nouveau : rien ne sera enregistré tant qu'une ligne est en erreur."
              : `Test réussi : ${result.created} produit(s) à créer, ${result.updated} à mettre à jour${result.categoriesCreated.length ? `, catégorie(s) nouvelle(s) : ${result.categoriesCreated.join(', ')}` : ''}.`}
          </p>
          <ul className="bo-names">
            {result.lines.map((l) => (
              <li key={l.line}>
                Ligne {l.line} : {l.name} — {formatEuros(l.price)} — {l.category} ({l.action === 'create' ? 'nouveau' : 'mis à jour'})
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
