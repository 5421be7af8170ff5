/** Stock levels per event and product, and the movement ledger that explains them. */
import type { Db, Trx } from '@kermesse/kit/db';
import type { MovementKind } from '@kermesse/contracts-stock';

export type { MovementKind };

export interface LevelRow {
  event_id: number;
  product_id: number;
  stock: number;
  alert_threshold: number;
  is_alert: boolean;
}

/** A level with its product, as the stock screens list it. */
export interface StockLine extends LevelRow {
  name: string;
  category_name: string;
  active: boolean;
}

export interface MovementInsert {
  event_id: number;
  product_id: number;
  kind: MovementKind;
  variation: number;
  stock_after: number;
  note: string;
  sale_id?: number | null;
  sale_reference?: string | null;
  sale_line?: number | null;
  import_id?: number | null;
  created_by?: string | null;
}

export interface MovementRow extends Required<MovementInsert> {
  id: number;
  created_at: Date;
}

/** The levels of an event's active products (inactive ones keep theirs, out of sight). */
export const listStockLines = (db: Db | Trx, eventId: number): Promise<StockLine[]> =>
  db('levels as l')
    .join('products as p', 'p.id', 'l.product_id')
    .where('l.event_id', eventId)
    .andWhere('p.active', true)
    .andWhere('p.kind', 'product')
    .select('l.event_id', 'l.product_id', 'l.stock', 'l.alert_threshold', 'l.is_alert', 'p.name', 'p.category_name', 'p.active');

export const findStockLine = (db: Db | Trx, eventId: number, productId: number): Promise<StockLine | undefined> =>
  db('levels as l')
    .join('products as p', 'p.id', 'l.product_id')
    .where({ 'l.event_id': eventId, 'l.product_id': productId })
    .first('l.event_id', 'l.product_id', 'l.stock', 'l.alert_threshold', 'l.is_alert', 'p.name', 'p.category_name', 'p.active');

/** Locks one level until the transaction ends (every change of a level goes through this). */
export const lockLevel = (trx: Trx, eventId: number, productId: number): Promise<LevelRow | undefined> =>
  trx('levels')
    .where({ event_id: eventId, product_id: productId })
    .forUpdate()
    .first('event_id', 'product_id', 'stock', 'alert_threshold', 'is_alert');

/** Locks the levels of several products of one event, in product order (no deadlock with a sale). */
export const lockLevels = (trx: Trx, eventId: number, productIds: number[]): Promise<LevelRow[]> =>
  trx('levels')
    .where({ event_id: eventId })
    .whereIn('product_id', productIds)
    .orderBy('product_id')
    .forUpdate()
    .select('event_id', 'product_id', 'stock', 'alert_threshold', 'is_alert');

export const hasSaleMovement = async (trx: Trx, saleId: number, saleLine: number): Promise<boolean> =>
  Boolean(await trx('movements').where({ sale_id: saleId, sale_line: saleLine }).first('id'));

export async function insertMovements(trx: Trx, movements: MovementInsert[]): Promise<void> {
  for (let i = 0; i < movements.length; i += 1000) {
    await trx('movements').insert(movements.slice(i, i + 1000));
  }
}

export const listMovements = (db: Db | Trx, eventId: number, productId: number, limit: number): Promise<MovementRow[]> =>
  db('movements').where({ event_id: eventId, product_id: productId }).orderBy('id', 'desc').limit(limit).select('*');

/** The key of a level (one product in one event). */
export type LevelKey = { event_id: number; product_id: number };

/** The stock of every level of an event, by product. */
export async function levelStocks(db: Db | Trx, eventId: number): Promise<Map<number, number>> {
  const rows: { product_id: number; stock: number }[] = await db('levels').where({ event_id: eventId }).select('product_id', 'stock');
  return new Map(rows.map((r) => [r.product_id, r.stock]));
}

/** Records the alert state last published for a level. */
export async function setAlertState(trx: Trx, key: LevelKey, isAlert: boolean): Promise<void> {
  await trx('levels').where({ event_id: key.event_id, product_id: key.product_id }).update({ is_alert: isAlert });
}

/** Sets a threshold (the level itself does not change). */
export async function setThreshold(trx: Trx, eventId: number, productId: number, alertThreshold: number): Promise<void> {
  await trx('levels')
    .where({ event_id: eventId, product_id: productId })
    .update({ alert_threshold: alertThreshold, updated_at: trx.fn.now() });
}

/**
 * Creates the missing levels of an event's own products (0 in stock, threshold 0). Products whose
 * event is unknown get one only while no product at all has a known event. Returns those created.
 */
export async function createLevelsForEvent(trx: Trx, eventId: number): Promise<LevelKey[]> {
  return (
    await trx.raw(
      `insert into levels (event_id, product_id)
     select ?, p.id from products p
     where p.active and p.kind = 'product'
       and (p.event_id = ? or (p.event_id is null and not exists (select 1 from products q where q.event_id is not null)))
     on conflict do nothing
     returning event_id, product_id`,
      [eventId, eventId],
    )
  ).rows;
}

/** Creates the missing levels of a product: in its event, or in every known event when its event is unknown. */
export async function createLevelsForProduct(trx: Trx, productId: number): Promise<LevelKey[]> {
  return (
    await trx.raw(
      `insert into levels (event_id, product_id)
     select e.id, p.id from events e join products p on p.id = ? and p.kind = 'product'
     where p.event_id is null or p.event_id = e.id
     on conflict do nothing
     returning event_id, product_id`,
      [productId],
    )
  ).rows;
}

/** Creates the missing levels of some products of an event (one statement); returns those created. */
export async function createLevels(trx: Trx, eventId: number, productIds: number[]): Promise<LevelKey[]> {
  return (
    await trx.raw(
      `insert into levels (event_id, product_id) select ?, unnest(?::int[])
     on conflict do nothing
     returning event_id, product_id`,
      [eventId, productIds],
    )
  ).rows;
}

/** Deletes the levels of a product in events other than `eventId` that never held anything (0, no movement). */
export async function deleteEmptyForeignLevels(trx: Trx, productId: number, eventId: number): Promise<LevelRow[]> {
  return (
    await trx.raw(
      `delete from levels l
     where l.product_id = ? and l.event_id <> ? and l.stock = 0
       and not exists (select 1 from movements m where m.event_id = l.event_id and m.product_id = l.product_id)
     returning event_id, product_id, stock, alert_threshold, is_alert`,
      [productId, eventId],
    )
  ).rows;
}

/** True when demo levels were seeded (the demo only). */
export const hasDemoLevels = async (trx: Trx): Promise<boolean> => Boolean(await trx('demo_levels').first('event_name'));

/** Which levels a demo level applies to. */
export type DemoScope = { pairs: LevelKey[] } | { eventId: number } | { productId: number };

/**
 * The levels of `scope` that match a demo level (by event and product name, `*` for the other
 * products of the event) and have not had theirs yet, locked, with the demo stock and threshold.
 */
export async function lockPendingDemoLevels(
  trx: Trx,
  scope: DemoScope,
): Promise<(LevelKey & { stock: number; alert_threshold: number })[]> {
  const filter =
    'pairs' in scope
      ? trx.raw('(l.event_id, l.product_id) in (select * from unnest(?::int[], ?::int[]))', [
          scope.pairs.map((p) => p.event_id),
          scope.pairs.map((p) => p.product_id),
        ])
      : 'eventId' in scope
        ? trx.raw('l.event_id = ?', [scope.eventId])
        : trx.raw('l.product_id = ?', [scope.productId]);
  return (
    await trx.raw(
      `select l.event_id, l.product_id, d.stock, d.alert_threshold
     from levels l
     join events e on e.id = l.event_id
     join products p on p.id = l.product_id
     join lateral (
       select stock, alert_threshold from demo_levels dl
       where dl.event_name = e.name and (dl.product_name = p.name or dl.product_name = '*')
       order by (dl.product_name = '*') limit 1
     ) d on true
     where not l.demo_applied and ?
     order by l.product_id
     for update of l`,
      [filter],
    )
  ).rows;
}

/** Gives a level its demo threshold and marks its demo level applied. */
export async function markDemoApplied(trx: Trx, key: LevelKey, alertThreshold: number): Promise<void> {
  await trx('levels')
    .where({ event_id: key.event_id, product_id: key.product_id })
    .update({ alert_threshold: alertThreshold, demo_applied: true });
}

/** One movement to write with the level change it explains. */
export interface MovementChange {
  eventId: number;
  productId: number;
  kind: MovementKind;
  note: string;
  saleId?: number;
  saleReference?: string;
  saleLine?: number;
  importId?: number;
  createdBy?: string | null;
}

/**
 * Adds a variation to a level and writes the movement with the level it leads to, in one statement
 * (which locks the row). Undefined when the level does not exist.
 */
export async function addToLevel(trx: Trx, change: MovementChange, variation: number): Promise<LevelRow | undefined> {
  const { rows } = await trx.raw(
    `with level as (
       update levels set stock = stock + ?::int, updated_at = now()
       where event_id = ? and product_id = ?
       returning event_id, product_id, stock, alert_threshold, is_alert
     ), movement as (
       insert into movements (event_id, product_id, kind, variation, stock_after, note, sale_id, sale_reference, sale_line, import_id, created_by, created_at)
       select event_id, product_id, ?::text, ?::int, stock, ?::text, ?::int, ?::text, ?::int, ?::int, ?::text, clock_timestamp() from level
       returning id
     )
     select level.*, (select count(*) from movement)::int as movements from level`,
    [
      variation,
      change.eventId,
      change.productId,
      change.kind,
      variation,
      change.note,
      change.saleId ?? null,
      change.saleReference ?? null,
      change.saleLine ?? null,
      change.importId ?? null,
      change.createdBy ?? null,
    ],
  );
  const level = rows[0] as (LevelRow & { movements: number }) | undefined;
  if (!level || level.movements !== 1) return undefined;
  return {
    event_id: level.event_id,
    product_id: level.product_id,
    stock: level.stock,
    alert_threshold: level.alert_threshold,
    is_alert: level.is_alert,
  };
}

/** One line of a sale lowering a level. */
export interface SaleLineChange {
  eventId: number;
  productId: number;
  /** -quantity: never 0. */
  variation: number;
  saleId: number;
  saleReference: string;
  saleLine: number;
  note: string;
}

/**
 * Applies the lines of one or more sales in one statement: a line already applied (its sale id and
 * position have a movement) is skipped; each level touched is locked (in event, product order, like
 * every other writer) and moved by the sum of its lines, and each line gets its movement with the
 * level it led to (in the order given, movement ids in that order too). Returns the levels after
 * and the lines whose level does not exist (left out).
 */
export async function addSaleLines(trx: Trx, lines: SaleLineChange[]): Promise<{ levels: LevelRow[]; withoutLevel: SaleLineChange[] }> {
  const col = <K extends keyof SaleLineChange>(key: K) => lines.map((line) => line[key]);
  const { rows } = await trx.raw(
    `with input as (
       select * from unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::int[], ?::text[]) with ordinality
         as i(event_id, product_id, variation, sale_id, sale_reference, sale_line, note, ord)
     ), todo as (
       select * from input i
       where not exists (select 1 from movements m where m.sale_id = i.sale_id and m.sale_line = i.sale_line)
     ), totals as (
       select event_id, product_id, sum(variation)::int as total from todo group by event_id, product_id
     ), locked as materialized (
       select l.event_id, l.product_id from levels l join totals t using (event_id, product_id)
       order by l.event_id, l.product_id
       for update of l
     ), level as (
       update levels l set stock = l.stock + t.total, updated_at = now()
       from locked k join totals t using (event_id, product_id)
       where l.event_id = k.event_id and l.product_id = k.product_id
       returning l.event_id, l.product_id, l.stock, l.stock - t.total as stock_before, l.alert_threshold, l.is_alert
     ), movement as (
       insert into movements (event_id, product_id, kind, variation, stock_after, note, sale_id, sale_reference, sale_line, created_at)
       select i.event_id, i.product_id, 'sale', i.variation,
              level.stock_before + sum(i.variation) over (partition by i.event_id, i.product_id order by i.ord),
              i.note, i.sale_id, i.sale_reference, i.sale_line, clock_timestamp()
       from todo i join level using (event_id, product_id)
       order by i.ord
       returning 1
     )
     select coalesce((select json_agg(json_build_object(
              'event_id', event_id, 'product_id', product_id, 'stock', stock, 'alert_threshold', alert_threshold, 'is_alert', is_alert
            ) order by event_id, product_id) from level), '[]') as levels,
            (select count(*) from movement)::int as movements,
            array(select ord::int from todo i where not exists (select 1 from level l where l.event_id = i.event_id and l.product_id = i.product_id) order by ord) as without_level`,
    [col('eventId'), col('productId'), col('variation'), col('saleId'), col('saleReference'), col('saleLine'), col('note')],
  );
  const result = rows[0] as { levels: LevelRow[]; without_level: number[] };
  return {
    levels: result.levels.map((level) => ({
      event_id: level.event_id,
      product_id: level.product_id,
      stock: level.stock,
      alert_threshold: level.alert_threshold,
      is_alert: level.is_alert,
    })),
    withoutLevel: result.without_level.map((ord) => lines[ord - 1]!),
  };
}

/** Sets the stock of several levels of an event (an inventory import; movements written beside). */
export async function setLevelStocks(trx: Trx, eventId: number, stocks: { productId: number; stock: number }[]): Promise<void> {
  if (stocks.length === 0) return;
  await trx.raw(
    `update levels l set stock = v.stock, updated_at = now()
     from unnest(?::int[], ?::int[]) as v(product_id, stock)
     where l.event_id = ? and l.product_id = v.product_id`,
    [stocks.map((s) => s.productId), stocks.map((s) => s.stock), eventId],
  );
}

/** Records the alert state of several levels of an event. */
export async function setAlertStates(trx: Trx, eventId: number, states: { productId: number; isAlert: boolean }[]): Promise<void> {
  if (states.length === 0) return;
  await trx.raw(
    `update levels l set is_alert = v.is_alert
     from unnest(?::int[], ?::boolean[]) as v(product_id, is_alert)
     where l.event_id = ? and l.product_id = v.product_id`,
    [states.map((s) => s.productId), states.map((s) => s.isAlert), eventId],
  );
}
