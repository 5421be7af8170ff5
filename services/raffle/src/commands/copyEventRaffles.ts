/**
 * Next year's fair (the back office's « Dupliquer »): the register announces the new event with
 * `catalog.event.created { sourceEventId }`; its raffles come back with their number of tickets and
 * tiers, under the name the person typed (`raffleName`: « Tombola 2027 », not last year's; « … (2) »
 * for a second raffle) or else their own, its gift baskets with their tiers and baskets to win (name, value) — no
 * tickets, bets, prizes or drawing. Done once per new event (`event_copies`), inside the consumer's
 * transaction (inbox), and published as `raffle.configured` / `giftbasket.configured` so the new
 * event's registers sell them at once.
 */
import type { Trx } from '@kermesse/kit/db';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';
import { claimEventCopy, countEventCopy } from '../repositories/events.ts';
import {
  insertBasketType,
  insertGiftBasket,
  listBasketTiers,
  listBasketTypes,
  listGiftBasketsOfEvent,
  replaceBasketTiers,
} from '../repositories/giftBaskets.ts';
import { insertRaffle, listRafflesOfEvent, listTiers, replaceTiers } from '../repositories/raffles.ts';

export async function copyEventRaffles(
  trx: Trx,
  sourceEventId: number,
  eventId: number,
  raffleName?: string,
): Promise<{ raffles: number; giftBaskets: number } | null> {
  if (!(await claimEventCopy(trx, eventId, sourceEventId))) return null;

  const raffles = await listRafflesOfEvent(trx, sourceEventId);
  for (const [index, raffle] of raffles.entries()) {
    const name = raffleName ? (index === 0 ? raffleName : `${raffleName} (${index + 1})`) : raffle.name;
    const id = await insertRaffle(trx, { eventId, name, totalTickets: raffle.total_tickets });
    await replaceTiers(trx, id, await listTiers(trx, raffle.id));
    await recordRaffleConfigured(trx, id);
  }

  const baskets = await listGiftBasketsOfEvent(trx, sourceEventId);
  for (const basket of baskets) {
    const id = await insertGiftBasket(trx, { eventId, name: basket.name });
    await replaceBasketTiers(trx, id, await listBasketTiers(trx, basket.id));
    for (const type of await listBasketTypes(trx, basket.id))
      await insertBasketType(trx, id, { name: type.name, priceCents: type.price_cents });
    await recordGiftBasketConfigured(trx, id);
  }

  await countEventCopy(trx, eventId, { raffles: raffles.length, giftBaskets: baskets.length });
  return { raffles: raffles.length, giftBaskets: baskets.length };
}
