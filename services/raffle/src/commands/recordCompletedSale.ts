/**
 * `sale.completed` → the claim is confirmed, the tickets and bets are sold to the buyer (snapshot
 * of the sale), and what the sale paid for them is recorded for the organiser's panel.
 *
 * Idempotent twice over: the consumer's inbox drops a redelivered event, and a ticket already sold
 * to the same sale is left as it is (a second event for the same sale changes nothing).
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import type { Logger } from '@kermesse/kit/http';
import {
  basketTypesOf,
  confirmClaimBySale,
  freeUnkept,
  insertRevenue,
  insertSaleConflict,
  knownRaffleIds,
  sellBets,
  sellTickets,
  type SaleSnapshot,
} from '../repositories/sales.ts';

type Sale = EventPayloads['sale.completed'];

export interface RecordedSale {
  tickets: number;
  bets: number;
  conflicts: number;
}

export async function recordCompletedSale(trx: Trx, sale: Sale, logger: Logger): Promise<RecordedSale> {
  const buyer = sale.buyer;
  const claimId = sale.claimId ?? null;
  if (claimId) {
    await confirmClaimBySale(trx, claimId, sale.saleId);
  }
  const person = [buyer?.personId ?? null, buyer?.firstname ?? null, buyer?.lastname ?? null, buyer?.email ?? null, buyer?.phone ?? null];
  const conflicts: Array<{ kind: string; detail: Record<string, unknown> }> = [];
  const snapshot: SaleSnapshot = { claimId, saleId: sale.saleId, reference: sale.reference, person, completedAt: sale.completedAt };

  // Tickets of raffles this service knows; anything else can never be recorded.
  const raffleIds = [...new Set(sale.tickets.map((t) => t.raffleId))];
  const knownRaffles = await knownRaffleIds(trx, raffleIds);
  const tickets = sale.tickets
    .filter((t) => {
      if (knownRaffles.has(t.raffleId)) return true;
      conflicts.push({ kind: 'unknown-raffle', detail: t });
      return false;
    })
    .sort((a, b) => a.raffleId - b.raffleId || a.number - b.number);

  let soldTickets = 0;
  if (tickets.length) {
    const recorded = await sellTickets(trx, snapshot, tickets);
    soldTickets = recorded.size;
    for (const t of tickets) if (!recorded.has(`${t.raffleId}:${t.number}`)) conflicts.push({ kind: 'ticket-already-sold', detail: t });
  }

  const basketIds = [...new Set(sale.bets.map((b) => b.giftBasketId))];
  const knownTypes = await basketTypesOf(trx, basketIds);
  const bets = sale.bets
    .filter((b) => {
      if (knownTypes.some((t) => t.id === b.typeId && t.gift_basket_id === b.giftBasketId)) return true;
      conflicts.push({ kind: 'unknown-bet-type', detail: b });
      return false;
    })
    .sort((a, b) => a.giftBasketId - b.giftBasketId || a.weight - b.weight);

  let soldBets = 0;
  if (bets.length) {
    const recorded = await sellBets(trx, snapshot, bets);
    soldBets = recorded.size;
    for (const b of bets) if (!recorded.has(`${b.giftBasketId}:${b.weight}`)) conflicts.push({ kind: 'weight-already-sold', detail: b });
  }

  // What the claim held but the sale did not keep is free again.
  if (claimId) {
    await freeUnkept(trx, claimId);
  }

  await recordRevenue(
    trx,
    sale,
    'raffle',
    tickets.map((t) => t.raffleId),
  );
  await recordRevenue(
    trx,
    sale,
    'giftbasket',
    bets.map((b) => b.giftBasketId),
  );

  for (const c of conflicts) {
    await insertSaleConflict(trx, { saleId: sale.saleId, reference: sale.reference, ...c });
    logger.error('sale.completed names a ticket or bet that cannot be recorded', { saleId: sale.saleId, reference: sale.reference, ...c });
  }
  return { tickets: soldTickets, bets: soldBets, conflicts: conflicts.length };
}

/**
 * Splits what the sale's raffle (or gift-basket) lines cost among the raffles (baskets) of its
 * tickets, in proportion to their count; the rounding remainder goes to the first one.
 */
async function recordRevenue(trx: Trx, sale: Sale, kind: 'raffle' | 'giftbasket', ids: number[]): Promise<void> {
  if (!ids.length) return;
  const totalCents = sale.lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.totalCents, 0);
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const entries = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const shares = entries.map(([, count]) => Math.floor((totalCents * count) / ids.length));
  shares[0]! += totalCents - shares.reduce((a, b) => a + b, 0);
  const rows = entries.map(([id, count], i) =>
    kind === 'raffle'
      ? { sale_id: sale.saleId, raffle_id: id, reference: sale.reference, tickets: count, revenue_cents: shares[i]! }
      : { sale_id: sale.saleId, gift_basket_id: id, reference: sale.reference, bets: count, revenue_cents: shares[i]! },
  );
  await insertRevenue(trx, kind, rows);
}
