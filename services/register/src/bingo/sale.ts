/**
 * Loto cartons in a register sale (issue 12), called by createSale like the raffle's claim: the
 * catalogue learns which night each carton product sells, the cartons typed by the cashier are
 * checked (as many as the cart pays for, each once, printed for the night), claimed from the bingo
 * service before the sale is written, written with it (`sale_cartons`), carried by `sale.completed`,
 * confirmed with the buyer once it is committed, released when it fails.
 */
import { randomUUID } from 'node:crypto';
import { badRequest, serviceUnavailable, type Db, type Logger, type Trx } from '@kermesse/kit';
import { checkCartons, type BingoInfo, type CatalogProduct, type CatalogView, type PricedCart } from '../cart/rules.ts';
import type { BingoClient, CartonBuyer } from '../bingoClient.ts';
import { findBingo, findBingoOfCategory, type BingoRow } from './catalog.ts';

/** The `sale` fields the register remote sends for cartons (SPEC §3 Sale, extended like `raffles`). */
export interface CartonSaleInput {
  bingoId?: number | null;
  cartons?: unknown;
}

const MAX_CARTONS = 500;

export const toBingoInfo = (row: BingoRow): BingoInfo => ({
  id: row.id, eventId: row.event_id, name: row.name, totalCartons: row.total_cartons, tiers: row.tiers,
});

/**
 * The sale's catalogue with the loto nights on sale for the event: carton products carry their
 * night (`bingoId`), `bingo(id)` answers the nights of the products read.
 */
export async function withBingos<C extends CatalogView>(db: Db, eventId: number, catalog: C, rows: Array<{ id: number; category_id: number; kind: string }>): Promise<C> {
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
  if (!Array.isArray(sent)) throw badRequest('Le champ « cartons » doit être une liste de numéros de cartons.');
  if (sent.length > MAX_CARTONS) throw badRequest(`Une vente ne peut contenir plus de ${MAX_CARTONS} cartons.`);
  return sent.map((c: unknown) => {
    const n = typeof c === 'object' && c !== null ? (c as { number?: unknown }).number : c;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1_000_000) {
      throw badRequest('Les numéros de cartons sont des nombres entiers (ex. 12).');
    }
    return n;
  });
}

export interface SaleCartons {
  numbers: number[];
  bingo: BingoInfo | undefined;
  claimId: string | null;
  /** Holds the cartons at the bingo service (a French 409 when one was just sold elsewhere). */
  claim(): Promise<void>;
  /** What `sale.completed` carries. */
  event: { cartons: Array<{ bingoId: number; number: number }>; cartonClaimId: string | null };
  /** What the sale statement writes (`sale_cartons`). */
  bindings: { bingoId: number | null; cartons: number[] };
  /** What the receipt lists. */
  receipt: { cartons: number[]; bingoName: string | null };
  /** The sale is committed: the cartons are sold to the buyer (failures logged; sale.completed confirms too). */
  confirm(saleId: number, reference: string, buyer: CartonBuyer | null | undefined): Promise<void>;
  /** The sale failed: the cartons go back on sale (failures logged; the claim expires on its own). */
  release(): Promise<void>;
}

/**
 * Checks the cartons of a sale against its cart (before anything is held) and prepares their claim.
 * The claim id is drawn now so the sale's event names it; the claim itself is made by `claim()`.
 */
export async function prepareSaleCartons(
  deps: { db: Db; logger: Logger; bingo?: BingoClient },
  input: CartonSaleInput,
  priced: PricedCart,
  catalog: CatalogView,
  bearer: string,
): Promise<SaleCartons> {
  const numbers = cartonNumbers(input);
  const bingo = priced.bingoId !== null ? catalog.bingo?.(priced.bingoId) ?? (await findBingo(deps.db, priced.bingoId).then((r) => r && toBingoInfo(r))) : undefined;
  if (input.bingoId && priced.bingoId !== null && input.bingoId !== priced.bingoId) {
    throw badRequest('Les cartons saisis ne sont pas ceux de la soirée loto du panier.');
  }
  checkCartons(priced, numbers, bingo);
  const bingoId = priced.bingoId;
  const claimId = numbers.length && bingoId !== null ? randomUUID() : null;
  const cartons = bingoId !== null ? numbers.map((number) => ({ bingoId, number })) : [];
  let claimed = false;
  return {
    numbers,
    bingo,
    claimId,
    async claim() {
      if (!claimId) return;
      if (!deps.bingo) throw serviceUnavailable('Le service du loto ne répond pas : les cartons ne peuvent pas être vendus pour le moment.');
      await deps.bingo.claim({ claimId, cartons }, bearer);
      claimed = true;
    },
    event: { cartons, cartonClaimId: claimId },
    bindings: { bingoId, cartons: bingoId !== null ? numbers : [] },
    receipt: { cartons: numbers, bingoName: bingo?.name ?? null },
    async confirm(saleId, reference, buyer) {
      if (!claimId || !claimed) return;
      const who = buyer ? { firstname: buyer.firstname, lastname: buyer.lastname, email: buyer.email ?? null, phone: buyer.phone ?? null } : null;
      await deps.bingo!.confirm(claimId, { saleId, reference, buyer: who }, bearer).catch((err: unknown) => {
        deps.logger.warn('carton claim confirmation failed; sale.completed will confirm it', { claimId, err: String(err) });
      });
    },
    async release() {
      if (!claimId || !claimed) return;
      await deps.bingo!.release(claimId, bearer).catch((err: unknown) => {
        deps.logger.warn('carton claim release failed', { claimId, err: String(err) });
      });
    },
  };
}

/** The cartons of a written sale and their night, for a receipt printed again. */
export async function loadSaleCartons(db: Db | Trx, saleId: number): Promise<{ cartons: number[]; bingoName: string | null }> {
  const rows: Array<{ carton_number: number; name: string | null }> = await db('sale_cartons as c')
    .leftJoin('bingos as b', 'b.id', 'c.bingo_id').where('c.sale_id', saleId).orderBy('c.carton_number').select('c.carton_number', 'b.name');
  return { cartons: rows.map((r) => r.carton_number), bingoName: rows[0]?.name ?? null };
}

/** The cartons of a written sale as its events carry them (`receipt.requested` like `sale.completed`). */
export async function saleCartonsOfEvent(db: Db | Trx, saleId: number): Promise<Array<{ bingoId: number; number: number }>> {
  const rows: Array<{ bingo_id: number; carton_number: number }> = await db('sale_cartons').where({ sale_id: saleId })
    .orderBy('carton_number').select('bingo_id', 'carton_number');
  return rows.map((r) => ({ bingoId: r.bingo_id, number: r.carton_number }));
}
