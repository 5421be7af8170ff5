import { describe, expect, it } from 'vitest';
import {
  emptySettings,
  INTERRUPTED_MESSAGE,
  type KitchenDocument,
  memoryJobStore,
  PRINTER_REMOVED_MESSAGE,
  type PrinterSettings,
  type PrintJob,
  PrintQueue,
  type SendBytes,
} from '@kermesse/ui-kit/printing';
import { jobsForSale } from './salePrinting';
import { decodeEscPos, printedText } from '@kermesse/ui-kit/printing/testing';
import type { CartLine } from '../cart/types';

const settings: PrinterSettings = {
  ...emptySettings(),
  printers: [
    { id: 'caisse', name: 'Caisse', connection: 'reseau', address: '192.168.1.40', widthMm: 80, language: 'esc-pos' },
    { id: 'frites', name: 'Stand frites', connection: 'reseau', address: '192.168.1.50', widthMm: 58, language: 'esc-pos' },
    { id: 'usb', name: 'Ticket USB', connection: 'usb', address: '', widthMm: 58, language: 'esc-pos' },
  ],
  kitchen: { '10': 'frites' },
  receiptPrinterId: 'caisse',
  drawer: true,
};
const lines: CartLine[] = [
  { product: { id: 1, name: 'Frites', priceCents: 350, category: { id: 10, name: 'Frites' } }, quantity: 2 },
  { product: { id: 3, name: 'Café', priceCents: 100, category: { id: 12, name: 'Buvette' } }, quantity: 1 },
];

/** A printer line that works or not, recording what reached each printer. */
function fakeSend() {
  const sent: Array<{ jobId: string; printerId: string; text: string[]; pulses: number }> = [];
  const state = { failing: false };
  const send: SendBytes = async (bytes, job) => {
    if (state.failing) throw new Error('Relais d’impression injoignable');
    const decoded = decodeEscPos(bytes);
    sent.push({ jobId: job.id, printerId: job.printer.id, text: printedText(decoded), pulses: decoded.pulses.length });
  };
  return { sent, state, send };
}

describe('what a sale prints', () => {
  it('a cash sale opens the drawer and sends each category to its stand; no receipt unless asked', () => {
    const jobs = jobsForSale({ reference: 'K-1', lines, paymentMode: 2 }, settings);
    expect(jobs.map((job) => [job.printerId, job.document.kind])).toEqual([
      ['caisse', 'drawer'],
      ['frites', 'kitchen'],
    ]);
  });

  it('raffle numbers sold print their stubs on the receipt printer, numbers in order', () => {
    const jobs = jobsForSale({ reference: 'K-9', lines, paymentMode: 1, tickets: [42, 7] }, settings);
    expect(jobs.map((job) => [job.printerId, job.document.kind])).toEqual([
      ['frites', 'kitchen'],
      ['caisse', 'stubs'],
    ]);
    expect(jobs[1]!.document).toMatchObject({ numbers: [7, 42], reference: 'K-9' });
  });

  it('a cheque sale leaves the drawer shut', () => {
    expect(jobsForSale({ reference: 'K-2', lines, paymentMode: 1 }, settings).map((job) => job.document.kind)).toEqual(['kitchen']);
  });
});

describe('the print queue', () => {
  it('prints each job once and keeps it for a reprint marked « Duplicata »', async () => {
    const { sent, send } = fakeSend();
    const queue = new PrintQueue(1, { store: memoryJobStore(), settings: () => settings, send });
    await queue.enqueue(jobsForSale({ reference: 'K-3', lines, paymentMode: 2 }, settings));
    await queue.process();
    expect(sent.map((job) => [job.printerId, job.pulses])).toEqual([
      ['caisse', 1],
      ['frites', 0],
    ]);
    expect(sent[1]!.text).toContain('Frites ×2');
    expect(queue.snapshot().every((job) => job.status === 'imprime')).toBe(true);

    const kitchen = queue.snapshot().find((job) => job.document.kind === 'kitchen')!;
    await queue.reprint(kitchen.id);
    await queue.process();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.text[0]).toBe('DUPLICATA');
    expect(sent[2]!.jobId).not.toBe(kitchen.id);
  });

  it('a failed job waits with its reason until « Réessayer », under the same id', async () => {
    const { sent, state, send } = fakeSend();
    const queue = new PrintQueue(1, { store: memoryJobStore(), settings: () => settings, send });
    state.failing = true;
    const [job] = await queue.enqueue([
      {
        printerId: 'frites',
        document: {
          kind: 'kitchen',
          category: 'Frites',
          reference: 'K-4',
          at: '20/06/2026 19:05',
          lines: [{ label: 'Frites', quantity: 1 }],
        },
      },
    ]);
    await queue.process();
    expect(queue.snapshot()[0]).toMatchObject({ status: 'echec', error: 'Relais d’impression injoignable' });
    expect(sent).toEqual([]);

    state.failing = false;
    await queue.retry(job!.id);
    expect(queue.snapshot()[0]!.status).toBe('imprime');
    expect(sent.map((entry) => entry.jobId)).toEqual([job!.id]);
  });

  it('survives a reload: waiting jobs print, one cut off on a USB printer is shown failed, not printed twice', async () => {
    const base = { checkoutId: 1, pulse: false, duplicate: false, createdAt: 1, error: null, printedAt: null, title: 'Ticket Frites' };
    const document: KitchenDocument = {
      kind: 'kitchen',
      category: 'Frites',
      reference: 'K-5',
      at: '20/06/2026 19:05',
      lines: [{ label: 'Frites', quantity: 1 }],
    };
    const stored: PrintJob[] = [
      { ...base, id: 'a', printerId: 'frites', document, status: 'attente' },
      { ...base, id: 'b', printerId: 'frites', document, status: 'envoi', createdAt: 2 },
      { ...base, id: 'c', printerId: 'usb', document, status: 'envoi', createdAt: 3 },
      { ...base, id: 'd', checkoutId: 2, printerId: 'frites', document, status: 'attente' },
    ];
    const store = memoryJobStore(stored);
    const { sent, send } = fakeSend();
    const queue = new PrintQueue(1, { store, settings: () => settings, send });
    await new Promise<void>((resolve) => {
      const stop = queue.subscribe(() => {
        if (queue.snapshot().filter((job) => job.status === 'imprime').length === 2) {
          stop();
          resolve();
        }
      });
    });
    // « b » went to the relay, which prints an id once: sent again. « d » is another register's.
    expect(sent.map((job) => job.jobId).sort()).toEqual(['a', 'b']);
    expect(queue.snapshot().find((job) => job.id === 'c')).toMatchObject({ status: 'echec', error: INTERRUPTED_MESSAGE });
    expect((await store.all()).find((job) => job.id === 'c')?.status).toBe('echec');
  });

  it('a job whose printer was removed from the settings fails in French instead of vanishing', async () => {
    const { send } = fakeSend();
    const queue = new PrintQueue(1, { store: memoryJobStore(), settings: () => ({ ...settings, printers: [] }), send });
    await queue.enqueue([{ printerId: 'frites', document: { kind: 'drawer' } }]);
    await queue.process();
    expect(queue.snapshot()[0]).toMatchObject({ status: 'echec', error: PRINTER_REMOVED_MESSAGE });
  });
});
