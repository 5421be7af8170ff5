/** Closings' rows (compliance/periods.ts says what they cover): the money of each register's days, the chain's end, inserts, reads. */
import type { Db, Trx } from '@kermesse/kit/db';
import { PERIOD_TIME_ZONE, type DayMoney, type PeriodKind } from '../compliance/periods.ts';

/** Each register's money per local day, for every day before `today` (its sales at their total, its refunds). */
export async function dayMoneyBefore(q: Db | Trx, today: string): Promise<DayMoney[]> {
  const { rows } = (await q.raw(
    `
    with until as (select (:today::date)::timestamp at time zone :tz as at),
    m as (
      select s.checkout_id, (s.created_at at time zone :tz)::date as day, 1 as sc, s.total_cents as scents, 0 as rc, 0 as rcents,
             s.payment_mode as smode, null::smallint as rmode
        from sales s, until where s.created_at < until.at
      union all
      select r.checkout_id, (r.created_at at time zone :tz)::date, 0, 0, 1, r.amount_cents, null, r.payment_mode
        from refunds r, until where r.created_at < until.at
    )
    select checkout_id, to_char(day, 'YYYY-MM-DD') as day,
      sum(sc)::int as sales_count, sum(scents)::bigint as sales_cents, sum(rc)::int as refunds_count, sum(rcents)::bigint as refunds_cents,
      coalesce(sum(scents) filter (where smode = 2), 0)::bigint as sales_cash,
      coalesce(sum(scents) filter (where smode = 1), 0)::bigint as sales_cheque,
      coalesce(sum(scents) filter (where smode = 3), 0)::bigint as sales_card,
      coalesce(sum(scents) filter (where smode = 99), 0)::bigint as sales_hold,
      coalesce(sum(rcents) filter (where rmode = 2), 0)::bigint as refunds_cash,
      coalesce(sum(rcents) filter (where rmode = 1), 0)::bigint as refunds_cheque,
      coalesce(sum(rcents) filter (where rmode = 3), 0)::bigint as refunds_card
    from m group by checkout_id, day order by day, checkout_id`,
    { today, tz: PERIOD_TIME_ZONE },
  )) as { rows: Array<Record<string, string | number>> };
  const n = (v: string | number | undefined) => Number(v ?? 0);
  return rows.map((r) => ({
    checkoutId: n(r.checkout_id),
    day: String(r.day),
    salesCount: n(r.sales_count),
    salesCents: n(r.sales_cents),
    refundsCount: n(r.refunds_count),
    refundsCents: n(r.refunds_cents),
    sales: { cash: n(r.sales_cash), cheque: n(r.sales_cheque), card: n(r.sales_card), hold: n(r.sales_hold) },
    refunds: { cash: n(r.refunds_cash), cheque: n(r.refunds_cheque), card: n(r.refunds_card) },
  }));
}

/** One closing appender at a time (two replicas' jobs never chain twice from one end). */
export const lockClosings = (trx: Trx) =>
  // Each association's chain of closings is its own: one association closing never waits for another.
  trx.raw(`select pg_advisory_xact_lock(hashtext('register.closings ' || current_setting('kermesse.association', true)))`);

/** The periods already closed: `kind|scope|checkoutId|periodStart`. */
export async function closedPeriodKeys(q: Db | Trx): Promise<Set<string>> {
  const rows: Array<{ kind: string; scope: string; checkout_id: number | null; start: string }> = await q('closings').select(
    'kind',
    'scope',
    'checkout_id',
    q.raw(`to_char(period_start, 'YYYY-MM-DD') as start`),
  );
  return new Set(rows.map((r) => closingKey(r.kind as PeriodKind, r.scope, r.checkout_id, r.start)));
}

export const closingKey = (kind: PeriodKind, scope: string, checkoutId: number | null, start: string) =>
  `${kind}|${scope}|${checkoutId ?? 0}|${start}`;

/** The chain's last closing, or the start of the chain. */
export async function lastClosing(q: Db | Trx): Promise<{ seq: number; hash: string }> {
  const row = await q('closings').orderBy('seq', 'desc').first('seq', 'hash');
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: '0'.repeat(64) };
}

export interface ClosingRow {
  seq: number;
  kind: PeriodKind;
  scope: 'register' | 'association';
  checkout_id: number | null;
  period_start: string;
  period_end: string;
  payload: string;
  prev_hash: string;
  hash: string;
  signature: string;
  key_id: string;
  closed_at: Date;
}

export async function insertClosings(trx: Trx, rows: Array<Omit<ClosingRow, 'closed_at'> & { closed_at: Date }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await trx('closings').insert(rows.slice(i, i + 500));
}

const CLOSING_COLUMNS = [
  'seq',
  'kind',
  'scope',
  'checkout_id',
  'payload',
  'prev_hash',
  'hash',
  'signature',
  'key_id',
  'closed_at',
] as const;

/** Closings, oldest first (or newest first), optionally of one kind and scope, or within the periods [from, to[. */
export function listClosings(
  q: Db | Trx,
  filter: {
    kind?: PeriodKind;
    scope?: 'register' | 'association';
    checkoutId?: number;
    from?: string;
    to?: string;
    limit?: number;
    newestFirst?: boolean;
  } = {},
): Promise<ClosingRow[]> {
  const query = q('closings')
    .select(
      ...CLOSING_COLUMNS,
      q.raw(`to_char(period_start, 'YYYY-MM-DD') as period_start`),
      q.raw(`to_char(period_end, 'YYYY-MM-DD') as period_end`),
    )
    .orderBy('seq', filter.newestFirst ? 'desc' : 'asc');
  if (filter.kind) query.where({ kind: filter.kind });
  if (filter.scope) query.where({ scope: filter.scope });
  if (filter.checkoutId) query.where({ checkout_id: filter.checkoutId });
  if (filter.from) query.where('period_start', '>=', filter.from);
  if (filter.to) query.where('period_end', '<=', filter.to);
  if (filter.limit) query.limit(filter.limit);
  return query as unknown as Promise<ClosingRow[]>;
}

/** Register names, for the closings' text. */
export async function checkoutNames(q: Db | Trx): Promise<Map<number, string>> {
  const rows: Array<{ id: number; name: string }> = await q('checkouts').select('id', 'name');
  return new Map(rows.map((r) => [r.id, r.name]));
}
