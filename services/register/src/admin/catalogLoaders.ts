/** Registers, categories and products of an event as the back-office commands load and record them (each change with its `catalog.*` event). */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { parseEuros } from '@kermesse/contracts-common';
import { PRICE_RULES } from '@kermesse/contracts-register';
import { invalid, missing, refused } from './errors.ts';
import {
  checkoutsOfEvent,
  findAdminCategory,
  findAdminCheckout,
  findAdminProduct,
  type AdminCategoryRow,
  type AdminCheckoutRow,
  type AdminProductRow,
} from './repositories/backOffice.ts';
import { loadEvent } from './eventLoaders.ts';

export async function openEvent(trx: Db | Trx, eventId: number) {
  const event = await loadEvent(trx, eventId);
  if (event.archived_at) throw refused('EVENT_ARCHIVED');
  return event;
}

export async function loadCheckout(q: Db | Trx, id: number): Promise<AdminCheckoutRow> {
  const checkout = await findAdminCheckout(q, id);
  if (!checkout) throw missing('CHECKOUT_NOT_FOUND');
  return checkout;
}

export async function loadCategory(q: Db | Trx, id: number): Promise<AdminCategoryRow> {
  const category = await findAdminCategory(q, id);
  if (!category) throw missing('CATEGORY_NOT_FOUND');
  return category;
}

export async function loadProduct(q: Db | Trx, id: number): Promise<AdminProductRow> {
  const product = await findAdminProduct(q, id);
  if (!product) throw missing('PRODUCT_NOT_FOUND');
  return product;
}

export function priceCents(value: unknown): number {
  const cents = parseEuros(value, PRICE_RULES);
  if (cents === null) throw invalid('PRICE_INVALID');
  return cents;
}

/** The category of a product: known, a product category, of the product's event. */
export async function productCategory(trx: Trx, categoryId: number, eventId: number): Promise<AdminCategoryRow> {
  const category = await findAdminCategory(trx, categoryId);
  if (!category || category.kind !== 'product') throw invalid('CATEGORY_UNKNOWN');
  if (category.event_id !== eventId) throw invalid('CATEGORY_OTHER_EVENT');
  return category;
}

export async function productCheckouts(trx: Trx, eventId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await checkoutsOfEvent(trx, eventId, unique);
  if (found.length !== unique.length) throw invalid('CHECKOUT_OTHER_EVENT');
  return unique;
}

/** Records the product as it now is (`catalog.product.changed`): the stock follows. */
export async function recordProductState(trx: Trx, id: number): Promise<AdminProductRow> {
  const p = await loadProduct(trx, id);
  await recordEvent(trx, 'register', 'catalog.product.changed', {
    productId: p.id,
    name: p.name,
    priceCents: p.price_cents,
    categoryId: p.category_id,
    categoryName: p.category_name,
    image: p.image,
    clickAndCollect: p.click_and_collect,
    alcohol: p.alcohol,
    active: p.active,
    kind: p.kind,
    eventId: p.event_id,
  });
  return p;
}
