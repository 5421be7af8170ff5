import { useId, useState, type FormEvent } from 'react';
import { Button, ErrorLine, Modal, TextInput } from '@kermesse/ui-kit';
import { ACCOUNTING_MESSAGES, type TrialBalance } from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { currentYear, failureText } from '../components/messages';
import { readCsvFile } from './decodeFile';

/**
 * docs/spec.md §2 the trial balance's add/edit modal: financial_year and data_csv_raw required, id read-only.
 * The CSV can be pasted or read from a file (UTF-8 or Windows-1252).
 */
export function TrialBalanceModal({
  trialBalance,
  onClose,
  onSaved,
}: {
  trialBalance: TrialBalance | null;
  onClose: () => void;
  onSaved: (saved: TrialBalance) => void;
}) {
  const ids = { id: useId(), year: useId(), csv: useId(), file: useId(), locked: useId(), forecast: useId() };
  const [year, setYear] = useState(String(trialBalance?.financial_year ?? currentYear() - 1));
  const [csv, setCsv] = useState(trialBalance?.data_csv_raw ?? '');
  const [locked, setLocked] = useState(trialBalance?.locked ?? false);
  const [forecast, setForecast] = useState(trialBalance?.forecast ?? false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await readCsvFile(file));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const financialYear = Number(year.trim());
    if (!year.trim() || !Number.isInteger(financialYear)) return setError("L'exercice est obligatoire : une année, par exemple 2025.");
    if (!csv.trim()) return setError('Les données CSV sont obligatoires : collez la balance ou choisissez son fichier.');
    setSaving(true);
    setError(null);
    try {
      const body = { financial_year: financialYear, data_csv_raw: csv, locked, forecast };
      const answer = trialBalance
        ? await accountingApi.updateTrialBalance(trialBalance.id, { id: trialBalance.id, ...body })
        : await accountingApi.createTrialBalance(body);
      onSaved(answer.trialBalance);
    } catch (failure) {
      setError(failureText(ACCOUNTING_MESSAGES.SAVE_FAILED, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={trialBalance ? `Modifier la balance n°${trialBalance.id}` : 'Ajouter une balance'}
      onClose={onClose}
      size="wide"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form="trial-balance-form" disabled={saving}>
            Enregistrer
          </Button>
        </>
      }
    >
      <form id="trial-balance-form" className="k-form" onSubmit={handleSubmit} noValidate>
        {trialBalance && (
          <div className="k-field">
            <label className="k-field__label" htmlFor={ids.id}>
              Identifiant
            </label>
            <TextInput id={ids.id} value={trialBalance.id} readOnly />
          </div>
        )}
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.year}>
            Exercice
          </label>
          <TextInput
            id={ids.year}
            name="financial_year"
            inputMode="numeric"
            required
            value={year}
            onChange={(e) => setYear(e.target.value)}
          />
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor={ids.csv}>
            Données CSV
          </label>
          <textarea
            id={ids.csv}
            name="data_csv_raw"
            className="k-input acc-csv"
            required
            rows={10}
            spellCheck={false}
            placeholder={'Compte;Libellé;Débit;Crédit\n530;Caisse;1 234,56;0'}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
          />
          <p className="k-hint">
            Collez la « Balance générale » exportée de Paheko ou d'un tableur (séparateur ; , ou tabulation, virgule ou point décimal), ou
            choisissez le fichier :
          </p>
          <input
            id={ids.file}
            type="file"
            accept=".csv,.txt,text/csv"
            aria-label="Choisir un fichier CSV"
            onChange={(e) => handleFile(e.target.files?.[0])}
          />
        </div>
        <label className="k-check" htmlFor={ids.forecast}>
          <input id={ids.forecast} type="checkbox" checked={forecast} onChange={(e) => setForecast(e.target.checked)} />
          Budget prévisionnel (lu par le Prévisionnel de l'exercice, jamais par le Bilan)
        </label>
        <label className="k-check" htmlFor={ids.locked}>
          <input id={ids.locked} type="checkbox" checked={locked} onChange={(e) => setLocked(e.target.checked)} />
          Verrouillée (plus aucune modification, import ni suppression)
        </label>
        {error && <ErrorLine>{error}</ErrorLine>}
      </form>
    </Modal>
  );
}
