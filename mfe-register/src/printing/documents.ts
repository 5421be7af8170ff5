/**
 * The register's print documents (docs/printing.md §4): a receipt, the kitchen tickets of a sale, the
 * Z report. The builders here are pure; the document types, the queue and the encoder are the UI
 * kit's (`@kermesse/ui-kit/printing`), shared with the loto's cartons and the pre-sold tickets.
 */
import { formatEuros } from '@kermesse/ui-kit';
import {
  printedAt,
  type KitchenDocument,
  type PrinterSettings,
  type ReceiptDocument,
  type ZReportDocument,
} from '@kermesse/ui-kit/printing';
import type { CartLine } from '../cart/types';
import { lineTotalCents } from '../cart/cart';

const PAYMENT_LABELS: Record<number, string> = { 1: 'Chèque', 2: 'Espèces', 3: 'Carte bancaire', 99: 'En attente de paiement' };

export function paymentLabel(paymentMode: number): string {
  return PAYMENT_LABELS[paymentMode] ?? 'Autre';
}

/** The receipt of a sale, printed only when the buyer asks for it (docs/spec.md §1). */
export function receiptDocument(sale: {
  reference: string | null;
  lines: readonly CartLine[];
  totalCents: number;
  paymentMode: number;
  tickets?: readonly number[];
  at?: Date | number;
}): ReceiptDocument {
  return {
    kind: 'receipt',
    reference: sale.reference,
    at: printedAt(sale.at),
    lines: sale.lines.map((line) => ({
      label: line.product.name,
      quantity: line.quantity,
      amount: formatEuros({ cents: lineTotalCents(line) }),
    })),
    total: formatEuros({ cents: sale.totalCents }),
    payment: paymentLabel(sale.paymentMode),
    tickets: [...(sale.tickets ?? [])].sort((a, b) => a - b),
  };
}

/** A kitchen ticket for the lines of `categoryId`, for the stand whose printer that category goes to. */
interface KitchenJob {
  printerId: string;
  document: KitchenDocument;
}

/**
 * One kitchen ticket per category that has a printer chosen for this register (« Frites ×2 » to
 * the frites stand): donations, the meal deal's discount and categories without a printer print
 * nothing.
 */
export function kitchenTickets(
  sale: { reference: string | null; lines: readonly CartLine[]; at?: Date | number },
  settings: Pick<PrinterSettings, 'kitchen' | 'printers'>,
): KitchenJob[] {
  const byCategory = new Map<number, { name: string; lines: Array<{ label: string; quantity: number }> }>();
  for (const line of sale.lines) {
    if (line.product.id < 0) continue;
    const printerId = settings.kitchen[String(line.product.category.id)];
    if (!printerId || !settings.printers.some((printer) => printer.id === printerId)) continue;
    const entry = byCategory.get(line.product.category.id) ?? { name: line.product.category.name, lines: [] };
    entry.lines.push({ label: line.product.name, quantity: line.quantity });
    byCategory.set(line.product.category.id, entry);
  }
  const at = printedAt(sale.at);
  return [...byCategory.entries()].map(([categoryId, entry]) => ({
    printerId: settings.kitchen[String(categoryId)] ?? '',
    document: { kind: 'kitchen', category: entry.name, reference: sale.reference, at, lines: entry.lines },
  }));
}

const signed = (euros: number) => (euros > 0 ? `+${formatEuros(euros)}` : formatEuros(euros));

/** The Z report of a closed till session, on the receipt printer's paper. */
export function zReportDocument(closing: {
  sessionId: number;
  closedAt: string;
  expected: Record<'cash' | 'cheque' | 'card', number>;
  counted: Record<'cash' | 'cheque' | 'card', number>;
  difference: Record<'cash' | 'cheque' | 'card', number>;
  grandTotal: number;
  reason: string | null;
  journal: { seq: number; hash: string };
}): ZReportDocument {
  const modes = [
    ['cash', 'Espèces'],
    ['cheque', 'Chèques'],
    ['card', 'Carte bancaire'],
  ] as const;
  return {
    kind: 'z',
    sessionId: closing.sessionId,
    at: printedAt(new Date(closing.closedAt)),
    modes: modes.map(([mode, label]) => ({
      label,
      expected: formatEuros(closing.expected[mode]),
      counted: formatEuros(closing.counted[mode]),
      difference: signed(closing.difference[mode]),
    })),
    grandTotal: formatEuros(closing.grandTotal),
    reason: closing.reason,
    journalSeq: closing.journal.seq,
    journalHash: closing.journal.hash,
  };
}
