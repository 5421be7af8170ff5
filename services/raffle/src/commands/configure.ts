/**
 * Raffle and gift-basket configuration (tiers, total of tickets, basket types). Every change the
 * register must know is recorded as `raffle.configured` / `giftbasket.configured` in the same
 * transaction; a raffle or basket still waiting for its event publishes once the event is known.
 */
import { recordEvent, type Db, type Trx } from '@kermesse/kit';
import { raffleError } from '../errors.ts';
import type { Tier } from '../rules/tierRules.ts';
import { findEvent, listEvents } from '../repositories/events.ts';
import {
  findGiftBasket, insertGiftBasket, listBasketTiers, listBasketTypes, replaceBasketTiers, touchGiftBasket,
} from '../repositories/giftBaskets.ts';
import { listPrizes } from '../repositories/prizes.ts';
import { findRaffle, highestTakenNumber, insertRaffle, listTiers, replaceTiers, updateRaffle } from '../repositories/raffles.ts';

export const SOURCE = 'raffle';
export const MAX_TICKETS = 1_000_000;

/**
 * Records `raffle.configured` (tiers and prizes with their cost: the whole current state) for a
 * raffle whose event is known; false otherwise. Locks the raffle first, so two transactions changing
 * it publish one after the other and the later event carries both changes (latest state wins).
 */
export async function recordRaffleConfigured(trx: Trx, raffleId: number): Promise<boolean> {
  await trx('raffles').where({ id: raffleId }).forUpdate().first('id');
  const raffle = await findRaffle(trx, raffleId);
  if (!raffle || raffle.event_id === null) return false;
  const [tiers, prizes] = await Promise.all([listTiers(trx, raffleId), listPrizes(trx, raffleId)]);
  await recordEvent(trx, SOURCE, 'raffle.configured', {
    raffleId, eventId: raffle.event_id, name: raffle.name, totalTickets: raffle.total_tickets,
    tiers: tiers.map((t) => ({ nb: t.nb, priceCents: t.priceCents })), salesOpen: raffle.sales_closed_at === null,
    prizes: prizes.map((p) => ({ id: p.id, name: p.name, quantity: p.quantity, costCents: p.cost_cents })),
  });
  return true;
}

/** Records `giftbasket.configured` for a basket whose event is known; false otherwise. */
export async function recordGiftBasketConfigured(trx: Trx, basketId: number): Promise<boolean> {
  // Locked first: concurrent changes of its types publish in turn, the later with both (latest wins).
  await trx('gift_baskets').where({ id: basketId }).forUpdate().first('id');
  const basket = await findGiftBasket(trx, basketId);
  if (!basket || basket.event_id === null) return false;
  const [tiers, types] = await Promise.all([listBasketTiers(trx, basketId), listBasketTypes(trx, basketId)]);
  await recordEvent(trx, SOURCE, 'giftbasket.configured', {
    giftBasketId: basketId, eventId: basket.event_id, name: basket.name,
    tiers: tiers.map((t) => ({ nb: t.nb, priceCents: t.priceCents })),
    types: types.map((t) => ({ id: t.id, name: t.name, priceCents: t.price_cents })),
  });
  return true;
}

/** The event of a new raffle or basket: the one given, else the only one known. */
async function chooseEvent(trx: Trx, eventId: number | undefined): Promise<number> {
  if (eventId !== undefined) {
    if (!(await findEvent(trx, eventId))) throw raffleError('EVENT_NOT_FOUND');
    return eventId;
  }
  const events = await listEvents(trx);
  if (events.length === 1) return events[0]!.id;
  if (events.length === 0) throw raffleError('NO_EVENT_KNOWN');
  throw raffleError('EVENT_REQUIRED');
}

export interface RaffleSettings { tiers: Tier[]; eventId?: number; name?: string; totalTickets?: number }

/** POST /api/admin/raffle: a new raffle with its tiers (defaults: « Tombola », 1 000 tickets). */
export async function createRaffle(db: Db, settings: RaffleSettings): Promise<number> {
  return db.transaction(async (trx) => {
    const eventId = await chooseEvent(trx, settings.eventId);
    const id = await insertRaffle(trx, { eventId, name: settings.name ?? 'Tombola', totalTickets: settings.totalTickets ?? 1000 });
    await replaceTiers(trx, id, settings.tiers);
    await recordRaffleConfigured(trx, id);
    return id;
  });
}

/** PUT /api/admin/raffle/{id}: new tiers, and optionally a new name or total of tickets. */
export async function updateRaffleSettings(db: Db, raffleId: number, settings: Omit<RaffleSettings, 'eventId'>): Promise<void> {
  await db.transaction(async (trx) => {
    const raffle = await trx('raffles').where({ id: raffleId }).forUpdate().first('id', 'total_tickets', 'sales_closed_at');
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (settings.totalTickets !== undefined && settings.totalTickets !== raffle.total_tickets) {
      if (raffle.sales_closed_at) throw raffleError('TOTAL_TICKETS_FROZEN');
      const highest = await highestTakenNumber(trx, raffleId);
      if (settings.totalTickets < highest) {
        throw raffleError('TOTAL_BELOW_SOLD', highest);
      }
    }
    await updateRaffle(trx, raffleId, { name: settings.name, totalTickets: settings.totalTickets });
    await replaceTiers(trx, raffleId, settings.tiers);
    await recordRaffleConfigured(trx, raffleId);
  });
}

/** POST /api/admin/gift-basket: a new gift basket with its tiers (default name « Paniers garnis »). */
export async function createGiftBasket(db: Db, settings: { tiers: Tier[]; eventId?: number; name?: string }): Promise<number> {
  return db.transaction(async (trx) => {
    const eventId = await chooseEvent(trx, settings.eventId);
    const id = await insertGiftBasket(trx, { eventId, name: settings.name ?? 'Paniers garnis' });
    await replaceBasketTiers(trx, id, settings.tiers);
    await recordGiftBasketConfigured(trx, id);
    return id;
  });
}

/** PUT /api/admin/gift-basket/{id}: new tiers (and optionally a new name). */
export async function updateGiftBasketSettings(db: Db, basketId: number, settings: { tiers: Tier[]; name?: string }): Promise<void> {
  await db.transaction(async (trx) => {
    const basket = await trx('gift_baskets').where({ id: basketId }).forUpdate().first('id');
    if (!basket) throw raffleError('GIFT_BASKET_NOT_FOUND');
    await touchGiftBasket(trx, basketId, { name: settings.name });
    await replaceBasketTiers(trx, basketId, settings.tiers);
    await recordGiftBasketConfigured(trx, basketId);
  });
}

/**
 * `catalog.event.created`: the raffles and baskets waiting for an event of that name (the demo
 * data, seeded before the register's event id is known) are attached to it and published.
 */
export async function attachWaitingToEvent(trx: Trx, event: { id: number; name: string }): Promise<{ raffles: number; baskets: number }> {
  const raffles: Array<{ id: number }> = await trx('raffles').whereNull('event_id').where('awaiting_event_name', event.name)
    .update({ event_id: event.id, awaiting_event_name: null, updated_at: trx.fn.now() }).returning('id');
  for (const r of raffles) await recordRaffleConfigured(trx, r.id);
  const baskets: Array<{ id: number }> = await trx('gift_baskets').whereNull('event_id').where('awaiting_event_name', event.name)
    .update({ event_id: event.id, awaiting_event_name: null, updated_at: trx.fn.now() }).returning('id');
  for (const b of baskets) await recordGiftBasketConfigured(trx, b.id);
  return { raffles: raffles.length, baskets: baskets.length };
}
