/** Stock levels per event and product, and the movement ledger that explains them. */
import type { Db, Trx } from '@kermesse/kit';

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

export type MovementKind = 'sale' | 'correction' | 'import';

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
  db('movements')
    .where({ event_id: eventId, product_id: productId })
    .orderBy('id', 'desc')
    .limit(limit)
    .select('*');
