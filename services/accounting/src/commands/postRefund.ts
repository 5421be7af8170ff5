/**
 * Refunds and till closings in the books, inside the consumers' inbox transactions:
 * - `sale.refunded`: the reverse of a sale's entry, on the same accounts (revenue by kind or
 *   category debited, the money account of the refund's mode credited), dated the day of the refund;
 * - `till.closed`: each payment mode's counted difference — a shortfall debits 658 « Charges diverses
 *   de gestion courante », an excess credits 758 « Produits divers de gestion courante », against
 *   that mode's money account (530 cash, 5112 cheques, 5115 cards, or the treasurer's own).
 * The refund id and the session id make each idempotent even when the same one comes twice under
 * another event id (one row, one entry source); a closed year keeps them aside in `unposted`.
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { saleEntryLines, type JournalLineDraft, type LineKind, type PaymentMethod } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { accountMapOf } from '../repositories/accountMap.ts';
import { insertRefund, insertTillClosing, keepUnposted } from '../repositories/sales.ts';
import { appendEntry, journalState, lockJournal, type EntryDraft } from '../repositories/journal.ts';

type Refunded = EventPayloads['sale.refunded'];
type TillClosed = EventPayloads['till.closed'];

const METHOD_OF_MODE: Record<1 | 2 | 3, PaymentMethod> = { 1: 'CHQ', 2: 'ESP', 3: 'CB' };
export const SHORTFALL_ACCOUNT = '658';
export const EXCESS_ACCOUNT = '758';

/** Debits become credits and credits debits. */
const reversed = (lines: JournalLineDraft[]): JournalLineDraft[] =>
  lines.map((l) => ({ account: l.account, debitCents: l.creditCents, creditCents: l.debitCents }));

/** Writes an entry (journal lock taken here), or keeps it aside when its year is closed. */
async function book(
  trx: Trx,
  draft: Omit<EntryDraft, 'lines'>,
  lines: (map: ReturnType<typeof accountMapOf>) => JournalLineDraft[],
  link: Parameters<typeof appendEntry>[3],
  payload: unknown,
): Promise<void> {
  await lockJournal(trx);
  const year = yearOf(draft.date);
  const state = await journalState(trx, year);
  if (state.yearLocked) {
    await keepUnposted(trx, [{ source: draft.source, reason: `Exercice ${year} clôturé`, payload }]);
    return;
  }
  const entryLines = lines(accountMapOf(state.mapRows));
  if (entryLines.length === 0) return;
  await appendEntry(trx, { ...draft, lines: entryLines }, state, link);
}

export async function recordSaleRefunded(trx: Trx, refund: Refunded): Promise<void> {
  if (!(await insertRefund(trx, refund))) return; // already booked
  const date = dayInFrance(refund.refundedAt);
  const linesTotal = refund.lines.reduce((sum, l) => sum + l.totalCents, 0);
  // A refund kept within what was paid (a meal-deal discount not refunded) lowers the revenue like the discount did.
  const lines: Array<{ kind: LineKind; categoryName: string; totalCents: number }> = refund.lines.map((l) => ({
    kind: l.kind as LineKind,
    categoryName: l.categoryName,
    totalCents: l.totalCents,
  }));
  if (linesTotal !== refund.amountCents) lines.push({ kind: 'discount', categoryName: '', totalCents: refund.amountCents - linesTotal });
  await book(
    trx,
    {
      journal: 'VE',
      date,
      pieceRef: refund.reference,
      label: `Remboursement ${refund.reference}`,
      eventId: refund.eventId,
      source: `refund:${refund.refundId}`,
    },
    (map) =>
      reversed(
        saleEntryLines(map, {
          lines,
          payments: [{ method: METHOD_OF_MODE[refund.paymentMode], amountCents: refund.amountCents }],
          totalCents: refund.amountCents,
        }),
      ),
    { table: 'refunds', key: 'refund_id', id: refund.refundId },
    refund,
  );
}

/** The lines of a closing's differences: 658 / 758 against each mode's money account. */
export function tillDifferenceLines(payments: Record<PaymentMethod, string>, differences: TillClosed['differences']): JournalLineDraft[] {
  const lines: JournalLineDraft[] = [];
  const modes: Array<[PaymentMethod, number]> = [
    ['ESP', differences.cashCents],
    ['CHQ', differences.chequeCents],
    ['CB', differences.cardCents],
  ];
  for (const [method, difference] of modes) {
    if (!difference) continue;
    const amount = Math.abs(difference);
    if (difference < 0) {
      lines.push(
        { account: SHORTFALL_ACCOUNT, debitCents: amount, creditCents: 0 },
        { account: payments[method], debitCents: 0, creditCents: amount },
      );
    } else {
      lines.push(
        { account: payments[method], debitCents: amount, creditCents: 0 },
        { account: EXCESS_ACCOUNT, debitCents: 0, creditCents: amount },
      );
    }
  }
  return lines;
}

export async function recordTillClosed(trx: Trx, closed: TillClosed): Promise<void> {
  if (!(await insertTillClosing(trx, closed))) return;
  const { cashCents, chequeCents, cardCents } = closed.differences;
  if (!cashCents && !chequeCents && !cardCents) return; // counted as expected: nothing to book
  await book(
    trx,
    {
      journal: 'OD',
      date: dayInFrance(closed.closedAt),
      pieceRef: `Z-${closed.sessionId}`,
      label: `Écart de caisse à la clôture n° ${closed.sessionId}`,
      eventId: closed.eventId,
      source: `till:${closed.sessionId}`,
    },
    (map) => tillDifferenceLines(map.payments, closed.differences),
    { table: 'till_closings', key: 'session_id', id: closed.sessionId },
    closed,
  );
}
