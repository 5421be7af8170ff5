/**
 * The books write themselves: a completed sale (or a held sale once settled) becomes one journal
 * entry in the plan comptable associatif, dated on the day the money came in. Runs inside the
 * consumer's inbox transaction; the sale id makes it idempotent even when the same sale arrives
 * under another event id. A handful of round trips per sale: the journal catches up quickly after
 * an outage.
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { saleEntryLines, type LineKind, type PaymentMethod } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { accountMapOf } from '../repositories/accountMap.ts';
import { insertRegisterDonations } from '../repositories/donations.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';
import { findEarlySettlement, findSale, insertSale, keepEarlySettlement, keepUnposted, setSalePayments } from '../repositories/sales.ts';

type Completed = EventPayloads['sale.completed'];
type Settled = EventPayloads['sale.settled'];

const FAILED = 5;
const ON_HOLD = 99;

interface SaleToPost {
  saleId: number;
  eventId: number;
  reference: string;
  totalCents: number;
  lines: ReadonlyArray<{ kind: LineKind; categoryName: string; totalCents: number }>;
}

export async function recordSaleCompleted(trx: Trx, sale: Completed): Promise<void> {
  if (sale.paymentStatus === FAILED) return;
  const paid = sale.payments.reduce((sum, p) => sum + p.amountCents, 0);
  const held = sale.paymentMode === ON_HOLD && paid === 0;
  if (!(await insertSale(trx, sale, { lockJournal: !held }))) return; // this sale is already known
  await insertRegisterDonations(trx, [sale], dayInFrance);
  if (held) {
    // Written once it is settled; the settlement may already be here.
    const early = await findEarlySettlement(trx, sale.saleId);
    if (early) await recordSaleSettled(trx, early);
    return;
  }
  // The journal lock was taken by the insert above (one round trip fewer per sale).
  await post(trx, sale, dayInFrance(sale.completedAt), sale.payments);
}

export async function recordSaleSettled(trx: Trx, settled: Settled): Promise<void> {
  const known = await findSale(trx, settled.saleId);
  if (!known) {
    await keepEarlySettlement(trx, settled);
    return;
  }
  if (known.entry_id) return;
  await setSalePayments(trx, settled.saleId, settled.payments);
  await lockJournal(trx);
  await post(
    trx,
    { saleId: known.sale_id, eventId: known.event_id, reference: known.reference, totalCents: known.total_cents, lines: known.lines },
    dayInFrance(settled.settledAt),
    settled.payments,
  );
}

/** Writes the entry (journal lock held); a sale of a closed year waits aside instead. */
async function post(
  trx: Trx,
  sale: SaleToPost,
  date: string,
  payments: ReadonlyArray<{ method: PaymentMethod; amountCents: number }>,
): Promise<void> {
  const year = yearOf(date);
  const state = await journalState(trx, year);
  if (state.yearLocked) {
    await keepUnposted(trx, [
      { source: `sale:${sale.saleId}`, reason: `Exercice ${year} clôturé`, payload: { saleId: sale.saleId, date, payments } },
    ]);
    return;
  }
  const lines = saleEntryLines(accountMapOf(state.mapRows), { lines: sale.lines, payments, totalCents: sale.totalCents });
  if (lines.length === 0) return;
  await appendEntry(
    trx,
    {
      journal: 'VE',
      date,
      pieceRef: sale.reference,
      label: `Vente ${sale.reference}`,
      eventId: sale.eventId,
      source: `sale:${sale.saleId}`,
      lines,
    },
    state,
    { table: 'sales', key: 'sale_id', id: sale.saleId },
  );
}
