/**
 * `sale.refunded`: the tickets and bets the refund names are VOIDED, exactly once (inbox).
 * A voided number stays sold — it never returns to sale: the buyer may keep the stub, and a number
 * sold twice would make the drawing ambiguous — and the drawing and the basket weighing leave it
 * out. The refund may be handled before the sale's own `sale.completed` (two consumers): the number
 * is then recorded as sold to that sale and voided, and the sale's event later fills the buyer in
 * without un-voiding it.
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import type { Logger } from '@kermesse/kit/http';
import {
  basketTypesOf,
  insertRefundRevenue,
  insertSaleConflict,
  knownRaffleIds,
  voidBets,
  voidTickets,
  type RefundSnapshot,
} from '../repositories/sales.ts';

type Refunded = EventPayloads['sale.refunded'];

export interface VoidedByRefund {
  tickets: number;
  bets: number;
  conflicts: number;
}

export async function voidRefundedNumbers(trx: Trx, refund: Refunded, logger: Logger): Promise<VoidedByRefund> {
  const conflicts: Array<{ kind: string; detail: Record<string, unknown> }> = [];
  let tickets = 0;
  let bets = 0;
  const snapshot: RefundSnapshot = {
    saleId: refund.saleId,
    reference: refund.reference,
    refundedAt: refund.refundedAt,
    refundId: refund.refundId,
  };
  if (refund.tickets.length) {
    const raffleIds = [...new Set(refund.tickets.map((t) => t.raffleId))];
    const known = await knownRaffleIds(trx, raffleIds);
    const list = refund.tickets
      .filter((t) => known.has(t.raffleId) || !conflicts.push({ kind: 'refund-unknown-raffle', detail: t }))
      .sort((a, b) => a.raffleId - b.raffleId || a.number - b.number);
    if (list.length) {
      const done = await voidTickets(trx, snapshot, list);
      tickets = done.size;
      for (const t of list)
        if (!done.has(`${t.raffleId}:${t.number}`)) conflicts.push({ kind: 'refund-ticket-of-another-sale', detail: t });
    }
  }
  if (refund.bets.length) {
    const basketIds = [...new Set(refund.bets.map((b) => b.giftBasketId))];
    const types = await basketTypesOf(trx, basketIds);
    const list = refund.bets
      .filter(
        (b) =>
          types.some((t) => t.id === b.typeId && t.gift_basket_id === b.giftBasketId) ||
          !conflicts.push({ kind: 'refund-unknown-bet-type', detail: b }),
      )
      .sort((a, b) => a.giftBasketId - b.giftBasketId || a.weight - b.weight);
    if (list.length) {
      const done = await voidBets(trx, snapshot, list);
      bets = done.size;
      for (const b of list)
        if (!done.has(`${b.giftBasketId}:${b.weight}`)) conflicts.push({ kind: 'refund-bet-of-another-sale', detail: b });
    }
  }
  await recordRefundRevenue(
    trx,
    refund,
    'raffle',
    refund.tickets.map((t) => t.raffleId),
  );
  await recordRefundRevenue(
    trx,
    refund,
    'giftbasket',
    refund.bets.map((b) => b.giftBasketId),
  );
  for (const c of conflicts) {
    await insertSaleConflict(trx, { saleId: refund.saleId, reference: refund.reference, ...c });
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
  await insertRefundRevenue(
    trx,
    entries.map(([id, count], i) => ({
      refund_id: refund.refundId,
      kind,
      owner_id: id,
      sale_id: refund.saleId,
      count,
      refund_cents: shares[i]!,
    })),
  );
}
