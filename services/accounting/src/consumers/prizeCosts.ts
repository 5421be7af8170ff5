/**
 * The prize costs of the fair: `raffle.configured` and `giftbasket.configured` (raffle) and
 * `bingo.configured` (bingo) carry a raffle's, basket's or night's whole state; each is kept in
 * `prize_costs`, the latest state winning. Costs spent: unit cost × quantity for raffle and loto
 * prizes; for a gift basket, the price of each basket type (the basket is the prize).
 */
import type { EventEnvelope } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { applyPrizeCosts } from '../repositories/prizeCosts.ts';

const sumCosts = (prizes: Array<{ quantity: number; costCents: number }>) => ({
  prizes: prizes.reduce((n, p) => n + p.quantity, 0),
  costCents: prizes.reduce((sum, p) => sum + p.quantity * p.costCents, 0),
});

export function applyRaffleConfigured(event: EventEnvelope<'raffle.configured'>, trx: Trx): Promise<void> {
  const { raffleId, eventId, name, prizes } = event.payload;
  return applyPrizeCosts(trx, {
    source: 'raffle',
    sourceId: raffleId,
    eventId,
    name,
    costs: prizes ? sumCosts(prizes) : undefined,
    occurredAt: event.occurredAt,
  });
}

export function applyGiftBasketConfigured(event: EventEnvelope<'giftbasket.configured'>, trx: Trx): Promise<void> {
  const { giftBasketId, eventId, name, types } = event.payload;
  return applyPrizeCosts(trx, {
    source: 'giftbasket',
    sourceId: giftBasketId,
    eventId,
    name,
    costs: sumCosts(types.map((t) => ({ quantity: 1, costCents: t.priceCents }))),
    occurredAt: event.occurredAt,
  });
}

export function applyBingoConfigured(event: EventEnvelope<'bingo.configured'>, trx: Trx): Promise<void> {
  const { bingoId, eventId, name, prizes } = event.payload;
  return applyPrizeCosts(trx, { source: 'bingo', sourceId: bingoId, eventId, name, costs: sumCosts(prizes), occurredAt: event.occurredAt });
}
