/**
 * Many completed sales at once (the consumer's catch-up after an outage, or a busy fair): the same
 * entries as `recordSaleCompleted` one by one — same numbers, same chain — in a few statements
 * for the whole batch instead of a few per sale.
 */
import type { Db, EventEnvelope, EventPayloads, Trx } from '@kermesse/kit';
import { accountLabel, saleEntryLines } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { accountMapOf } from '../repositories/accountMap.ts';
import { markHandled } from '../repositories/inbox.ts';
import { entryHash, GENESIS_HASH, lockJournal } from '../repositories/journal.ts';
import { recordSaleCompleted } from './postSale.ts';

type Completed = EventPayloads['sale.completed'];

const FAILED = 5;
const ON_HOLD = 99;

/**
 * A batch of `sale.completed` events as the consumer receives them, in one transaction with their
 * inbox rows: events already handled (redeliveries) are skipped, the others written to the journal.
 */
export async function postSaleBatch(db: Db, consumer: string, events: ReadonlyArray<EventEnvelope<'sale.completed'>>): Promise<void> {
  await db.transaction(async (trx) => {
    const fresh = await markHandled(trx, consumer, 'sale.completed', events.map((e) => e.id));
    await recordSalesCompleted(trx, events.filter((e) => fresh.delete(e.id)).map((e) => e.payload));
  });
}

/** Records the sales given (in delivery order), inside the caller's transaction. */
export async function recordSalesCompleted(trx: Trx, sales: readonly Completed[]): Promise<void> {
  const isHeld = (s: Completed) => s.paymentMode === ON_HOLD && s.payments.reduce((sum, p) => sum + p.amountCents, 0) === 0;
  // Held sales wait for their settlement (rare): the one-by-one path knows what to do with them.
  for (const sale of sales) if (sale.paymentStatus !== FAILED && isHeld(sale)) await recordSaleCompleted(trx, sale);
  const unique = new Map<number, Completed>();
  for (const sale of sales) if (sale.paymentStatus !== FAILED && !isHeld(sale) && !unique.has(sale.saleId)) unique.set(sale.saleId, sale);
  if (unique.size === 0) return;

  const candidates = [...unique.values()];
  const inserted = new Set(((await trx.raw(
    `insert into sales (sale_id, event_id, reference, completed_at, total_cents, payment_mode, lines, payments)
     select x.sale_id, x.event_id, x.reference, x.completed_at, x.total_cents, x.payment_mode, x.lines, x.payments
     from jsonb_to_recordset(?::jsonb) as x(sale_id int, event_id int, reference text, completed_at timestamptz, total_cents int, payment_mode int, lines jsonb, payments jsonb)
     on conflict (sale_id) do nothing returning sale_id`,
    [JSON.stringify(candidates.map((s) => ({
      sale_id: s.saleId, event_id: s.eventId, reference: s.reference, completed_at: s.completedAt, total_cents: s.totalCents,
      payment_mode: s.paymentMode, lines: s.lines, payments: s.payments,
    })))],
  )).rows as Array<{ sale_id: number }>).map((r) => r.sale_id));
  const fresh = candidates.filter((s) => inserted.has(s.saleId));
  if (fresh.length === 0) return;

  await lockJournal(trx);
  const dated = fresh.map((sale) => ({ sale, date: dayInFrance(sale.completedAt) }));
  const years = [...new Set(dated.map((d) => yearOf(d.date)))];
  const state = (await trx.raw(
    `select (select hash from journal_entries order by id desc limit 1) as hash,
            coalesce((select json_object_agg(y, n) from (select year as y, max(number) as n from journal_entries where year = any(?::int[]) group by year) m), '{}') as numbers,
            coalesce((select json_agg(year) from financial_years where locked and year = any(?::int[])), '[]') as locked,
            coalesce((select json_agg(json_build_array(key, account)) from account_map), '[]') as map`,
    [years, years],
  )).rows[0] as { hash: string | null; numbers: Record<string, number>; locked: number[]; map: Array<[string, string]> };
  const map = accountMapOf(state.map);
  const locked = new Set(state.locked);
  const numbers = new Map(years.map((y) => [y, state.numbers[String(y)] ?? 0]));
  let prevHash = state.hash ?? GENESIS_HASH;

  const entries: Array<Record<string, unknown>> = [];
  const lines: Array<Record<string, unknown>> = [];
  const unposted: Array<Record<string, unknown>> = [];
  for (const { sale, date } of dated) {
    const year = yearOf(date);
    if (locked.has(year)) {
      unposted.push({ source: `sale:${sale.saleId}`, reason: `Exercice ${year} clôturé`, payload: { saleId: sale.saleId, date, payments: sale.payments } });
      continue;
    }
    const drafts = saleEntryLines(map, { lines: sale.lines, payments: sale.payments, totalCents: sale.totalCents });
    if (drafts.length === 0) continue;
    const number = numbers.get(year)! + 1;
    numbers.set(year, number);
    const label = `Vente ${sale.reference}`;
    const hash = entryHash(prevHash, { year, number, journal: 'VE', date, pieceRef: sale.reference, label, lines: drafts });
    const source = `sale:${sale.saleId}`;
    entries.push({ ord: entries.length, year, number, date, piece_ref: sale.reference, label, event_id: sale.eventId, source, prev_hash: prevHash, hash, sale_id: sale.saleId });
    drafts.forEach((line, position) => lines.push({
      source, position, account: line.account, account_label: accountLabel(line.account), debit_cents: line.debitCents, credit_cents: line.creditCents,
    }));
    prevHash = hash;
  }
  if (unposted.length) {
    await trx.raw(
      `insert into unposted (source, reason, payload) select x.source, x.reason, x.payload
       from jsonb_to_recordset(?::jsonb) as x(source text, reason text, payload jsonb) on conflict (source) do nothing`,
      [JSON.stringify(unposted)],
    );
  }
  if (entries.length === 0) return;
  // Ids follow the chain order (`ord`), as verification reads the chain by id.
  await trx.raw(
    `with e as (
       insert into journal_entries (year, number, journal, entry_date, piece_ref, piece_date, label, event_id, source, prev_hash, hash)
       select x.year, x.number, 'VE', x.date, x.piece_ref, x.date, x.label, x.event_id, x.source, x.prev_hash, x.hash
       from jsonb_to_recordset(?::jsonb) as x(ord int, year int, number int, date date, piece_ref text, label text, event_id int, source text, prev_hash text, hash text, sale_id int)
       order by x.ord
       returning id, source
     ), l as (
       insert into journal_lines (entry_id, position, account, account_label, debit_cents, credit_cents)
       select e.id, x.position, x.account, x.account_label, x.debit_cents, x.credit_cents
       from e join jsonb_to_recordset(?::jsonb) as x(source text, position int, account text, account_label text, debit_cents bigint, credit_cents bigint) on x.source = e.source
     )
     update sales s set entry_id = e.id from e where s.sale_id = split_part(e.source, ':', 2)::int`,
    [JSON.stringify(entries), JSON.stringify(lines)],
  );
}
