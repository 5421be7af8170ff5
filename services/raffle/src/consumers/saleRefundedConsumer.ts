/**
 * `sale.refunded` (issue 14): the tickets and bets the refund names are VOIDED, exactly once (inbox).
 * A voided number stays sold — it never returns to sale: the buyer may keep the stub, and a number
 * sold twice would make the drawing ambiguous — and the drawing and the basket weighing leave it
 * out. The refund may be handled before the sale's own `sale.completed` (two consumers): the number
 * is then recorded as sold to that sale and voided, and the sale's event later fills the buyer in
 * without un-voiding it.
 */
import { startConsumer, type Bus, type Db, type EventConsumer, type EventPayloads, type Logger, type Trx } from '@kermesse/kit';

type Refunded = EventPayloads['sale.refunded'];

export interface VoidedByRefund { tickets: number; bets: number; conflicts: number }

export async function voidRefunded(trx: Trx, refund: Refunded, logger: Logger): Promise<VoidedByRefund> {
  const conflicts: Array<{ kind: string; detail: Record<string, unknown> }> = [];
  let tickets = 0;
  let bets = 0;
  if (refund.tickets.length) {
    const raffleIds = [...new Set(refund.tickets.map((t) => t.raffleId))];
    const known = new Set((await trx('raffles').whereIn('id', raffleIds).select('id')).map((r: { id: number }) => r.id));
    const list = refund.tickets.filter((t) => known.has(t.raffleId) || !conflicts.push({ kind: 'refund-unknown-raffle', detail: t }))
      .sort((a, b) => a.raffleId - b.raffleId || a.number - b.number);
    if (list.length) {
      const { rows } = await trx.raw(
        `insert into tickets (raffle_id, number, status, sale_id, sale_reference, sold_at, voided_at, voided_by_refund)
         select x.r, x.n, 'sold', ?, ?, ?::timestamptz, ?::timestamptz, ?::uuid from unnest(?::int[], ?::int[]) as x(r, n)
         on conflict (raffle_id, number) do update set
           status = 'sold', sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, expires_at = null,
           voided_at = coalesce(tickets.voided_at, excluded.voided_at), voided_by_refund = coalesce(tickets.voided_by_refund, excluded.voided_by_refund)
         where tickets.sale_id = excluded.sale_id or (tickets.status = 'held' and tickets.sale_id is null)
         returning raffle_id, number`,
        [refund.saleId, refund.reference, refund.refundedAt, refund.refundedAt, refund.refundId, list.map((t) => t.raffleId), list.map((t) => t.number)],
      ) as { rows: Array<{ raffle_id: number; number: number }> };
      tickets = rows.length;
      const done = new Set(rows.map((r) => `${r.raffle_id}:${r.number}`));
      for (const t of list) if (!done.has(`${t.raffleId}:${t.number}`)) conflicts.push({ kind: 'refund-ticket-of-another-sale', detail: t });
    }
  }
  if (refund.bets.length) {
    const basketIds = [...new Set(refund.bets.map((b) => b.giftBasketId))];
    const types: Array<{ id: number; gift_basket_id: number }> = await trx('gift_basket_types').whereIn('gift_basket_id', basketIds).select('id', 'gift_basket_id');
    const list = refund.bets.filter((b) => types.some((t) => t.id === b.typeId && t.gift_basket_id === b.giftBasketId)
      || !conflicts.push({ kind: 'refund-unknown-bet-type', detail: b }))
      .sort((a, b) => a.giftBasketId - b.giftBasketId || a.weight - b.weight);
    if (list.length) {
      const { rows } = await trx.raw(
        `insert into bets (gift_basket_id, weight, type_id, status, sale_id, sale_reference, sold_at, voided_at, voided_by_refund)
         select x.g, x.w, x.t, 'sold', ?, ?, ?::timestamptz, ?::timestamptz, ?::uuid from unnest(?::int[], ?::int[], ?::int[]) as x(g, w, t)
         on conflict (gift_basket_id, weight) do update set
           status = 'sold', sale_id = excluded.sale_id, sale_reference = excluded.sale_reference, expires_at = null,
           voided_at = coalesce(bets.voided_at, excluded.voided_at), voided_by_refund = coalesce(bets.voided_by_refund, excluded.voided_by_refund)
         where bets.sale_id = excluded.sale_id or (bets.status = 'held' and bets.sale_id is null)
         returning gift_basket_id, weight`,
        [refund.saleId, refund.reference, refund.refundedAt, refund.refundedAt, refund.refundId,
          list.map((b) => b.giftBasketId), list.map((b) => b.weight), list.map((b) => b.typeId)],
      ) as { rows: Array<{ gift_basket_id: number; weight: number }> };
      bets = rows.length;
      const done = new Set(rows.map((r) => `${r.gift_basket_id}:${r.weight}`));
      for (const b of list) if (!done.has(`${b.giftBasketId}:${b.weight}`)) conflicts.push({ kind: 'refund-bet-of-another-sale', detail: b });
    }
  }
  await recordRefundRevenue(trx, refund, 'raffle', refund.tickets.map((t) => t.raffleId));
  await recordRefundRevenue(trx, refund, 'giftbasket', refund.bets.map((b) => b.giftBasketId));
  for (const c of conflicts) {
    await trx('sale_conflicts').insert({ sale_id: refund.saleId, reference: refund.reference, kind: c.kind, detail: JSON.stringify(c.detail) });
    logger.error('sale.refunded names a ticket or bet that cannot be voided', { saleId: refund.saleId, refundId: refund.refundId, ...c });
  }
  return { tickets, bets, conflicts: conflicts.length };
}

/**
 * What the refund gave back of the raffles' (baskets') revenue: the refunded lines of that kind,
 * split in proportion to the numbers voided (the rounding remainder to the first), like a sale's.
 */
async function recordRefundRevenue(trx: Trx, refund: Refunded, kind: 'raffle' | 'giftbasket', ids: number[]): Promise<void> {
  if (!ids.length) return;
  const totalCents = refund.lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.totalCents, 0);
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const entries = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const shares = entries.map(([, count]) => Math.floor((totalCents * count) / ids.length));
  shares[0]! += totalCents - shares.reduce((a, b) => a + b, 0);
  await trx('refund_revenue').insert(entries.map(([id, count], i) => ({
    refund_id: refund.refundId, kind, owner_id: id, sale_id: refund.saleId, count, refund_cents: shares[i]!,
  }))).onConflict(['refund_id', 'kind', 'owner_id']).ignore();
}

/** `sale.refunded`: voids the refunded tickets and bets (inbox-protected). */
export function startSaleRefundedConsumer(deps: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer> {
  return startConsumer({
    ...deps,
    name: 'raffle-sale-refunded',
    type: 'sale.refunded',
    async handle(event, trx) {
      if (event.payload.tickets.length === 0 && event.payload.bets.length === 0) return;
      await voidRefunded(trx, event.payload, deps.logger);
    },
  });
}
