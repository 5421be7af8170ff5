/** What a session's Z report and cheque deposit slip count (till/report.ts prints them). */
import { type Db } from '@kermesse/kit/db';

/** The register's and its event's names. */
export const checkoutAndEventNames = (db: Db, checkoutId: number): Promise<{ checkout_name: string; event_name: string } | undefined> =>
  db('checkouts as c')
    .join('events as e', 'e.id', 'c.event_id')
    .where('c.id', checkoutId)
    .first('c.name as checkout_name', 'e.name as event_name');

export interface SessionCounts {
  byMode: Array<{ method: string; count: number; cents: number }>;
  byCategory: Array<{ name: string; kind: string; quantity: number; cents: number }>;
  /** Donation and discount lines. */
  specials: Array<{ kind: string; count: number; cents: number }>;
  tickets: Array<{ name: string | null; raffle_id: number; count: number }>;
  bets: Array<{ name: string | null; gift_basket_id: number; count: number }>;
  cartons: Array<{ name: string | null; bingo_id: number; count: number }>;
  /** First and last receipt of the session, and its sales still on hold. */
  bounds: { first: string | null; last: string | null; held: number } | undefined;
  refundsCount: number;
}

/** The session's payments per mode, lines per category, tickets, bets, cartons, receipts and refunds. */
export async function sessionCounts(db: Db, sessionId: number): Promise<SessionCounts> {
  const byMode: SessionCounts['byMode'] = await db('payments')
    .where({ session_id: sessionId })
    .groupBy('method')
    .select('method', db.raw('count(*)::int as count'), db.raw('sum(amount_cents)::bigint as cents'));
  const byCategory: SessionCounts['byCategory'] = await db('sale_lines as l')
    .join('sales as s', 's.id', 'l.sale_id')
    .where('s.session_id', sessionId)
    .whereNotIn('l.kind', ['donation', 'discount'])
    .groupBy('l.category_name', 'l.kind')
    .orderBy('l.category_name')
    .select('l.category_name as name', 'l.kind', db.raw('sum(l.quantity)::int as quantity'), db.raw('sum(l.total_cents)::bigint as cents'));
  const specials: SessionCounts['specials'] = await db('sale_lines as l')
    .join('sales as s', 's.id', 'l.sale_id')
    .where('s.session_id', sessionId)
    .whereIn('l.kind', ['donation', 'discount'])
    .groupBy('l.kind')
    .select('l.kind', db.raw('count(*)::int as count'), db.raw('sum(l.total_cents)::bigint as cents'));
  const tickets: SessionCounts['tickets'] = await db('sale_tickets as t')
    .join('sales as s', 's.id', 't.sale_id')
    .leftJoin('raffles as r', 'r.id', 't.raffle_id')
    .where('s.session_id', sessionId)
    .groupBy('t.raffle_id', 'r.name')
    .orderBy('t.raffle_id')
    .select('t.raffle_id', 'r.name', db.raw('count(*)::int as count'));
  const bets: SessionCounts['bets'] = await db('sale_bets as b')
    .join('sales as s', 's.id', 'b.sale_id')
    .leftJoin('gift_baskets as g', 'g.id', 'b.gift_basket_id')
    .where('s.session_id', sessionId)
    .groupBy('b.gift_basket_id', 'g.name')
    .orderBy('b.gift_basket_id')
    .select('b.gift_basket_id', 'g.name', db.raw('count(*)::int as count'));
  const cartons: SessionCounts['cartons'] = await db('sale_cartons as c')
    .join('sales as s', 's.id', 'c.sale_id')
    .leftJoin('bingos as b', 'b.id', 'c.bingo_id')
    .where('s.session_id', sessionId)
    .groupBy('c.bingo_id', 'b.name')
    .orderBy('c.bingo_id')
    .select('c.bingo_id', 'b.name', db.raw('count(*)::int as count'));
  const bounds: SessionCounts['bounds'] = await db('sales')
    .where({ session_id: sessionId })
    .first(
      db.raw('(select reference from sales where session_id = ? order by id limit 1) as first', [sessionId]),
      db.raw('(select reference from sales where session_id = ? order by id desc limit 1) as last', [sessionId]),
      db.raw('count(*) filter (where payment_mode = 99 and settled_at is null)::int as held', []),
    );
  const refunds = await db('refunds').where({ session_id: sessionId }).count<{ count: number }[]>('* as count');
  return { byMode, byCategory, specials, tickets, bets, cartons, bounds, refundsCount: Number(refunds[0]?.count ?? 0) };
}
