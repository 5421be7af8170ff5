/**
 * The print queue of a register (docs/printing.md §4), kept in the browser's IndexedDB like the
 * offline sales: every job has an id, survives a reload and a network outage, and is printed once —
 * the relay answers a resent id without printing again, and a job cut by a reload while it went to a
 * USB or Bluetooth printer is shown failed rather than printed twice behind the cashier's back. A
 * failed job waits in the list with its French reason until « Réessayer »; a reprint is a new job
 * marked « Duplicata ». Nothing here can block or undo a sale: the sale is recorded before its jobs
 * are queued, and every failure stays inside the queue.
 */
import { browserStore } from '../browserStore';
import { newIdempotencyKey } from '../idempotencyKey';
import { documentTitle, type PrintDocument } from './documents';
import { loadPrinterSettings, printerById, type Printer, type PrinterSettings } from './printers';
import { senderFor, type SendBytes } from './transports';

export type PrintJobStatus = 'attente' | 'envoi' | 'imprime' | 'echec';

export interface PrintJob {
  id: string;
  checkoutId: number;
  printerId: string;
  document: PrintDocument;
  /** Opens the drawer hung on this printer first (a cash sale). */
  pulse: boolean;
  /** A reprint: « DUPLICATA » on the paper. */
  duplicate: boolean;
  title: string;
  createdAt: number;
  status: PrintJobStatus;
  error: string | null;
  printedAt: number | null;
}

export interface NewPrintJob {
  printerId: string;
  document: PrintDocument;
  pulse?: boolean;
  duplicate?: boolean;
}

export interface PrintJobStore {
  all(): Promise<PrintJob[]>;
  put(job: PrintJob): Promise<void>;
  delete(id: string): Promise<void>;
}

export const STATUS_LABELS: Record<PrintJobStatus, string> = {
  attente: 'En attente',
  envoi: 'Envoi en cours',
  imprime: 'Imprimé',
  echec: 'Échec',
};

export const INTERRUPTED_MESSAGE = 'Impression interrompue par le rechargement de la page : vérifiez le ticket avant de réessayer.';
export const PRINTER_REMOVED_MESSAGE = 'Imprimante supprimée des réglages : choisissez-en une autre dans « Imprimantes ».';

/** Printed jobs kept for a reprint, per register. */
const KEPT_PRINTED = 30;

const DB_NAME = 'kermesse-impression';
const STORE = 'travaux';

/** The jobs in IndexedDB: they survive a reload and a closed browser. */
export function indexedDbJobStore(factory: IDBFactory = indexedDB): PrintJobStore {
  return browserStore<PrintJob>({ database: DB_NAME, store: STORE, keyPath: 'id' }, factory);
}

/** The jobs in memory (unit tests, or a browser without IndexedDB). */
export function memoryJobStore(initial: PrintJob[] = []): PrintJobStore {
  const jobs = new Map(initial.map((job) => [job.id, structuredClone(job)]));
  return {
    all: async () => [...jobs.values()].map((job) => structuredClone(job)),
    put: async (job) => {
      jobs.set(job.id, structuredClone(job));
    },
    delete: async (id) => {
      jobs.delete(id);
    },
  };
}

export interface PrintQueueDeps {
  store: PrintJobStore;
  settings: () => PrinterSettings;
  /** Sends a job's bytes; by default the relay or the browser printer (transports.ts). */
  send?: SendBytes;
  now?: () => number;
}

/** One register's print queue: jobs in the store, sent one after the other, watched by the screen. */
export class PrintQueue {
  private jobs: PrintJob[] = [];
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private loaded: Promise<void>;

  constructor(
    readonly checkoutId: number,
    private readonly deps: PrintQueueDeps,
  ) {
    this.loaded = this.load();
  }

  /** The jobs, newest first (a new array after each change, for React). */
  snapshot = (): readonly PrintJob[] => this.jobs;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.jobs = [...this.jobs].sort((a, b) => b.createdAt - a.createdAt);
    for (const listener of this.listeners) listener();
  }

  private async load() {
    try {
      const stored = (await this.deps.store.all()).filter((job) => job.checkoutId === this.checkoutId);
      const settings = this.deps.settings();
      for (const job of stored) {
        if (job.status !== 'envoi') continue;
        // The page went away while this job was on its way. The relay prints an id once, so it is
        // sent again; a USB or Bluetooth printer may have printed it: the cashier decides.
        const printer = printerById(settings, job.printerId);
        if (printer?.connection === 'reseau') job.status = 'attente';
        else Object.assign(job, { status: 'echec', error: INTERRUPTED_MESSAGE });
        await this.deps.store.put(job);
      }
      this.jobs = stored;
      this.changed();
    } catch (error) {
      console.error('File d’impression illisible', error);
    }
    void this.process();
  }

  /** Queues the jobs (after the sale is recorded) and prints them; never throws. */
  async enqueue(jobs: readonly NewPrintJob[]): Promise<PrintJob[]> {
    await this.loaded;
    const now = this.deps.now?.() ?? Date.now();
    const added = jobs.map((job, index) => ({
      id: newIdempotencyKey(),
      checkoutId: this.checkoutId,
      printerId: job.printerId,
      document: job.document,
      pulse: job.pulse ?? false,
      duplicate: job.duplicate ?? false,
      title: documentTitle(job.document),
      // Jobs queued together keep their order.
      createdAt: now + index / 1000,
      status: 'attente' as const,
      error: null,
      printedAt: null,
    }));
    for (const job of added) {
      this.jobs.push(job);
      try {
        await this.deps.store.put(job);
      } catch (error) {
        // The browser's storage refused it: the job is still printed from memory, only a reload loses it.
        console.error('Travail d’impression non enregistré', error);
      }
    }
    this.changed();
    void this.process();
    return added;
  }

  /** « Réessayer » a failed job (the same id: the relay still prints it once). */
  async retry(id: string): Promise<void> {
    const job = this.jobs.find((candidate) => candidate.id === id);
    if (!job || job.status !== 'echec') return;
    await this.update(job, { status: 'attente', error: null });
    await this.process();
  }

  /** « Réimprimer »: a new job of the same document, marked « Duplicata », without opening the drawer. */
  async reprint(id: string): Promise<void> {
    const job = this.jobs.find((candidate) => candidate.id === id);
    if (!job || job.document.kind === 'drawer') return;
    await this.enqueue([{ printerId: job.printerId, document: job.document, duplicate: true }]);
  }

  /** « Retirer » a failed job the cashier gives up on. */
  async dismiss(id: string): Promise<void> {
    this.jobs = this.jobs.filter((job) => job.id !== id);
    await this.deps.store.delete(id).catch(() => undefined);
    this.changed();
  }

  /** Prints what waits, oldest first; a printer that fails does not hold up the others. */
  process(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const waiting = this.jobs.filter((job) => job.status === 'attente').sort((a, b) => a.createdAt - b.createdAt);
        for (const job of waiting) await this.print(job);
      } while (this.again);
      await this.prune();
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async print(job: PrintJob) {
    const settings = this.deps.settings();
    const printer: Printer | undefined = printerById(settings, job.printerId);
    if (!printer) {
      await this.update(job, { status: 'echec', error: PRINTER_REMOVED_MESSAGE });
      return;
    }
    await this.update(job, { status: 'envoi', error: null });
    try {
      // The encoder is a part of its own, fetched when the register has printers (PrintButton).
      const { encodeDocument } = await import('./encode');
      const bytes = encodeDocument(job.document, printer, { duplicate: job.duplicate, pulse: job.pulse });
      await (this.deps.send ?? senderFor(settings))(bytes, { id: job.id, printer });
      await this.update(job, { status: 'imprime', printedAt: this.deps.now?.() ?? Date.now() });
    } catch (error) {
      await this.update(job, { status: 'echec', error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async update(job: PrintJob, change: Partial<PrintJob>) {
    Object.assign(job, change);
    await this.deps.store.put(job).catch((error: unknown) => console.error('Travail d’impression non enregistré', error));
    this.changed();
  }

  private async prune() {
    const printed = this.jobs.filter((job) => job.status === 'imprime').sort((a, b) => b.createdAt - a.createdAt);
    const old = printed.slice(KEPT_PRINTED);
    if (old.length === 0) return;
    for (const job of old) await this.deps.store.delete(job.id).catch(() => undefined);
    const gone = new Set(old.map((job) => job.id));
    this.jobs = this.jobs.filter((job) => !gone.has(job.id));
    this.changed();
  }
}

const queues = new Map<number, PrintQueue>();

/** The queue of `checkoutId` on this device (one per register, shared by every screen of it). */
export function printQueueFor(checkoutId: number): PrintQueue {
  let queue = queues.get(checkoutId);
  if (!queue) {
    const store = typeof indexedDB === 'undefined' ? memoryJobStore() : indexedDbJobStore();
    queue = new PrintQueue(checkoutId, { store, settings: () => loadPrinterSettings(checkoutId) });
    queues.set(checkoutId, queue);
  }
  return queue;
}
