/**
 * The rules every change of a stock level follows, whatever its cause (sale, manual correction,
 * inventory import): the level row is locked, a movement with its note is written, the level
 * becomes the sum of its movements, and `stock.alert` is recorded in the outbox when the product
 * enters or leaves alert — all in the caller's transaction.
 */
import { recordEvent, type Trx } from '@kermesse/kit';
import { lockLevel, type LevelRow, type MovementKind } from '../repositories/levels.ts';

export const SOURCE = 'stock';

/** SPEC §3: a product is in alert when its level is at or below its threshold. */
export const isAlert = (stock: number, alertThreshold: number): boolean => stock <= alertThreshold;

export const DEMO_NOTE = 'Stock initial (données de démonstration)';

/** Transactions that recorded a stock.alert: after their commit the outbox relay is woken. */
const recordedIn = new WeakSet<Trx>();

/** True when `trx` recorded an event in the outbox (so the relay should publish after the commit). */
export const recordedEvents = (trx: Trx): boolean => recordedIn.has(trx);

/**
 * Publishes the alert state of a level when it changed since the last one published; returns the
 * state now. `level` holds the values after the change and the previously published `is_alert`.
 */
export async function settleAlert(trx: Trx, level: LevelRow): Promise<boolean> {
  const now = isAlert(level.stock, level.alert_threshold);
  if (now === level.is_alert) return now;
  await trx('levels').where({ event_id: level.event_id, product_id: level.product_id }).update({ is_alert: now });
  await recordEvent(trx, SOURCE, 'stock.alert', {
    eventId: level.event_id,
    productId: level.product_id,
    isAlert: now,
    stock: level.stock,
    alertThreshold: level.alert_threshold,
  });
  recordedIn.add(trx);
  return now;
}

/**
 * Creates the missing levels of an event's own products (0 in stock, threshold 0), then initialises
 * them. Products of other events get none (issue 10). Products whose event is unknown (published
 * without eventId) get one only while no product at all has a known event: a catalogue from before
 * the back office, where every product was sold in every event.
 */
export async function ensureLevelsForEvent(trx: Trx, eventId: number): Promise<number> {
  const created: LevelKey[] = (await trx.raw(
    `insert into levels (event_id, product_id)
     select ?, p.id from products p
     where p.active and p.kind = 'product'
       and (p.event_id = ? or (p.event_id is null and not exists (select 1 from products q where q.event_id is not null)))
     on conflict do nothing
     returning event_id, product_id`,
    [eventId, eventId],
  )).rows;
  await initialiseLevels(trx, created);
  return created.length;
}

/**
 * Creates the levels of a product when it first appears or comes back on sale: in its event only,
 * or in every known event when its event is unknown (published without eventId, before the back office).
 */
export async function ensureLevelsForProduct(trx: Trx, productId: number): Promise<number> {
  const created: LevelKey[] = (await trx.raw(
    `insert into levels (event_id, product_id)
     select e.id, p.id from events e join products p on p.id = ? and p.kind = 'product'
     where p.event_id is null or p.event_id = e.id
     on conflict do nothing
     returning event_id, product_id`,
    [productId],
  )).rows;
  await initialiseLevels(trx, created);
  return created.length;
}

/**
 * Removes the levels of a product in events other than its own that never held anything (0 in
 * stock, no movement): lines created before the product's event was known. A removed level that
 * was in alert publishes its end of alert. Returns how many were removed.
 */
export async function dropForeignLevels(trx: Trx, productId: number, eventId: number): Promise<number> {
  const removed: LevelRow[] = (await trx.raw(
    `delete from levels l
     where l.product_id = ? and l.event_id <> ? and l.stock = 0
       and not exists (select 1 from movements m where m.event_id = l.event_id and m.product_id = l.product_id)
     returning event_id, product_id, stock, alert_threshold, is_alert`,
    [productId, eventId],
  )).rows;
  for (const level of removed) {
    if (!level.is_alert) continue;
    await recordEvent(trx, SOURCE, 'stock.alert', {
      eventId: level.event_id, productId: level.product_id, isAlert: false, stock: level.stock, alertThreshold: level.alert_threshold,
    });
    recordedIn.add(trx);
  }
  return removed.length;
}

/** Creates one level when missing (a sale or an edit of a product the level was not created for). */
export async function ensureLevel(trx: Trx, eventId: number, productId: number): Promise<void> {
  await ensureLevelsOf(trx, eventId, [productId]);
}

/** Creates the missing levels of some products of an event (one statement when none is missing). */
export async function ensureLevelsOf(trx: Trx, eventId: number, productIds: number[]): Promise<void> {
  const created: LevelKey[] = (await trx.raw(
    `insert into levels (event_id, product_id) select ?, unnest(?::int[])
     on conflict do nothing
     returning event_id, product_id`,
    [eventId, productIds],
  )).rows;
  await initialiseLevels(trx, created);
}

type LevelKey = { event_id: number; product_id: number };

/** New levels start empty (outside alert): the demo level may apply, then the alert state is published. */
async function initialiseLevels(trx: Trx, created: LevelKey[]): Promise<void> {
  if (created.length === 0) return;
  const applied = await applyDemoLevels(trx, { pairs: created });
  for (const { event_id, product_id } of created) {
    if (applied.has(`${event_id}:${product_id}`)) continue;
    await settleAlert(trx, { event_id, product_id, stock: 0, alert_threshold: 0, is_alert: false });
  }
}

/**
 * Gives the demo levels (demo_levels, by event and product name, `*` for the other products of
 * the event) to the levels that match and have not had theirs yet: the threshold, and the level
 * as a « Stock initial » movement. Names may only be known after the level was created (a sale
 * can arrive before the catalog events), so the catalog consumers call this again for the event
 * or product they learnt about. Returns the `event:product` keys it applied.
 */
export async function applyDemoLevels(
  trx: Trx,
  which: { pairs: LevelKey[] } | { eventId: number } | { productId: number },
): Promise<Set<string>> {
  const applied = new Set<string>();
  if ('pairs' in which && which.pairs.length === 0) return applied;
  if (!(await trx('demo_levels').first('event_name'))) return applied;
  const filter = 'pairs' in which
    ? trx.raw('(l.event_id, l.product_id) in (select * from unnest(?::int[], ?::int[]))', [which.pairs.map((p) => p.event_id), which.pairs.map((p) => p.product_id)])
    : 'eventId' in which ? trx.raw('l.event_id = ?', [which.eventId]) : trx.raw('l.product_id = ?', [which.productId]);
  const rows: (LevelKey & { stock: number; alert_threshold: number })[] = (await trx.raw(
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
  )).rows;
  for (const row of rows) {
    await trx('levels').where({ event_id: row.event_id, product_id: row.product_id }).update({ alert_threshold: row.alert_threshold, demo_applied: true });
    const level = await changeStock(trx, { eventId: row.event_id, productId: row.product_id, variation: row.stock, kind: 'correction', note: DEMO_NOTE });
    if (row.stock === 0) await settleAlert(trx, level);
    applied.add(`${row.event_id}:${row.product_id}`);
  }
  return applied;
}

export interface StockChange {
  eventId: number;
  productId: number;
  /** Either a variation (a sale: -quantity) or the level to reach (a count). */
  variation?: number;
  target?: number;
  kind: MovementKind;
  note: string;
  saleId?: number;
  saleReference?: string;
  saleLine?: number;
  importId?: number;
  createdBy?: string | null;
}

/**
 * Applies one change to an existing level (call ensureLevel first). A change that leaves the level
 * as it was writes nothing. Returns the level after the change.
 */
export async function changeStock(trx: Trx, change: StockChange): Promise<LevelRow> {
  if (change.target === undefined) return applyVariation(trx, change, change.variation ?? 0);
  const level = await lockLevel(trx, change.eventId, change.productId);
  if (!level) throw new Error(`no stock level for event ${change.eventId} product ${change.productId}`);
  return applyVariation(trx, change, change.target - level.stock);
}

/**
 * Adds a variation to a level in one statement (which locks the row), writes the movement with the
 * level it leads to, and settles the alert. A variation of 0 writes nothing.
 */
async function applyVariation(trx: Trx, change: StockChange, variation: number): Promise<LevelRow> {
  if (variation === 0) {
    const level = await lockLevel(trx, change.eventId, change.productId);
    if (!level) throw new Error(`no stock level for event ${change.eventId} product ${change.productId}`);
    return level;
  }
  // One statement: the level (row locked by the update) and the movement that explains it.
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
      variation, change.eventId, change.productId,
      change.kind, variation, change.note, change.saleId ?? null, change.saleReference ?? null, change.saleLine ?? null,
      change.importId ?? null, change.createdBy ?? null,
    ],
  );
  const level = rows[0] as (LevelRow & { movements: number }) | undefined;
  if (!level || level.movements !== 1) throw new Error(`no stock level for event ${change.eventId} product ${change.productId}`);
  const after: LevelRow = { event_id: level.event_id, product_id: level.product_id, stock: level.stock, alert_threshold: level.alert_threshold, is_alert: level.is_alert };
  after.is_alert = await settleAlert(trx, after);
  return after;
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
 * level it led to (in the order given, movement ids in that order too). Lines whose level does not
 * exist yet are left out and returned (create it, then apply them). Then the alert of each level
 * whose state changed is settled (the state after all its lines).
 */
export async function applySaleLines(trx: Trx, lines: SaleLineChange[]): Promise<{ levels: LevelRow[]; withoutLevel: SaleLineChange[] }> {
  if (lines.length === 0) return { levels: [], withoutLevel: [] };
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
  const result = rows[0] as { levels: LevelRow[]; movements: number; without_level: number[] };
  const withoutLevel = result.without_level.map((ord) => lines[ord - 1]!);
  const levels: LevelRow[] = [];
  for (const level of result.levels) {
    const row: LevelRow = { event_id: level.event_id, product_id: level.product_id, stock: level.stock, alert_threshold: level.alert_threshold, is_alert: level.is_alert };
    row.is_alert = await settleAlert(trx, row);
    levels.push(row);
  }
  return { levels, withoutLevel };
}

/** Changes a threshold (no movement: the level itself does not change) and settles the alert. */
export async function changeThreshold(trx: Trx, eventId: number, productId: number, alertThreshold: number): Promise<LevelRow> {
  const level = await lockLevel(trx, eventId, productId);
  if (!level) throw new Error(`no stock level for event ${eventId} product ${productId}`);
  if (level.alert_threshold === alertThreshold) return level;
  await trx('levels').where({ event_id: eventId, product_id: productId }).update({ alert_threshold: alertThreshold, updated_at: trx.fn.now() });
  const after = { ...level, alert_threshold: alertThreshold };
  after.is_alert = await settleAlert(trx, after);
  return after;
}
