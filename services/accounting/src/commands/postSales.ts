/**
 * Many completed sales at once (the consumer's catch-up after an outage, or a busy fair): the same
 * entries as `recordSaleCompleted` one by one — same numbers, same chain — in a few statements
 * for the whole batch instead of a few per sale.
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { accountLabel, saleEntryLines } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { accountMapOf } from '../repositories/accountMap.ts';
import { insertRegisterDonations } from '../repositories/donations.ts';
import { entryHash, GENESIS_HASH, insertSaleEntries, journalStateOfYears, lockJournal } from '../repositories/journal.ts';
import { insertSales, keepUnposted } from '../repositories/sales.ts';
import { recordSaleCompleted } from './postSale.ts';

type Completed = EventPayloads['sale.completed'];

const FAILED = 5;
const ON_HOLD = 99;

/** Records the sales given (in delivery order), inside the caller's transaction. */
export async function recordSalesCompleted(trx: Trx, sales: readonly Completed[]): Promise<void> {
  const isHeld = (s: Completed) => s.paymentMode === ON_HOLD && s.payments.reduce((sum, p) => sum + p.amountCents, 0) === 0;
  // Held sales wait for their settlement (rare): the one-by-one path knows what to do with them.
  for (const sale of sales) if (sale.paymentStatus !== FAILED && isHeld(sale)) await recordSaleCompleted(trx, sale);
  const unique = new Map<number, Completed>();
  for (const sale of sales) if (sale.paymentStatus !== FAILED && !isHeld(sale) && !unique.has(sale.saleId)) unique.set(sale.saleId, sale);
  if (unique.size === 0) return;

  const candidates = [...unique.values()];
  const inserted = await insertSales(trx, candidates);
  const fresh = candidates.filter((s) => inserted.has(s.saleId));
  if (fresh.length === 0) return;
  // Their donation lines, for the tax receipts (docs/tax-receipts.md §2).
  await insertRegisterDonations(trx, fresh, dayInFrance);

  await lockJournal(trx);
  const dated = fresh.map((sale) => ({ sale, date: dayInFrance(sale.completedAt) }));
  const years = [...new Set(dated.map((d) => yearOf(d.date)))];
  const state = await journalStateOfYears(trx, years);
  const map = accountMapOf(state.map);
  const locked = new Set(state.locked);
  const numbers = new Map(years.map((y) => [y, state.numbers[String(y)] ?? 0]));
  let prevHash = state.hash ?? GENESIS_HASH;

  const entries: Array<Record<string, unknown>> = [];
  const lines: Array<Record<string, unknown>> = [];
  const unposted: Array<{ source: string; reason: string; payload: unknown }> = [];
  for (const { sale, date } of dated) {
    const year = yearOf(date);
    if (locked.has(year)) {
      unposted.push({
        source: `sale:${sale.saleId}`,
        reason: `Exercice ${year} clôturé`,
        payload: { saleId: sale.saleId, date, payments: sale.payments },
      });
      continue;
    }
    const drafts = saleEntryLines(map, { lines: sale.lines, payments: sale.payments, totalCents: sale.totalCents });
    if (drafts.length === 0) continue;
    const number = numbers.get(year)! + 1;
    numbers.set(year, number);
    const label = `Vente ${sale.reference}`;
    const hash = entryHash(prevHash, { year, number, journal: 'VE', date, pieceRef: sale.reference, label, lines: drafts });
    const source = `sale:${sale.saleId}`;
    entries.push({
      ord: entries.length,
      year,
      number,
      date,
      piece_ref: sale.reference,
      label,
      event_id: sale.eventId,
      source,
      prev_hash: prevHash,
      hash,
      sale_id: sale.saleId,
    });
    drafts.forEach((line, position) =>
      lines.push({
        source,
        position,
        account: line.account,
        account_label: accountLabel(line.account),
        debit_cents: line.debitCents,
        credit_cents: line.creditCents,
      }),
    );
    prevHash = hash;
  }
  await keepUnposted(trx, unposted);
  if (entries.length === 0) return;
  await insertSaleEntries(trx, entries, lines);
}
