import type { Db } from '@kermesse/kit/db';
import type { Tier } from '../rules/tierRules.ts';

export interface GiftBasketRow {
  id: number;
  event_id: number | null;
  awaiting_event_name: string | null;
  event_name: string | null;
  name: string;
}

export interface BasketTypeRow {
  id: number;
  gift_basket_id: number;
  name: string;
  price_cents: number;
  real_weight: number | null;
  weighed_at: Date | null;
}

const COLUMNS = ['g.id', 'g.event_id', 'g.awaiting_event_name', 'e.name as event_name', 'g.name'];
const base = (db: Db) => db('gift_baskets as g').leftJoin('events as e', 'e.id', 'g.event_id');

export const findGiftBasket = (db: Db, id: number): Promise<GiftBasketRow | undefined> => base(db).where('g.id', id).first(COLUMNS);
export const listGiftBaskets = (db: Db): Promise<GiftBasketRow[]> => base(db).select(COLUMNS).orderBy('g.id', 'desc');

export async function insertGiftBasket(
  db: Db,
  basket: { eventId: number | null; awaitingEventName?: string | null; name: string },
): Promise<number> {
  const [row] = await db('gift_baskets')
    .insert({ event_id: basket.eventId, awaiting_event_name: basket.awaitingEventName ?? null, name: basket.name })
    .returning('id');
  return (row as { id: number }).id;
}

export async function touchGiftBasket(db: Db, id: number, changes: { name?: string } = {}): Promise<void> {
  await db('gift_baskets')
    .where({ id })
    .update({ ...(changes.name !== undefined ? { name: changes.name } : {}), updated_at: db.fn.now() });
}

export async function listBasketTiers(db: Db, basketId: number): Promise<Tier[]> {
  const rows: Array<{ nb: number; price_cents: number }> = await db('gift_basket_tiers')
    .where({ gift_basket_id: basketId })
    .select('nb', 'price_cents')
    .orderBy('position');
  return rows.map((r) => ({ nb: r.nb, priceCents: r.price_cents }));
}

export async function replaceBasketTiers(db: Db, basketId: number, tiers: Tier[]): Promise<void> {
  await db('gift_basket_tiers').where({ gift_basket_id: basketId }).delete();
  if (tiers.length) {
    await db('gift_basket_tiers').insert(
      tiers.map((t, position) => ({ gift_basket_id: basketId, position, nb: t.nb, price_cents: t.priceCents })),
    );
  }
}

const TYPE_COLUMNS = ['id', 'gift_basket_id', 'name', 'price_cents', 'real_weight', 'weighed_at'];

export const listBasketTypes = (db: Db, basketId: number): Promise<BasketTypeRow[]> =>
  db('gift_basket_types').where({ gift_basket_id: basketId }).select(TYPE_COLUMNS).orderBy('id');

export const findBasketType = (db: Db, id: number): Promise<BasketTypeRow | undefined> =>
  db('gift_basket_types').where({ id }).first(TYPE_COLUMNS);

export async function insertBasketType(db: Db, basketId: number, type: { name: string; priceCents: number }): Promise<BasketTypeRow> {
  const [row] = await db('gift_basket_types')
    .insert({ gift_basket_id: basketId, name: type.name, price_cents: type.priceCents })
    .returning(TYPE_COLUMNS);
  return row as BasketTypeRow;
}

export async function updateBasketType(db: Db, id: number, type: { name: string; priceCents: number }): Promise<BasketTypeRow> {
  const [row] = await db('gift_basket_types')
    .where({ id })
    .update({ name: type.name, price_cents: type.priceCents })
    .returning(TYPE_COLUMNS);
  return row as BasketTypeRow;
}

export async function setRealWeight(db: Db, id: number, weight: number | null): Promise<BasketTypeRow> {
  const [row] = await db('gift_basket_types')
    .where({ id })
    .update({ real_weight: weight, weighed_at: weight === null ? null : db.fn.now() })
    .returning(TYPE_COLUMNS);
  return row as BasketTypeRow;
}

export const deleteBasketType = (db: Db, id: number): Promise<number> => db('gift_basket_types').where({ id }).delete();

/** A sold bet with its buyer (for the winners). */
export interface SoldBetRow {
  weight: number;
  type_id: number;
  type_name: string;
  person_id: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  sold_at: Date | null;
  seq: number;
}

export const listSoldBets = (db: Db, basketId: number): Promise<SoldBetRow[]> =>
  db('bets as b')
    .join('gift_basket_types as t', 't.id', 'b.type_id')
    .where('b.gift_basket_id', basketId)
    .where('b.status', 'sold')
    .whereNull('b.voided_at')
    .select(
      'b.weight',
      'b.type_id',
      't.name as type_name',
      'b.person_id',
      'b.firstname',
      'b.lastname',
      'b.email',
      'b.phone',
      'b.sold_at',
      'b.seq',
    )
    .orderBy('b.weight');

/** Weights sold or held by a live claim (the register's picker must not offer them). */
export const listTakenBets = (db: Db, basketId: number): Promise<Array<{ weight: number; type_id: number; type_name: string }>> =>
  db('bets as b')
    .join('gift_basket_types as t', 't.id', 'b.type_id')
    .where('b.gift_basket_id', basketId)
    .where((q) => q.where('b.status', 'sold').orWhere('b.expires_at', '>', db.fn.now()))
    .select('b.weight', 'b.type_id', 't.name as type_name')
    .orderBy('b.weight');

export async function basketSalesFigures(db: Db, basketId: number): Promise<{ sold: number; revenueCents: number }> {
  const [counts] = await db('bets')
    .where({ gift_basket_id: basketId, status: 'sold' })
    .whereNull('voided_at')
    .select(db.raw('count(*)::int as sold'));
  const [revenue] = await db('gift_basket_sales')
    .where({ gift_basket_id: basketId })
    .select(
      db.raw(
        `(coalesce(sum(revenue_cents), 0) - (select coalesce(sum(refund_cents), 0) from refund_revenue where kind = 'giftbasket' and owner_id = ?))::int as cents`,
        [basketId],
      ),
    );
  return { sold: (counts as { sold: number }).sold, revenueCents: (revenue as { cents: number }).cents };
}

/** The gift basket row locked for this transaction (its changes and events are serialized). */
export const lockGiftBasketRow = (trx: Db, id: number): Promise<{ id: number } | undefined> =>
  trx('gift_baskets').where({ id }).forUpdate().first('id');

/** The basket type row locked for this transaction. */
export const lockBasketType = (
  trx: Db,
  id: number,
): Promise<{ id: number; gift_basket_id: number; name: string; real_weight: number | null } | undefined> =>
  trx('gift_basket_types').where({ id }).forUpdate().first('id', 'gift_basket_id', 'name', 'real_weight');

export const typeHasBets = async (trx: Db, typeId: number): Promise<boolean> =>
  Boolean(await trx('bets').where({ type_id: typeId }).first('weight'));

/** Bets on this basket type held by a claim still in progress (weighing waits for them). */
export async function countLiveHeldBets(trx: Db, typeId: number): Promise<number> {
  const [pending] = await trx('bets')
    .where({ type_id: typeId, status: 'held' })
    .where('expires_at', '>', trx.fn.now())
    .select(trx.raw('count(*)::int as n'));
  return (pending as { n: number }).n;
}

/** Gift baskets waiting for an event of this name (demo data) get its id; answers their ids. */
export async function attachWaitingGiftBaskets(trx: Db, event: { id: number; name: string }): Promise<number[]> {
  const rows: Array<{ id: number }> = await trx('gift_baskets')
    .whereNull('event_id')
    .where('awaiting_event_name', event.name)
    .update({ event_id: event.id, awaiting_event_name: null, updated_at: trx.fn.now() })
    .returning('id');
  return rows.map((r) => r.id);
}

/** An event's gift baskets (to copy them to next year's). */
export const listGiftBasketsOfEvent = (trx: Db, eventId: number): Promise<Array<{ id: number; name: string }>> =>
  trx('gift_baskets').where({ event_id: eventId }).orderBy('id').select('id', 'name');
