/**
 * The books write themselves: a completed sale (or a held sale once settled) becomes one journal
 * entry in the plan comptable associatif, dated on the day the money came in. Runs inside the
 * consumer's inbox transaction; the sale id makes it idempotent even when the same sale arrives
 * under another event id. A handful of round trips per sale: the journal catches up quickly after
 * an outage.
 */
import type { EventPayloads, Trx } from '@kermesse/kit';
import { saleEntryLines, type LineKind, type PaymentMethod } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { accountMapOf } from '../repositories/accountMap.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';

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
  const inserted = (await trx.raw(
    `insert into sales (sale_id, event_id, reference, completed_at, total_cents, payment_mode, lines, payments)
     values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb) on conflict (sale_id) do nothing
     returning sale_id${held ? '' : ", pg_advisory_xact_lock(hashtext('accounting.journal')) is not null as locked"}`,
    [sale.saleId, sale.eventId, sale.reference, sale.completedAt, sale.totalCents, sale.paymentMode, JSON.stringify(sale.lines), JSON.stringify(sale.payments)],
  )).rows as unknown[];
  if (inserted.length === 0) return; // this sale is already known
  if (held) {
    // Written once it is settled; the settlement may already be here.
    const early = await trx('early_settlements').where({ sale_id: sale.saleId }).first('payload');
    if (early) await recordSaleSettled(trx, (early as { payload: Settled }).payload);
    return;
  }
  // The journal lock was taken by the insert above (one round trip fewer per sale).
  await post(trx, sale, dayInFrance(sale.completedAt), sale.payments);
}

export async function recordSaleSettled(trx: Trx, settled: Settled): Promise<void> {
  const known = (await trx('sales').where({ sale_id: settled.saleId }).first('sale_id', 'event_id', 'reference', 'total_cents', 'lines', 'entry_id')) as
    { sale_id: number; event_id: number; reference: string; total_cents: number; lines: SaleToPost['lines']; entry_id: number | null } | undefined;
  if (!known) {
    await trx('early_settlements').insert({ sale_id: settled.saleId, payload: JSON.stringify(settled) }).onConflict('sale_id').ignore();
    return;
  }
  if (known.entry_id) return;
  await trx('sales').where({ sale_id: settled.saleId }).update({ payments: JSON.stringify(settled.payments) });
  await lockJournal(trx);
  await post(trx, { saleId: known.sale_id, eventId: known.event_id, reference: known.reference, totalCents: known.total_cents, lines: known.lines },
    dayInFrance(settled.settledAt), settled.payments);
}

/** Writes the entry (journal lock held); a sale of a closed year waits aside instead. */
async function post(trx: Trx, sale: SaleToPost, date: string, payments: ReadonlyArray<{ method: PaymentMethod; amountCents: number }>): Promise<void> {
  const year = yearOf(date);
  const state = await journalState(trx, year);
  if (state.yearLocked) {
    await trx('unposted').insert({
      source: `sale:${sale.saleId}`, reason: `Exercice ${year} clôturé`, payload: JSON.stringify({ saleId: sale.saleId, date, payments }),
    }).onConflict('source').ignore();
    return;
  }
  const lines = saleEntryLines(accountMapOf(state.mapRows), { lines: sale.lines, payments, totalCents: sale.totalCents });
  if (lines.length === 0) return;
  await appendEntry(trx, {
    journal: 'VE', date, pieceRef: sale.reference, label: `Vente ${sale.reference}`, eventId: sale.eventId, source: `sale:${sale.saleId}`, lines,
  }, state, { table: 'sales', key: 'sale_id', id: sale.saleId });
}
