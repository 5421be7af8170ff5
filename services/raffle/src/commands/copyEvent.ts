/**
 * Next year's fair (the back office's « Dupliquer »): the register announces the new event with
 * `catalog.event.created { sourceEventId }`; its raffles come back with their name, number of
 * tickets and tiers, its gift baskets with their tiers and baskets to win (name, value) — no
 * tickets, bets, prizes or drawing. Done once per new event (`event_copies`), inside the consumer's
 * transaction (inbox), and published as `raffle.configured` / `giftbasket.configured` so the new
 * event's registers sell them at once.
 */
import type { Trx } from '@kermesse/kit';
import { recordGiftBasketConfigured, recordRaffleConfigured } from './configure.ts';
import { insertBasketType, insertGiftBasket, listBasketTiers, listBasketTypes, replaceBasketTiers } from '../repositories/giftBaskets.ts';
import { insertRaffle, listTiers, replaceTiers } from '../repositories/raffles.ts';

export async function copyEventRaffles(trx: Trx, sourceEventId: number, eventId: number): Promise<{ raffles: number; giftBaskets: number } | null> {
  const claimed = await trx('event_copies')
    .insert({ event_id: eventId, source_event_id: sourceEventId, raffles: 0, gift_baskets: 0 })
    .onConflict('event_id').ignore().returning('event_id');
  if (claimed.length === 0) return null;

  const raffles = (await trx('raffles').where({ event_id: sourceEventId }).orderBy('id').select('id', 'name', 'total_tickets')) as Array<{ id: number; name: string; total_tickets: number }>;
  for (const raffle of raffles) {
    const id = await insertRaffle(trx, { eventId, name: raffle.name, totalTickets: raffle.total_tickets });
    await replaceTiers(trx, id, await listTiers(trx, raffle.id));
    await recordRaffleConfigured(trx, id);
  }

  const baskets = (await trx('gift_baskets').where({ event_id: sourceEventId }).orderBy('id').select('id', 'name')) as Array<{ id: number; name: string }>;
  for (const basket of baskets) {
    const id = await insertGiftBasket(trx, { eventId, name: basket.name });
    await replaceBasketTiers(trx, id, await listBasketTiers(trx, basket.id));
    for (const type of await listBasketTypes(trx, basket.id)) await insertBasketType(trx, id, { name: type.name, priceCents: type.price_cents });
    await recordGiftBasketConfigured(trx, id);
  }

  await trx('event_copies').where({ event_id: eventId }).update({ raffles: raffles.length, gift_baskets: baskets.length });
  return { raffles: raffles.length, giftBaskets: baskets.length };
}
