/**
 * The books write themselves: a completed sale (or a held sale once settled) becomes one journal
 * entry in the plan comptable associatif, dated on the day the money came in. Runs inside the
 * consumer's inbox transaction; the sale id makes it idempotent even when the same sale arrives
 * under another event id.
 */
import type { EventPayloads, Trx } from '@kermesse/kit';
import { saleEntryLines, type PaymentMethod } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { readAccountMap } from '../repositories/accountMap.ts';
import { appendEntry, lockJournal } from '../repositories/journal.ts';
import { isYearLocked } from '../repositories/years.ts';

type Completed = EventPayloads['sale.completed'];
type Settled = EventPayloads['sale.settled'];

const FAILED = 5;
const ON_HOLD = 99;

export async function recordSaleCompleted(trx: Trx, sale: Completed): Promise<void> {
  if (sale.paymentStatus === FAILED) return;
  const paid = sale.payments.reduce((sum, p) => sum + p.amountCents, 0);
  const inserted = await trx('sales').insert({
    sale_id: sale.saleId, event_id: sale.eventId, reference: sale.reference, completed_at: sale.completedAt,
    total_cents: sale.totalCents, payment_mode: sale.paymentMode, lines: JSON.stringify(sale.lines), payments: JSON.stringify(sale.payments),
  }).onConflict('sale_id').ignore().returning('sale_id');
  if (inserted.length === 0) return; // this sale is already known
  if (sale.paymentMode === ON_HOLD && paid === 0) {
    // Written once it is settled; the settlement may already be here.
    const early = await trx('early_settlements').where({ sale_id: sale.saleId }).first('payload');
    if (early) await recordSaleSettled(trx, (early as { payload: Settled }).payload);
    return;
  }
  await post(trx, sale.saleId, { date: dayInFrance(sale.completedAt), payments: sale.payments });
}

export async function recordSaleSettled(trx: Trx, settled: Settled): Promise<void> {
  const known = await trx('sales').where({ sale_id: settled.saleId }).first('entry_id');
  if (!known) {
    await trx('early_settlements').insert({ sale_id: settled.saleId, payload: JSON.stringify(settled) }).onConflict('sale_id').ignore();
    return;
  }
  if ((known as { entry_id: number | null }).entry_id) return;
  await trx('sales').where({ sale_id: settled.saleId }).update({ payments: JSON.stringify(settled.payments) });
  await post(trx, settled.saleId, { date: dayInFrance(settled.settledAt), payments: settled.payments });
}

async function post(trx: Trx, saleId: number, { date, payments }: { date: string; payments: ReadonlyArray<{ method: PaymentMethod; amountCents: number }> }): Promise<void> {
  const sale = (await trx('sales').where({ sale_id: saleId }).first()) as {
    sale_id: number; event_id: number; reference: string; total_cents: number;
    lines: Array<{ kind: 'product' | 'donation' | 'discount' | 'raffle' | 'giftbasket'; categoryName: string; totalCents: number }>;
  };
  await lockJournal(trx);
  const year = yearOf(date);
  if (await isYearLocked(trx, year)) {
    await trx('unposted').insert({
      source: `sale:${saleId}`, reason: `Exercice ${year} clôturé`, payload: JSON.stringify({ saleId, date, payments }),
    }).onConflict('source').ignore();
    return;
  }
  const map = await readAccountMap(trx);
  const lines = saleEntryLines(map, { lines: sale.lines, payments, totalCents: sale.total_cents });
  if (lines.length === 0) return;
  const entryId = await appendEntry(trx, {
    journal: 'VE', date, pieceRef: sale.reference, label: `Vente ${sale.reference}`, eventId: sale.event_id, source: `sale:${saleId}`, lines,
  });
  if (entryId) await trx('sales').where({ sale_id: saleId }).update({ entry_id: entryId });
}
