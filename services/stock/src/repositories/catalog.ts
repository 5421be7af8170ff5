/** The read models of the register's catalogue: events and products (ids are the register's). */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Db, Trx } from '@kermesse/kit/db';
import { ASSOCIATION_SETTING } from '@kermesse/kit/tenancy';

export interface EventRow {
  id: number;
  name: string;
  starts_on: string | null;
  /** The last day of a fair held over several days; null for a one-day fair or when not told. */
  ends_on: string | null;
}
export interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  category_id: number | null;
  category_name: string;
  active: boolean;
  kind: string;
}

/** The most recent event first (by date, then newest id), the order of every event choice. */
export const listEvents = (db: Db | Trx): Promise<EventRow[]> =>
  db('events')
    .select('id', 'name', 'starts_on', 'ends_on')
    .orderBy([
      { column: 'starts_on', order: 'desc', nulls: 'last' },
      { column: 'id', order: 'desc' },
    ]);

export const findEvent = (db: Db | Trx, id: number): Promise<EventRow | undefined> =>
  db('events').where({ id }).first('id', 'name', 'starts_on', 'ends_on');

/**
 * Stores an event (a newer name or date wins); true when it was not known before. An end date not
 * told (`endsOn` absent: an older announcement, or the register's answer about an event) keeps the
 * one known.
 */
export async function upsertEvent(
  trx: Trx,
  event: { id: number; name: string; startsOn: string | null; endsOn?: string | null },
): Promise<boolean> {
  const told = event.endsOn === undefined ? {} : { ends_on: event.endsOn };
  const rows: { inserted: boolean }[] = await trx('events')
    .insert({ id: event.id, name: event.name, starts_on: event.startsOn, ...told })
    .onConflict('id')
    .merge({ name: event.name, starts_on: event.startsOn, ...told, updated_at: trx.fn.now() })
    .returning(trx.raw('(xmax = 0) as inserted'));
  return rows[0]?.inserted ?? false;
}

/** An event seen in a sale before its catalog event: a placeholder name until that arrives. */
export async function ensureEventKnown(trx: Trx, eventId: number): Promise<boolean> {
  const rows = await trx('events')
    .insert({ id: eventId, name: `Événement n°${eventId}`, starts_on: null })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows.length > 0;
}

const PRODUCT_COLUMNS = ['id', 'name', 'price_cents', 'category_id', 'category_name', 'active', 'kind'];

/**
 * The products of one event that have a stock: the event's own, and those whose event is unknown
 * (published before the back office named it), which have a level in every event. A duplicated fair
 * has products of the same names: reading only the chosen event's keeps its inventory unambiguous.
 */
export const listEventProducts = (db: Db | Trx, eventId: number): Promise<ProductRow[]> =>
  db('products')
    .where({ kind: 'product' })
    .andWhere((q) => q.where({ event_id: eventId }).orWhereNull('event_id'))
    .select(PRODUCT_COLUMNS);

/** The ids of the products of the other events (an inventory refuses them, saying why). */
export const otherEventsProductIds = async (db: Db | Trx, eventId: number): Promise<number[]> =>
  (await db('products').where({ kind: 'product' }).whereNotNull('event_id').whereNot({ event_id: eventId }).pluck('id')).map(Number);

/** A product that has a stock. */
export const findProduct = (db: Db | Trx, id: number): Promise<ProductRow | undefined> =>
  db('products').where({ id, kind: 'product' }).first(PRODUCT_COLUMNS);

/** Stores a product as catalog.product.changed describes it; true when it was not known before. */
export async function upsertProduct(trx: Trx, product: EventPayloads['catalog.product.changed']): Promise<boolean> {
  const values = {
    name: product.name,
    price_cents: product.priceCents,
    category_id: product.categoryId,
    category_name: product.categoryName,
    active: product.active,
    kind: product.kind ?? 'product',
  };
  const rows: { inserted: boolean }[] = await trx('products')
    .insert({ id: product.productId, ...values, event_id: product.eventId ?? null })
    .onConflict('id')
    // An event without eventId (published before the back office) keeps the event already known.
    .merge({ ...values, event_id: trx.raw('coalesce(excluded.event_id, products.event_id)'), updated_at: trx.fn.now() })
    .returning(trx.raw('(xmax = 0) as inserted'));
  return rows[0]?.inserted ?? false;
}

/** A product seen in a sale line before its catalog event: known from the line until that arrives. */
export async function ensureProductKnown(
  trx: Trx,
  line: { productId: number; name: string; categoryId: number | null; categoryName: string; unitPriceCents: number },
): Promise<boolean> {
  const rows = await trx('products')
    .insert({
      id: line.productId,
      name: line.name || `Produit n°${line.productId}`,
      price_cents: Math.max(0, line.unitPriceCents),
      category_id: line.categoryId,
      category_name: line.categoryName,
      active: true,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows.length > 0;
}

/**
 * Event and product consumers run side by side: both take this lock first so that an event and a
 * product arriving together never both miss the other (each would create no level for the pair).
 * Each association's catalogue has its own lock: one association's events never wait for another's.
 */
export const lockCatalog = (trx: Trx) =>
  trx.raw(`select pg_advisory_xact_lock(hashtext('stock.catalog:' || coalesce(current_setting('${ASSOCIATION_SETTING}', true), '')))`);

/** Which of these events and products are known. */
export async function knownIds(trx: Trx, eventIds: number[], productIds: number[]): Promise<{ events: number[]; products: number[] }> {
  return (
    await trx.raw(
      `select array(select id from events where id = any(?::int[])) as events,
            array(select id from products where id = any(?::int[])) as products`,
      [eventIds, productIds],
    )
  ).rows[0];
}
