/** SQL of the register's read models: events and sales, as the fair's result reads them. */
import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;

export async function upsertEvent(q: Q, event: { id: number; name: string; startsOn: string | null }): Promise<void> {
  await q('events').insert({ id: event.id, name: event.name, starts_on: event.startsOn }).onConflict('id').merge();
}

export async function listEvents(q: Q): Promise<Array<{ id: number; name: string; starts_on: string | null; sales: number }>> {
  return (
    await q.raw(`
    with ids as (select id from events union select distinct event_id from sales
      union select distinct event_id from prize_costs where event_id is not null)
    select ids.id, coalesce(e.name, 'Événement ' || ids.id) as name, e.starts_on,
      (select count(*) from sales s where s.event_id = ids.id and s.entry_id is not null)::int as sales
    from ids left join events e on e.id = ids.id
    order by e.starts_on desc nulls last, ids.id desc`)
  ).rows;
}

export async function findEvent(q: Q, id: number): Promise<{ id: number; name: string } | undefined> {
  const row = await q('events').where({ id }).first('id', 'name');
  if (row) return row as { id: number; name: string };
  const sale =
    (await q('sales').where({ event_id: id }).first('event_id')) ?? (await q('prize_costs').where({ event_id: id }).first('event_id'));
  return sale ? { id, name: `Événement ${id}` } : undefined;
}

/** Revenue of an event's written sales by category (and kind of line). */
export async function revenueByCategory(q: Q, eventId: number): Promise<Array<{ category: string; kind: string; cents: number }>> {
  return (
    await q.raw(
      `
    select line->>'categoryName' as category, line->>'kind' as kind, sum((line->>'totalCents')::int)::bigint as cents
    from sales s, jsonb_array_elements(s.lines) as line
    where s.event_id = ? and s.entry_id is not null
    group by 1, 2 order by 1, 2`,
      [eventId],
    )
  ).rows;
}

/** Money of an event's written sales by payment method. */
export async function revenueByMethod(q: Q, eventId: number): Promise<Array<{ method: string; cents: number }>> {
  return (
    await q.raw(
      `
    select p->>'method' as method, sum((p->>'amountCents')::int)::bigint as cents
    from sales s, jsonb_array_elements(s.payments) as p
    where s.event_id = ? and s.entry_id is not null
    group by 1 order by 1`,
      [eventId],
    )
  ).rows;
}

/**
 * What the event's booked refunds took back, by category and kind of line: the refunded lines, and
 * the part kept back when a refund stays within what was paid (a meal-deal discount not refunded),
 * under the discount's own category as postRefund books it.
 */
export async function refundsByCategory(q: Q, eventId: number): Promise<Array<{ category: string; kind: string; cents: number }>> {
  return (
    await q.raw(
      `
    with booked as (select * from refunds where event_id = :eventId and entry_id is not null),
    parts as (
      select line->>'categoryName' as category, line->>'kind' as kind, (line->>'totalCents')::int as cents
      from booked r, jsonb_array_elements(r.lines) as line
      union all
      select coalesce(
          (select d->>'categoryName' from sales s, jsonb_array_elements(s.lines) as d
           where s.sale_id = r.sale_id and d->>'kind' = 'discount' limit 1), ''),
        'discount', r.amount_cents - coalesce((select sum((l->>'totalCents')::int) from jsonb_array_elements(r.lines) as l), 0)
      from booked r)
    select category, kind, sum(cents)::bigint as cents from parts where cents <> 0 group by 1, 2 order by 1, 2`,
      { eventId },
    )
  ).rows;
}

/** Money handed back by the event's booked refunds, by payment mode, and how many refunds. */
export async function refundsByMethod(q: Q, eventId: number): Promise<Array<{ method: string; refunds: number; cents: number }>> {
  return (
    await q.raw(
      `
    select case payment_mode when 1 then 'CHQ' when 2 then 'ESP' when 3 then 'CB' end as method,
      count(*)::int as refunds, sum(amount_cents)::bigint as cents
    from refunds where event_id = ? and entry_id is not null
    group by 1 order by 1`,
      [eventId],
    )
  ).rows;
}

/** Counted − expected at the event's booked till closings, per payment mode, and how many closings had a gap. */
export async function tillGapsOf(q: Q, eventId: number): Promise<{ closings: number; ESP: number; CHQ: number; CB: number }> {
  const row = (
    await q.raw(
      `
    select count(*)::int as closings,
      coalesce(sum((differences->>'cashCents')::int), 0)::bigint as cash,
      coalesce(sum((differences->>'chequeCents')::int), 0)::bigint as cheque,
      coalesce(sum((differences->>'cardCents')::int), 0)::bigint as card
    from till_closings where event_id = ? and entry_id is not null`,
      [eventId],
    )
  ).rows[0] as { closings: number; cash: string; cheque: string; card: string };
  return { closings: row.closings, ESP: Number(row.cash), CHQ: Number(row.cheque), CB: Number(row.card) };
}

export async function countWrittenSales(q: Q, eventId: number): Promise<number> {
  const row = await q('sales').where({ event_id: eventId }).whereNotNull('entry_id').count<{ count: number }[]>('* as count');
  return Number(row[0]?.count ?? 0);
}

export async function listPurchases(
  q: Q,
  eventId: number,
): Promise<Array<{ id: number; label: string; account: string; amount_cents: number; purchase_date: string }>> {
  return q('purchases').where({ event_id: eventId }).orderBy('id').select('id', 'label', 'account', 'amount_cents', 'purchase_date');
}

/** Stores a purchase of the fair; returns its id. */
export async function insertPurchase(
  q: Q,
  purchase: { event_id: number; label: string; account: string; amount_cents: number; purchase_date: string; created_by: string | null },
): Promise<number> {
  const [row] = await q('purchases').insert(purchase).returning(['id']);
  return (row as { id: number }).id;
}
