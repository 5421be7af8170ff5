import { useEffect, useState } from 'react';
import { Button, ErrorLine, Modal, formatEuros } from '@kermesse/ui-kit';
import { printHtml } from '../register/print';
import { zReportDocument } from '../printing/documents';
import { loadPrinterSettings, printerById, printQueueFor } from '@kermesse/ui-kit/printing';
import type { Closing, TillApi } from './tillApi';

const signed = (euros: number) => (euros > 0 ? `+${formatEuros(euros)}` : formatEuros(euros));
const MODES = [
  ['cash', 'Espèces'],
  ['cheque', 'Chèques'],
  ['card', 'Carte bancaire'],
] as const;

/** The closing recorded: expected, counted and differences, the Z report shown and printable, the cheque slip. */
export function ClosingDone({
  api,
  closing,
  checkoutId,
  onDone,
}: {
  api: TillApi;
  closing: Closing;
  checkoutId?: number;
  onDone: () => void;
}) {
  const [report, setReport] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const settings = checkoutId === undefined ? null : loadPrinterSettings(checkoutId);
  const receiptPrinter = settings ? printerById(settings, settings.receiptPrinterId) : undefined;

  // The Z report on the register's receipt printer, through its print queue (docs/printing.md §4).
  const handleThermalZ = () => {
    if (checkoutId === undefined || !receiptPrinter) return;
    void printQueueFor(checkoutId).enqueue([{ printerId: receiptPrinter.id, document: zReportDocument(closing) }]);
    setNotice(`Rapport Z envoyé à l’imprimante « ${receiptPrinter.name} ».`);
  };

  useEffect(() => {
    let live = true;
    api.report(closing.sessionId).then(
      (html) => live && setReport(html),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [api, closing.sessionId]);

  const print = async (load: () => Promise<string>) => {
    try {
      const message = printHtml(await load());
      if (message) setError(message);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Modal
      title="Caisse clôturée"
      onClose={onDone}
      size="wide"
      actions={
        <>
          {receiptPrinter ? (
            <Button variant="secondary" onClick={handleThermalZ}>
              Imprimer le rapport Z
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void print(() => api.report(closing.sessionId, '80mm'))}>
              Imprimer le rapport Z
            </Button>
          )}
          <Button variant="secondary" onClick={() => void print(() => api.report(closing.sessionId, 'a4'))}>
            Rapport Z en A4
          </Button>
          <Button variant="secondary" onClick={() => void print(() => api.chequeSlip(closing.sessionId))}>
            Bordereau de remise de chèques
          </Button>
          <Button onClick={onDone}>Terminer</Button>
        </>
      }
    >
      <table className="till-result">
        <thead>
          <tr>
            <th scope="col">Mode</th>
            <th scope="col">Attendu</th>
            <th scope="col">Compté</th>
            <th scope="col">Écart</th>
          </tr>
        </thead>
        <tbody>
          {MODES.map(([mode, label]) => (
            <tr key={mode}>
              <th scope="row">{label}</th>
              <td>{formatEuros(closing.expected[mode])}</td>
              <td>{formatEuros(closing.counted[mode])}</td>
              <td className={closing.difference[mode] ? 'till-gap' : 'till-ok'}>{signed(closing.difference[mode])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {closing.reason && <p className="till-help">Raison : {closing.reason}</p>}
      <p className="till-help">
        Grand total de la période : <strong>{formatEuros(closing.grandTotal)}</strong> · journal n° {closing.journal.seq}
      </p>
      {error && <ErrorLine>{error}</ErrorLine>}
      {notice && (
        <p className="till-help" role="status">
          {notice}
        </p>
      )}
      {report && <iframe className="till-report" title="Rapport de clôture" srcDoc={report} sandbox="" />}
    </Modal>
  );
}
