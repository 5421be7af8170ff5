/**
 * What a sale prints (docs/printing.md §4): the kitchen tickets of its categories at once, the cash
 * drawer's pulse on a cash sale, and the receipt only when the buyer asks for it (docs/spec.md §1).
 * Called once the sale is recorded (or kept on the device offline); the queue does the rest.
 */
import type { CartLine } from '../cart/types';
import { PAYMENT_MODE } from '../cart/payment';
import { kitchenTickets, receiptDocument } from './documents';
import {
  loadPrinterSettings,
  type NewPrintJob,
  printedAt,
  printerById,
  type PrinterSettings,
  printQueueFor,
} from '@kermesse/ui-kit/printing';

export interface PrintedSale {
  reference: string | null;
  lines: readonly CartLine[];
  paymentMode: number;
  /** Raffle numbers sold: their stubs print on the receipt printer. */
  tickets?: readonly number[];
  at?: Date | number;
}

/** The kitchen tickets and, for cash, the drawer's pulse. */
export function jobsForSale(sale: PrintedSale, settings: PrinterSettings): NewPrintJob[] {
  const jobs: NewPrintJob[] = kitchenTickets(sale, settings).map((ticket) => ({ printerId: ticket.printerId, document: ticket.document }));
  const drawerPrinter = settings.drawer ? printerById(settings, settings.receiptPrinterId) : undefined;
  if (sale.paymentMode === PAYMENT_MODE.cash && drawerPrinter) jobs.unshift({ printerId: drawerPrinter.id, document: { kind: 'drawer' } });
  // The buyer keeps a stub per raffle number until the drawing: not a receipt, so not only on request.
  const stubPrinter = printerById(settings, settings.receiptPrinterId);
  if (stubPrinter && sale.tickets && sale.tickets.length > 0)
    jobs.push({
      printerId: stubPrinter.id,
      document: { kind: 'stubs', reference: sale.reference, at: printedAt(sale.at), numbers: [...sale.tickets].sort((a, b) => a - b) },
    });
  return jobs;
}

/** Queues what a sale just recorded prints; a printing problem is the queue's, never the sale's. */
export function printSale(checkoutId: number, sale: PrintedSale): void {
  try {
    const jobs = jobsForSale(sale, loadPrinterSettings(checkoutId));
    if (jobs.length > 0) void printQueueFor(checkoutId).enqueue(jobs);
  } catch (error) {
    console.error('Impression de la vente impossible', error);
  }
}

/**
 * « Imprimer le reçu » on the receipt printer. Returns the printer's name, or null when the register
 * has none (the browser's print dialog is used then).
 */
export function printReceipt(checkoutId: number, sale: PrintedSale & { totalCents: number; tickets?: readonly number[] }): string | null {
  const settings = loadPrinterSettings(checkoutId);
  const printer = printerById(settings, settings.receiptPrinterId);
  if (!printer) return null;
  void printQueueFor(checkoutId).enqueue([{ printerId: printer.id, document: receiptDocument(sale) }]);
  return printer.name;
}
