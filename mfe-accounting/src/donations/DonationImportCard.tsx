import { useId, useState, type ChangeEvent } from 'react';
import { Banner, Button, ErrorLine } from '@kermesse/ui-kit';
import type { DonationImportAnswer } from '@kermesse/contracts-accounting';
import { accountingApi } from '../api/accountingApi';
import { failureText } from '../components/messages';
import { readCsvFile } from '../trialBalances/decodeFile';

const summary = (answer: DonationImportAnswer) =>
  `${answer.donations} don${answer.donations > 1 ? 's' : ''}, ${answer.donors} nouveau${answer.donors > 1 ? 'x' : ''} donateur${answer.donors > 1 ? 's' : ''}` +
  (answer.alreadyImported > 0
    ? `, ${answer.alreadyImported} ligne${answer.alreadyImported > 1 ? 's' : ''} déjà importée${answer.alreadyImported > 1 ? 's' : ''}`
    : '');

/**
 * « Importer des dons »: a CSV of gifts received outside the till (docs/tax-receipts.md §2), checked by a
 * test run first; the import writes all of it or nothing, and the same file twice writes nothing more.
 */
export function DonationImportCard({ onImported }: { onImported: () => void }) {
  const id = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [checked, setChecked] = useState<DonationImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setChecked(null);
    setNotice(null);
    setError(null);
    setFile(chosen ? { name: chosen.name, csv: await readCsvFile(chosen) } : null);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return setError('Choisissez le fichier CSV des dons.');
    setError(null);
    setNotice(null);
    try {
      const answer = await accountingApi.importDonations({ csv: file.csv, dryRun });
      if (dryRun) return setChecked(answer);
      setChecked(null);
      setNotice(`Import effectué : ${summary(answer)}.`);
      onImported();
    } catch (failure) {
      setChecked(null);
      setError(failureText(dryRun ? 'Le fichier a des erreurs' : "Erreur lors de l'import", failure));
    }
  };

  return (
    <section className="k-card acc-card k-form" aria-labelledby="donation-import-title">
      <h2 id="donation-import-title">Importer des dons</h2>
      <p className="k-muted">
        Un fichier CSV avec les colonnes Date, Montant, Mode (Espèces, Chèque, Carte, Virement), Nom, et si possible Prénom, Adresse, Code
        postal, Ville, E-mail, Type (Particulier ou Entreprise), SIREN, Contrepartie.
      </p>
      <div className="k-field">
        <label className="k-field__label" htmlFor={id}>
          Fichier CSV des dons
        </label>
        <div className="k-file">
          <input id={id} type="file" accept=".csv,.txt,text/csv" className="k-file__input" onChange={(e) => void handleFile(e)} />
          <span className="k-button k-button--secondary k-file__button" aria-hidden="true">
            Choisir un fichier
          </span>
          <span className={file ? 'k-file__name' : 'k-file__name k-muted'}>{file?.name ?? 'Aucun fichier choisi'}</span>
        </div>
      </div>
      <div className="k-actions">
        <Button variant="secondary" onClick={() => void send(true)} disabled={!file}>
          Vérifier le fichier
        </Button>
        <Button onClick={() => void send(false)} disabled={!checked}>
          Importer
        </Button>
      </div>
      {checked && <Banner tone="success">{`Fichier vérifié : ${summary(checked)}. Cliquez sur « Importer » pour les enregistrer.`}</Banner>}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
    </section>
  );
}
