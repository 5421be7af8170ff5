/**
 * Every change of a raffle the register must know is recorded as `raffle.configured` in the same
 * transaction; a raffle still waiting for its event publishes once the event is known.
 */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Trx } from '@kermesse/kit/db';
import { listPrizes } from '../repositories/prizes.ts';
import { findRaffle, listTiers, lockRaffleRow } from '../repositories/raffles.ts';

export const SOURCE = 'raffle';

/**
 * Records `raffle.configured` (tiers and prizes with their cost: the whole current state) for a
 * raffle whose event is known; false otherwise. Locks the raffle first, so two transactions changing
 * it publish one after the other and the later event carries both changes (latest state wins).
 */
export async function recordRaffleConfigured(trx: Trx, raffleId: number): Promise<boolean> {
  await lockRaffleRow(trx, raffleId);
  const raffle = await findRaffle(trx, raffleId);
  if (!raffle || raffle.event_id === null) return false;
  const [tiers, prizes] = await Promise.all([listTiers(trx, raffleId), listPrizes(trx, raffleId)]);
  await recordEvent(trx, SOURCE, 'raffle.configured', {
    raffleId,
    eventId: raffle.event_id,
    name: raffle.name,
    totalTickets: raffle.total_tickets,
    tiers: tiers.map((t) => ({ nb: t.nb, priceCents: t.priceCents })),
    salesOpen: raffle.sales_closed_at === null,
    prizes: prizes.map((p) => ({ id: p.id, name: p.name, quantity: p.quantity, costCents: p.cost_cents })),
  });
  return true;
}
