/**
 * Loto cartons in a register sale: the catalogue learns which night each carton product
 * sells, the cartons typed by the cashier are checked (as many as the cart pays for, each once,
 * printed for the night); sale/claims.ts claims them from the bingo service before the sale is
 * written (`sale_cartons`), confirms them with the buyer once committed, releases them on failure.
 */
import type { Db, Trx } from '@kermesse/kit/db';
import { checkCartons, type BingoInfo, type CatalogProduct, type CatalogView, type PricedCart } from '../cart/rules.ts';
import { invalid } from '../errors.ts';
import { findBingo, findBingoOfCategory, type BingoRow } from '../repositories/bingoCatalog.ts';
import { saleCartons, saleCartonsWithNightName } from '../repositories/saleCartons.ts';

/** The `sale` fields the register remote sends for cartons (docs/spec.md §3 Sale, extended like `raffles`). */
export interface CartonSaleInput {
  bingoId?: number | null;
  cartons?: unknown;
}

const MAX_CARTONS = 500;

export const toBingoInfo = (row: BingoRow): BingoInfo => ({
  id: row.id,
  eventId: row.event_id,
  name: row.name,
  totalCartons: row.total_cartons,
  tiers: row.tiers,
});

/**
 * The sale's catalogue with the loto nights on sale for the event: carton products carry their
 * night (`bingoId`), `bingo(id)` answers the nights of the products read.
 */
export async function withBingos<C extends CatalogView>(
  db: Db,
  eventId: number,
  catalog: C,
  rows: Array<{ id: number; category_id: number; kind: string }>,
): Promise<C> {
  const cartonRows = rows.filter((r) => r.kind === 'bingo');
  if (!cartonRows.length) return catalog;
  const nights = new Map<number, BingoInfo>();
  const nightOfCategory = new Map<number, number>();
  for (const categoryId of new Set(cartonRows.map((r) => r.category_id))) {
    const night = await findBingoOfCategory(db, categoryId);
    if (!night) continue;
    nightOfCategory.set(categoryId, night.id);
    if (night.sales_open && night.event_id === eventId) nights.set(night.id, toBingoInfo(night));
  }
  const product = (id: number): CatalogProduct | undefined => {
    const found = catalog.product(id);
    if (!found || found.kind !== 'bingo') return found;
    return { ...found, bingoId: nightOfCategory.get(found.categoryId) ?? null };
  };
  return { ...catalog, product, bingo: (id: number) => nights.get(id) };
}

/** The carton numbers as sent: whole numbers (« 12 » or { number: 12 }), at most 500. */
function cartonNumbers(input: CartonSaleInput): number[] {
  const sent = input.cartons ?? [];
  if (!Array.isArray(sent)) throw invalid('CARTONS_NOT_A_LIST');
  if (sent.length > MAX_CARTONS) throw invalid('CARTONS_LIMIT', { max: MAX_CARTONS });
  return sent.map((c: unknown) => {
    const n = typeof c === 'object' && c !== null ? (c as { number?: unknown }).number : c;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1_000_000) {
      throw invalid('CARTON_NOT_A_NUMBER');
    }
    return n;
  });
}

/**
 * The cartons of a sale checked against its cart, before anything is held: as many as the cart pays
 * for, each once, printed for the night (the claim itself is made with the raffle's, sale/claims.ts).
 */
export async function readSaleCartons(
  db: Db,
  input: CartonSaleInput,
  priced: PricedCart,
  catalog: CatalogView,
): Promise<{ numbers: number[]; bingoId: number | null; bingo: BingoInfo | undefined }> {
  const numbers = cartonNumbers(input);
  const bingo =
    priced.bingoId !== null
      ? (catalog.bingo?.(priced.bingoId) ?? (await findBingo(db, priced.bingoId).then((r) => r && toBingoInfo(r))))
      : undefined;
  if (input.bingoId && priced.bingoId !== null && input.bingoId !== priced.bingoId) throw invalid('BINGO_MISMATCH');
  checkCartons(priced, numbers, bingo);
  return { numbers, bingoId: priced.bingoId, bingo };
}

/** The cartons of a written sale and their night, for a receipt printed again. */
export async function loadSaleCartons(db: Db | Trx, saleId: number): Promise<{ cartons: number[]; bingoName: string | null }> {
  const rows = await saleCartonsWithNightName(db, saleId);
  return { cartons: rows.map((r) => r.carton_number), bingoName: rows[0]?.name ?? null };
}

/** The cartons of a written sale as its events carry them (`receipt.requested` like `sale.completed`). */
export async function saleCartonsOfEvent(db: Db | Trx, saleId: number): Promise<Array<{ bingoId: number; number: number }>> {
  const rows = await saleCartons(db, saleId);
  return rows.map((r) => ({ bingoId: r.bingo_id, number: r.carton_number }));
}
