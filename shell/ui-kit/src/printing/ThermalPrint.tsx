/**
 * « Imprimer sur le ticket »: prints documents of a page other than the register (the loto's
 * cartons, the pre-sold tickets) on a thermal printer of this device, through the same print queue
 * and encoder as the register (docs/printing.md §4). Shows nothing on a device without printers,
 * where the browser's print dialog stays the way to print.
 */
import { useId, useState } from 'react';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import type { PrintDocument } from './documents';
import { devicePrinters, type DevicePrinter } from './printers';
import { usePrintQueue } from './usePrintQueue';

export interface ThermalPrintProps {
  /** The documents to print, built when the button is pressed. */
  documents: () => PrintDocument[];
  /** What the button says: « Imprimer sur le ticket ». */
  label?: string;
  disabled?: boolean;
}

const keyOf = (entry: DevicePrinter) => `${entry.checkoutId}:${entry.printer.id}`;

export function ThermalPrint(props: ThermalPrintProps) {
  const [printers] = useState(() => devicePrinters());
  const [chosen, setChosen] = useState(() => (printers[0] ? keyOf(printers[0]) : ''));
  const target = printers.find((entry) => keyOf(entry) === chosen) ?? printers[0];
  if (!target) return null;
  return <ThermalPrintTo {...props} printers={printers} target={target} onChoose={setChosen} />;
}

function ThermalPrintTo({
  documents,
  label = 'Imprimer sur le ticket',
  disabled,
  printers,
  target,
  onChoose,
}: ThermalPrintProps & { printers: DevicePrinter[]; target: DevicePrinter; onChoose: (key: string) => void }) {
  const id = useId();
  const { queue, jobs } = usePrintQueue(target.checkoutId);
  const [sent, setSent] = useState<string[]>([]);
  const mine = jobs.filter((job) => sent.includes(job.id));
  const failed = mine.filter((job) => job.status === 'echec');
  const waiting = mine.filter((job) => job.status === 'attente' || job.status === 'envoi');
  const several = new Set(printers.map((entry) => entry.checkoutId)).size > 1;

  const handlePrint = async () => {
    const docs = documents();
    if (docs.length === 0) return;
    const added = await queue.enqueue(docs.map((document) => ({ printerId: target.printer.id, document })));
    setSent(added.map((job) => job.id));
  };

  return (
    <div className="k-thermal-print">
      {printers.length > 1 && (
        <select
          id={id}
          className="k-select"
          aria-label="Imprimante thermique"
          value={keyOf(target)}
          onChange={(event) => onChoose(event.target.value)}
        >
          {printers.map((entry) => (
            <option key={keyOf(entry)} value={keyOf(entry)}>
              {entry.printer.name} ({entry.printer.widthMm} mm{several ? `, caisse n° ${entry.checkoutId}` : ''})
            </option>
          ))}
        </select>
      )}
      <Button variant="secondary" disabled={disabled} onClick={() => void handlePrint()}>
        {printers.length > 1 ? label : `${label} (${target.printer.name})`}
      </Button>
      {mine.length > 0 && waiting.length > 0 && <p role="status">Impression en cours sur « {target.printer.name} »…</p>}
      {mine.length > 0 && waiting.length === 0 && failed.length === 0 && <p role="status">Imprimé sur « {target.printer.name} ».</p>}
      {failed.map((job) => (
        <div key={job.id}>
          <ErrorLine>
            {job.title} : {job.error}
          </ErrorLine>
          <Button variant="ghost" onClick={() => void queue.retry(job.id)}>
            Réessayer
          </Button>
        </div>
      ))}
    </div>
  );
}
