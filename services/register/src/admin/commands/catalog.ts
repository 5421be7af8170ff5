/** Registers, categories and products of an event, each change with its `catalog.*` event. */
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import {
  parsePriceCents,
  type CategoryInput,
  type CategoryUpdate,
  type CheckoutInput,
  type CheckoutUpdate,
  type ProductInput,
  type ProductUpdate,
} from '@kermesse/contracts-register';
import { cleanName, invalid, missing, refused } from '../errors.ts';
import {
  categoryNameTaken,
  checkoutNameTaken,
  deleteCategoryRow,
  deleteProductRow,
  lastProductPosition,
  mealDealUsesCategory,
  productIdsOfCategory,
  updateCategoryFields,
  updateCheckoutFields,
  checkoutsOfEvent,
  findAdminCategory,
  findAdminCheckout,
  findAdminProduct,
  insertAdminCheckout,
  insertCategory,
  insertProduct,
  nextCategoryPosition,
  productHasSales,
  setProductCheckouts,
  updateProduct,
  type AdminCategoryRow,
  type AdminCheckoutRow,
  type AdminProductRow,
  type ProductFields,
} from '../repositories/backOffice.ts';
import { loadEvent } from './events.ts';

async function openEvent(trx: Db | Trx, eventId: number) {
  const event = await loadEvent(trx, eventId);
  if (event.archived_at) throw refused('EVENT_ARCHIVED');
  return event;
}

// ── Registers ─────────────────────────────────────────────────────────────────────────────────
export async function loadCheckout(q: Db | Trx, id: number): Promise<AdminCheckoutRow> {
  const checkout = await findAdminCheckout(q, id);
  if (!checkout) throw missing('CHECKOUT_NOT_FOUND');
  return checkout;
}

export async function createCheckout(db: Db, eventId: number, input: CheckoutInput): Promise<AdminCheckoutRow> {
  const name = cleanName(input.name);
  return db.transaction(async (trx) => {
    await openEvent(trx, eventId);
    if (await checkoutNameTaken(trx, eventId, name)) throw invalid('NAME_TAKEN');
    const id = await insertAdminCheckout(trx, eventId, name);
    await recordEvent(trx, 'register', 'catalog.checkout.created', { checkoutId: id, eventId, name });
    return loadCheckout(trx, id);
  });
}

export async function updateCheckout(db: Db, id: number, input: CheckoutUpdate): Promise<AdminCheckoutRow> {
  return db.transaction(async (trx) => {
    const current = await loadCheckout(trx, id);
    const fields: { name?: string; archived_at?: Date | null } = {};
    if (input.name !== undefined) {
      fields.name = cleanName(input.name);
      if (await checkoutNameTaken(trx, current.event_id, fields.name, id)) throw invalid('NAME_TAKEN');
    }
    if (input.archived !== undefined) fields.archived_at = input.archived ? (current.archived_at ?? new Date()) : null;
    if (Object.keys(fields).length) await updateCheckoutFields(trx, id, fields);
    const updated = await loadCheckout(trx, id);
    await recordEvent(trx, 'register', 'catalog.checkout.updated', {
      checkoutId: id,
      eventId: updated.event_id,
      name: updated.name,
      archived: updated.archived_at !== null,
    });
    return updated;
  });
}

/** A register is archived (it disappears from the register's list), never deleted: its sales stay. */
export const archiveCheckout = (db: Db, id: number) => updateCheckout(db, id, { archived: true });

// ── Categories ────────────────────────────────────────────────────────────────────────────────
export async function loadCategory(q: Db | Trx, id: number): Promise<AdminCategoryRow> {
  const category = await findAdminCategory(q, id);
  if (!category) throw missing('CATEGORY_NOT_FOUND');
  return category;
}

export async function createCategory(db: Db, input: CategoryInput & { eventId: number }): Promise<AdminCategoryRow> {
  const name = cleanName(input.name);
  return db.transaction(async (trx) => {
    await openEvent(trx, input.eventId);
    if (await categoryNameTaken(trx, input.eventId, name)) throw invalid('NAME_TAKEN');
    const position = input.position ?? (await nextCategoryPosition(trx, input.eventId)) + 1;
    return loadCategory(trx, await insertCategory(trx, { event_id: input.eventId, name, position }));
  });
}

export async function updateCategory(db: Db, id: number, input: CategoryUpdate): Promise<AdminCategoryRow> {
  return db.transaction(async (trx) => {
    const current = await loadCategory(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    const fields: { name?: string; position?: number } = {};
    if (input.name !== undefined) {
      fields.name = cleanName(input.name);
      if (await categoryNameTaken(trx, current.event_id, fields.name, id)) throw invalid('NAME_TAKEN');
    }
    if (input.position !== undefined) fields.position = input.position;
    if (Object.keys(fields).length) await updateCategoryFields(trx, id, fields);
    // Products carry their category's name in the catalogue events.
    if (fields.name) {
      for (const productId of await productIdsOfCategory(trx, id)) await recordProductState(trx, productId);
    }
    return loadCategory(trx, id);
  });
}

/** Only an empty category is deleted (its products must move or go first). */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await loadCategory(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    if (current.product_count > 0) throw refused('CATEGORY_NOT_EMPTY', { productCount: current.product_count });
    if (await mealDealUsesCategory(trx, current.event_id, id)) throw refused('MEAL_DEAL_USES_CATEGORY');
    await deleteCategoryRow(trx, id);
  });
}

// ── Products ──────────────────────────────────────────────────────────────────────────────────
export async function loadProduct(q: Db | Trx, id: number): Promise<AdminProductRow> {
  const product = await findAdminProduct(q, id);
  if (!product) throw missing('PRODUCT_NOT_FOUND');
  return product;
}

export function priceCents(value: unknown): number {
  const cents = parsePriceCents(value);
  if (cents === null) throw invalid('PRICE_INVALID');
  return cents;
}

/** The category of a product: known, a product category, of the product's event. */
async function productCategory(trx: Trx, categoryId: number, eventId: number): Promise<AdminCategoryRow> {
  const category = await findAdminCategory(trx, categoryId);
  if (!category || category.kind !== 'product') throw invalid('CATEGORY_UNKNOWN');
  if (category.event_id !== eventId) throw invalid('CATEGORY_OTHER_EVENT');
  return category;
}

async function productCheckouts(trx: Trx, eventId: number, ids: number[]): Promise<number[]> {
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

export async function createProduct(db: Db, input: ProductInput): Promise<AdminProductRow> {
  const name = cleanName(input.name);
  const price = priceCents(input.price);
  return db.transaction(async (trx) => {
    await openEvent(trx, input.eventId);
    await productCategory(trx, input.categoryId, input.eventId);
    const checkoutIds = await productCheckouts(trx, input.eventId, input.checkoutIds ?? []);
    const position = await lastProductPosition(trx, input.categoryId);
    const id = await insertProduct(trx, {
      name,
      price_cents: price,
      category_id: input.categoryId,
      click_and_collect: input.clickAndCollectEligible ?? false,
      alcohol: input.alcoohol ?? false,
      active: input.active ?? true,
      position: position + 1,
    });
    await setProductCheckouts(trx, id, checkoutIds);
    return recordProductState(trx, id);
  });
}

export async function updateProductFields(db: Db, id: number, input: ProductUpdate): Promise<AdminProductRow> {
  return db.transaction(async (trx) => {
    const current = await loadProduct(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    const fields: ProductFields = {};
    if (input.name !== undefined) fields.name = cleanName(input.name);
    if (input.price !== undefined) fields.price_cents = priceCents(input.price);
    if (input.categoryId !== undefined) fields.category_id = (await productCategory(trx, input.categoryId, current.event_id)).id;
    if (input.clickAndCollectEligible !== undefined) fields.click_and_collect = input.clickAndCollectEligible;
    if (input.alcoohol !== undefined) fields.alcohol = input.alcoohol;
    if (input.active !== undefined) fields.active = input.active;
    if (input.checkoutIds !== undefined)
      await setProductCheckouts(trx, id, await productCheckouts(trx, current.event_id, input.checkoutIds));
    if (Object.keys(fields).length) await updateProduct(trx, id, fields);
    return recordProductState(trx, id);
  });
}

/**
 * A product without sales is deleted; one with sales is only deactivated (withdrawn from every
 * register), so its receipts and the books keep showing it.
 */
export async function deleteProduct(db: Db, id: number): Promise<{ id: number; deleted: boolean; deactivated: boolean }> {
  return db.transaction(async (trx) => {
    const current = await loadProduct(trx, id);
    if (current.kind !== 'product') throw refused('CATEGORY_NOT_EDITABLE');
    if (await productHasSales(trx, id)) {
      await updateProduct(trx, id, { active: false });
      await recordProductState(trx, id);
      return { id, deleted: false, deactivated: true };
    }
    await recordEvent(trx, 'register', 'catalog.product.changed', {
      productId: id,
      name: current.name,
      priceCents: current.price_cents,
      categoryId: current.category_id,
      categoryName: current.category_name,
      image: current.image,
      clickAndCollect: current.click_and_collect,
      alcohol: current.alcohol,
      active: false,
      kind: 'product',
      eventId: current.event_id,
    });
    await deleteProductRow(trx, id);
    return { id, deleted: true, deactivated: false };
  });
}

/** A product's new picture (already written under its name in the uploads folder), recorded with its `catalog.product.changed`. */
export async function setProductImage(db: Db, id: number, image: string): Promise<AdminProductRow> {
  return db.transaction(async (trx) => {
    await updateProduct(trx, id, { image });
    return recordProductState(trx, id);
  });
}
