/**
 * The loto nights' read model and carton products, like raffle tickets: each night known from the
 * bingo service's `bingo.configured` gets one category of kind `bingo` (« Loto : <night> ») holding
 * one product per price tier {nb, p} — « 1 carton » at the carton price. A cart line of such a
 * product pays for quantity × nb cartons, whose numbers the cashier types (the physical cartons
 * handed over). A night without an event, or whose sales are closed, withdraws its products.
 * commands/applyBingoConfigured.ts applies a configuration inside the consumer's transaction.
 */
import { type Db, type Trx } from '@kermesse/kit/db';
import { categoryEvent } from './ticketCatalog.ts';
import type { Tier } from '../cart/rules.ts';
import { syncTierProducts } from './tierProducts.ts';

export interface BingoRow {
  id: number;
  event_id: number | null;
  name: string;
  total_cartons: number;
  tiers: Tier[];
  sales_open: boolean;
  category_id: number;
}

export const cartonProductName = (nb: number) => (nb === 1 ? '1 carton' : `${nb} cartons`);
export const bingoCategoryName = (name: string) => `Loto : ${name}`;
const BINGO_IMAGE = 'loto.svg';
/** After the fair's own products, next to the raffles. */
const BINGO_CATEGORY_POSITION = 100;

/** The night's « Loto : <night> » category, created or renamed, in the night's event (kept while it has none). */
export async function ensureBingoCategory(trx: Trx, bingoId: number, name: string, eventId: number | null): Promise<number> {
  const event = eventId === null ? {} : { event_id: categoryEvent(trx, eventId) };
  const existing: { id: number } | undefined = await trx('categories').where({ bingo_id: bingoId }).first('id');
  if (existing) {
    await trx('categories')
      .where({ id: existing.id })
      .update({ name, ...event });
    return existing.id;
  }
  const [row] = await trx('categories')
    .insert({ name, kind: 'bingo', bingo_id: bingoId, position: BINGO_CATEGORY_POSITION, ...event })
    .returning('id');
  return (row as { id: number }).id;
}

/**
 * The night's carton products, one per price tier (tierProducts.ts), offered on its event's registers —
 * again when the night moves to another event; withdrawn when sales close.
 */
export const syncCartonProducts = (
  trx: Trx,
  categoryId: number,
  categoryName: string,
  eventId: number | null,
  tiers: Tier[],
  open: boolean,
): Promise<void> =>
  syncTierProducts(trx, {
    kind: 'bingo',
    categoryId,
    categoryName,
    eventId,
    tiers,
    open,
    productName: cartonProductName,
    image: BINGO_IMAGE,
    offerExisting: true,
  });

/** Whether the night's read model is newer than an event of `occurredAt` (locks its row for the consumer's transaction). */
export async function isBingoNewerThan(trx: Trx, bingoId: number, occurredAt: string): Promise<boolean> {
  const known: { updated_at: Date } | undefined = await trx('bingos').where({ id: bingoId }).forUpdate().first('updated_at');
  return known !== undefined && known.updated_at.getTime() > new Date(occurredAt).getTime();
}

/** Writes the night's read model. */
export async function upsertBingo(
  trx: Trx,
  bingoId: number,
  row: { event_id: number | null; name: string; total_cartons: number; tiers: string; sales_open: boolean; updated_at: string },
  categoryId: number,
): Promise<void> {
  await trx('bingos')
    .insert({ id: bingoId, ...row, category_id: categoryId })
    .onConflict('id')
    .merge(row);
}

export const findBingo = (db: Db | Trx, id: number): Promise<BingoRow | undefined> => db('bingos').where({ id }).first();

/** The night whose carton category this is. */
export const findBingoOfCategory = (db: Db | Trx, categoryId: number): Promise<BingoRow | undefined> =>
  db('bingos').where({ category_id: categoryId }).first();

/** Nights on sale for an event (the register screen's carton pickers). */
export const listBingosOfEvent = (db: Db | Trx, eventId: number): Promise<BingoRow[]> =>
  db('bingos').where({ event_id: eventId, sales_open: true }).select('*').orderBy('id');
