/**
 * « Impressions » (docs/printing.md §4, §5): this register's print jobs, newest first — a failed one
 * with its French reason, « Réessayer » and « Retirer »; a printed one with « Réimprimer » (a
 * « Duplicata ») — « Ouvrir le tiroir » for a till manager, and the printers' settings.
 */
import { useState } from 'react';
import { Button, ErrorLine, formatTime, Modal } from '@kermesse/ui-kit';
import type { ProductCategory } from '../cart/types';
import { defaultDrawerApi, type DrawerApi } from './drawerApi';
import {
  loadPrinterSettings,
  printerById,
  type PrinterSettings,
  type PrintJob,
  STATUS_LABELS,
  usePrintQueue,
} from '@kermesse/ui-kit/printing';
import { PrinterSettingsForm } from './PrinterSettingsForm';
import './printing.css';

export const DRAWER_OPENED_MESSAGE = 'Tiroir ouvert : l’ouverture est enregistrée à votre nom.';

function JobRow({
  job,
  settings,
  onRetry,
  onReprint,
  onDismiss,
}: {
  job: PrintJob;
  settings: PrinterSettings;
  onRetry: () => void;
  onReprint: () => void;
  onDismiss: () => void;
}) {
  const printer = printerById(settings, job.printerId);
  return (
    <li className={`prt-job prt-job--${job.status}`}>
      <div className="prt-job__head">
        <strong>{job.duplicate ? `${job.title} (duplicata)` : job.title}</strong>
        <span className={job.status === 'echec' ? 'k-badge k-badge--alert' : job.status === 'imprime' ? 'k-badge k-badge--on' : 'k-badge'}>
          {STATUS_LABELS[job.status]}
        </span>
      </div>
      <p className="reg-muted">
        {printer?.name ?? 'Imprimante supprimée'} · {formatTime(job.createdAt)}
      </p>
      {job.error && <ErrorLine>{job.error}</ErrorLine>}
      <div className="prt-job__actions">
        {job.status === 'echec' && (
          <>
            <Button variant="secondary" onClick={onRetry} aria-label={`Réessayer : ${job.title}`}>
              Réessayer
            </Button>
            <Button variant="ghost" onClick={onDismiss} aria-label={`Retirer : ${job.title}`}>
              Retirer
            </Button>
          </>
        )}
        {job.status === 'imprime' && job.document.kind !== 'drawer' && (
          <Button variant="ghost" onClick={onReprint} aria-label={`Réimprimer : ${job.title}`}>
            Réimprimer
          </Button>
        )}
      </div>
    </li>
  );
}

export function PrintingDialog({
  checkoutId,
  categories,
  onClose,
  drawerApi = defaultDrawerApi(),
}: {
  checkoutId: number;
  categories: readonly ProductCategory[];
  onClose: () => void;
  drawerApi?: DrawerApi;
}) {
  const { queue, jobs } = usePrintQueue(checkoutId);
  const [settings, setSettings] = useState(() => loadPrinterSettings(checkoutId));
  const [view, setView] = useState<'jobs' | 'settings'>(() => (settings.printers.length === 0 ? 'settings' : 'jobs'));
  const [drawer, setDrawer] = useState<{ ok: boolean; text: string } | null>(null);
  const [opening, setOpening] = useState(false);
  const drawerPrinter = settings.drawer ? printerById(settings, settings.receiptPrinterId) : undefined;

  const handleOpenDrawer = async () => {
    if (!drawerPrinter || opening) return;
    setOpening(true);
    setDrawer(null);
    try {
      // Logged first (who and when): a refusal opens nothing.
      await drawerApi.open(checkoutId);
      await queue.enqueue([{ printerId: drawerPrinter.id, document: { kind: 'drawer' } }]);
      setDrawer({ ok: true, text: DRAWER_OPENED_MESSAGE });
    } catch (error) {
      setDrawer({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setOpening(false);
    }
  };

  if (view === 'settings') {
    return (
      <Modal title="Imprimantes" onClose={onClose} size="wide">
        <PrinterSettingsForm
          checkoutId={checkoutId}
          initial={settings}
          categories={categories}
          onSaved={(saved) => {
            setSettings(saved);
            setView('jobs');
          }}
          onCancel={() => (settings.printers.length === 0 ? onClose() : setView('jobs'))}
        />
      </Modal>
    );
  }

  return (
    <Modal
      title="Impressions"
      onClose={onClose}
      size="wide"
      actions={
        <>
          <Button variant="secondary" onClick={() => setView('settings')}>
            Imprimantes
          </Button>
          <Button onClick={onClose}>Fermer</Button>
        </>
      }
    >
      {drawerPrinter && (
        <div className="prt-drawer">
          <Button variant="secondary" disabled={opening} onClick={() => void handleOpenDrawer()}>
            Ouvrir le tiroir
          </Button>
          {drawer && (drawer.ok ? <p role="status">{drawer.text}</p> : <ErrorLine>{drawer.text}</ErrorLine>)}
        </div>
      )}
      {jobs.length === 0 ? (
        <p className="k-empty">Aucune impression pour cette caisse.</p>
      ) : (
        <ul className="prt-jobs" aria-label="Travaux d’impression">
          {jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              settings={settings}
              onRetry={() => void queue.retry(job.id)}
              onReprint={() => void queue.reprint(job.id)}
              onDismiss={() => void queue.dismiss(job.id)}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}
