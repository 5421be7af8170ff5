import { useState } from 'react';
import { Button, ErrorLine } from '@kermesse/ui-kit';
import { downloadFile } from '../api/accountingApi';
import { failureText } from './messages';

/** « Télécharger le CSV » and « Imprimer » above a report (hidden on paper). */
export function ReportActions({ csvPath, extra }: { csvPath?: string; extra?: React.ReactNode }) {
  const [error, setError] = useState<string | null>(null);
  const handleDownload = async () => {
    if (!csvPath) return;
    setError(null);
    try {
      await downloadFile(csvPath);
    } catch (failure) {
      setError(failureText('Erreur lors du téléchargement', failure));
    }
  };
  return (
    <div className="k-actions k-no-print">
      {csvPath && (
        <Button variant="secondary" onClick={handleDownload}>
          Télécharger le CSV
        </Button>
      )}
      <Button variant="secondary" onClick={() => window.print()}>
        Imprimer
      </Button>
      {extra}
      {error && <ErrorLine>{error}</ErrorLine>}
    </div>
  );
}
