/**
 * The rules every change of a stock level follows, whatever its cause (sale, refund, manual
 * correction, inventory import, catalogue): the level row is locked, a movement with its note is
 * written, the level becomes the sum of its movements, and `stock.alert` is recorded in the outbox
 * when the product enters or leaves alert — all in the caller's transaction (a command's or a
 * consumer's inbox transaction). recordEvent wakes the outbox relay once that transaction commits.
 * The SQL is in repositories/levels.ts.
 */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Trx } from '@kermesse/kit/db';
import { isAlert } from '@kermesse/contracts-stock';
import {
  addSaleLines,
  addToLevel,
  createLevels,
  createLevelsForEvent,
  createLevelsForProduct,
  deleteEmptyForeignLevels,
  hasDemoLevels,
  lockLevel,
  lockPendingDemoLevels,
  markDemoApplied,
  setAlertState,
  setThreshold,
  type DemoScope,
  type LevelKey,
  type LevelRow,
  type MovementChange,
  type SaleLineChange,
} from '../repositories/levels.ts';

export { isAlert };
export type { SaleLineChange };

export const SOURCE = 'stock';

export const DEMO_NOTE = 'Stock initial (données de démonstration)';

/** Records stock.alert for a level whose alert state is now `now`. */
export const recordAlert = (trx: Trx, level: LevelRow, now: boolean) =>
  recordEvent(trx, SOURCE, 'stock.alert', {
    eventId: level.event_id,
    productId: level.product_id,
    isAlert: now,
    stock: level.stock,
    alertThreshold: level.alert_threshold,
  });

/**
 * Publishes the alert state of a level when it changed since the last one published; returns the
 * state now. `level` holds the values after the change and the previously published `is_alert`.
 */
export async function settleAlert(trx: Trx, level: LevelRow): Promise<boolean> {
  const now = isAlert(level.stock, level.alert_threshold);
  if (now === level.is_alert) return now;
  await setAlertState(trx, level, now);
  await recordAlert(trx, level, now);
  return now;
}

/**
 * Creates the missing levels of an event's own products (0 in stock, threshold 0), then initialises
 * them. Products of other events get none. Products whose event is unknown (published
 * without eventId) get one only while no product at all has a known event: a catalogue from before
 * the back office, where every product was sold in every event.
 */
export async function ensureLevelsForEvent(trx: Trx, eventId: number): Promise<number> {
  const created = await createLevelsForEvent(trx, eventId);
  await initialiseLevels(trx, created);
  return created.length;
}

/**
 * Creates the levels of a product when it first appears or comes back on sale: in its event only,
 * or in every known event when its event is unknown (published without eventId, before the back office).
 */
export async function ensureLevelsForProduct(trx: Trx, productId: number): Promise<number> {
  const created = await createLevelsForProduct(trx, productId);
  await initialiseLevels(trx, created);
  return created.length;
}

/**
 * Removes the levels of a product in events other than its own that never held anything (0 in
 * stock, no movement): lines created before the product's event was known. A removed level that
 * was in alert publishes its end of alert. Returns how many were removed.
 */
export async function dropForeignLevels(trx: Trx, productId: number, eventId: number): Promise<number> {
  const removed = await deleteEmptyForeignLevels(trx, productId, eventId);
  for (const level of removed) {
    if (level.is_alert) await recordAlert(trx, level, false);
  }
  return removed.length;
}

/** Creates one level when missing (a sale or an edit of a product the level was not created for). */
export async function ensureLevel(trx: Trx, eventId: number, productId: number): Promise<void> {
  await ensureLevelsOf(trx, eventId, [productId]);
}

/** Creates the missing levels of some products of an event (one statement when none is missing). */
export async function ensureLevelsOf(trx: Trx, eventId: number, productIds: number[]): Promise<void> {
  await initialiseLevels(trx, await createLevels(trx, eventId, productIds));
}

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
export async function applyDemoLevels(trx: Trx, scope: DemoScope): Promise<Set<string>> {
  const applied = new Set<string>();
  if ('pairs' in scope && scope.pairs.length === 0) return applied;
  if (!(await hasDemoLevels(trx))) return applied;
  for (const row of await lockPendingDemoLevels(trx, scope)) {
    await markDemoApplied(trx, row, row.alert_threshold);
    const level = await changeStock(trx, {
      eventId: row.event_id,
      productId: row.product_id,
      variation: row.stock,
      kind: 'correction',
      note: DEMO_NOTE,
    });
    if (row.stock === 0) await settleAlert(trx, level);
    applied.add(`${row.event_id}:${row.product_id}`);
  }
  return applied;
}

export interface StockChange extends MovementChange {
  /** Either a variation (a sale: -quantity) or the level to reach (a count). */
  variation?: number;
  target?: number;
}

const noLevel = (eventId: number, productId: number) => new Error(`no stock level for event ${eventId} product ${productId}`);

/**
 * Applies one change to an existing level (call ensureLevel first). A change that leaves the level
 * as it was writes nothing. Returns the level after the change.
 */
export async function changeStock(trx: Trx, change: StockChange): Promise<LevelRow> {
  if (change.target === undefined) return applyVariation(trx, change, change.variation ?? 0);
  const level = await lockLevel(trx, change.eventId, change.productId);
  if (!level) throw noLevel(change.eventId, change.productId);
  return applyVariation(trx, change, change.target - level.stock);
}

/**
 * Adds a variation to a level in one statement (which locks the row), writes the movement with the
 * level it leads to, and settles the alert. A variation of 0 writes nothing.
 */
async function applyVariation(trx: Trx, change: StockChange, variation: number): Promise<LevelRow> {
  if (variation === 0) {
    const level = await lockLevel(trx, change.eventId, change.productId);
    if (!level) throw noLevel(change.eventId, change.productId);
    return level;
  }
  const after = await addToLevel(trx, change, variation);
  if (!after) throw noLevel(change.eventId, change.productId);
  after.is_alert = await settleAlert(trx, after);
  return after;
}

/**
 * Applies the lines of one or more sales in one statement (repositories/levels.ts addSaleLines:
 * lines already applied are skipped). Lines whose level does not exist yet are left out and
 * returned (create it, then apply them). Then the alert of each level whose state changed is
 * settled (the state after all its lines).
 */
export async function applySaleLines(trx: Trx, lines: SaleLineChange[]): Promise<{ levels: LevelRow[]; withoutLevel: SaleLineChange[] }> {
  if (lines.length === 0) return { levels: [], withoutLevel: [] };
  const { levels, withoutLevel } = await addSaleLines(trx, lines);
  for (const level of levels) level.is_alert = await settleAlert(trx, level);
  return { levels, withoutLevel };
}

/** Changes a threshold (no movement: the level itself does not change) and settles the alert. */
export async function changeThreshold(trx: Trx, eventId: number, productId: number, alertThreshold: number): Promise<LevelRow> {
  const level = await lockLevel(trx, eventId, productId);
  if (!level) throw noLevel(eventId, productId);
  if (level.alert_threshold === alertThreshold) return level;
  await setThreshold(trx, eventId, productId, alertThreshold);
  const after = { ...level, alert_threshold: alertThreshold };
  after.is_alert = await settleAlert(trx, after);
  return after;
}
