/** Events of the back office: create, edit, archive, and duplicate last year's fair. */
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import type { DuplicateEventInput, EventInput, EventUpdate } from '@kermesse/contracts-register';
import { installationMealDeal } from '../../repositories/catalog.ts';
import type { MealDealRule } from '../../cart/rules.ts';
import { cleanName, cleanText, invalid, missing } from '../errors.ts';
import {
  activeCheckoutsOfEvent,
  checkoutLinksOfProducts,
  findAdminEvent,
  insertAdminCheckout,
  insertAdminEvent,
  insertCategory,
  insertCheckoutProducts,
  insertCopiedProduct,
  productCategoriesOfEvent,
  productsOfCategories,
  listAdminCategories,
  readEventMealDeal,
  updateAdminEvent,
  writeEventMealDeal,
  adoptOrphanCategories,
  type AdminEventRow,
  type EventFields,
} from '../repositories/backOffice.ts';

function checkDates(startsOn: string | null | undefined, endsOn: string | null | undefined): void {
  if (startsOn && endsOn && endsOn < startsOn) throw invalid('DATES_ORDER');
}

export async function loadEvent(q: Db | Trx, id: number): Promise<AdminEventRow> {
  const event = await findAdminEvent(q, id);
  if (!event) throw missing('EVENT_NOT_FOUND');
  return event;
}

const recordEventState = (trx: Trx, e: AdminEventRow) =>
  recordEvent(trx, 'register', 'catalog.event.updated', {
    eventId: e.id,
    name: e.name,
    startsOn: e.starts_on,
    endsOn: e.ends_on,
    place: e.place,
    archived: e.archived_at !== null,
  });

export async function createEvent(db: Db, input: EventInput): Promise<AdminEventRow> {
  const name = cleanName(input.name);
  checkDates(input.startsOn, input.endsOn);
  return db.transaction(async (trx) => {
    const id = await insertAdminEvent(trx, {
      name,
      starts_on: input.startsOn ?? null,
      ends_on: input.endsOn ?? null,
      place: cleanText(input.place) ?? null,
      description: cleanText(input.description) ?? null,
      ...(input.idleLockMinutes !== undefined ? { idle_lock_minutes: input.idleLockMinutes } : {}),
    });
    await recordEvent(trx, 'register', 'catalog.event.created', { eventId: id, name, startsOn: input.startsOn ?? null });
    return loadEvent(trx, id);
  });
}

export async function updateEvent(db: Db, id: number, input: EventUpdate): Promise<AdminEventRow> {
  return db.transaction(async (trx) => {
    const current = await loadEvent(trx, id);
    const fields: EventFields = {};
    if (input.name !== undefined) fields.name = cleanName(input.name);
    if (input.startsOn !== undefined) fields.starts_on = input.startsOn;
    if (input.endsOn !== undefined) fields.ends_on = input.endsOn;
    if (input.place !== undefined) fields.place = cleanText(input.place);
    if (input.description !== undefined) fields.description = cleanText(input.description);
    if (input.idleLockMinutes !== undefined) fields.idle_lock_minutes = input.idleLockMinutes;
    if (input.archived !== undefined) fields.archived_at = input.archived ? (current.archived_at ?? new Date()) : null;
    checkDates(
      fields.starts_on !== undefined ? fields.starts_on : current.starts_on,
      fields.ends_on !== undefined ? fields.ends_on : current.ends_on,
    );
    if (Object.keys(fields).length) await updateAdminEvent(trx, id, fields);
    const updated = await loadEvent(trx, id);
    await recordEventState(trx, updated);
    return updated;
  });
}

/** An event is archived, never deleted: its sales, receipts and books keep pointing at it. */
export async function archiveEvent(db: Db, id: number): Promise<AdminEventRow> {
  return updateEvent(db, id, { archived: true });
}

/** The event's own meal-deal rule, else the installation's one when it is about this event's categories. */
export async function sourceMealDeal(q: Db | Trx, eventId: number): Promise<MealDealRule | undefined> {
  const own = await readEventMealDeal(q, eventId);
  if (own) return own;
  const global = await installationMealDeal(q);
  if (!global) return undefined;
  const categories = new Set((await listAdminCategories(q, eventId)).map((c) => c.id));
  return global.items.every((i) => categories.has(i.categoryId)) ? global : undefined;
}

/**
 * Next year's fair from this one: registers, product categories, products with their prices,
 * pictures, flags and registers, and the meal-deal rule — no sales; other services learn the new
 * event and products from the `catalog.*` events (the stock starts at 0).
 */
export async function duplicateEvent(db: Db, sourceId: number, input: DuplicateEventInput) {
  const name = cleanName(input.name);
  checkDates(input.startsOn, input.endsOn);
  await adoptOrphanCategories(db);
  return db.transaction(async (trx) => {
    const source = await loadEvent(trx, sourceId);
    const eventId = await insertAdminEvent(trx, {
      name,
      starts_on: input.startsOn ?? null,
      ends_on: input.endsOn ?? null,
      place: source.place,
      description: source.description,
      idle_lock_minutes: source.idle_lock_minutes,
    });
    await recordEvent(trx, 'register', 'catalog.event.created', {
      eventId,
      name,
      startsOn: input.startsOn ?? null,
      sourceEventId: sourceId,
    });

    const checkoutMap = new Map<number, number>();
    const checkouts = await activeCheckoutsOfEvent(trx, sourceId);
    for (const c of checkouts) {
      const id = await insertAdminCheckout(trx, eventId, c.name);
      checkoutMap.set(c.id, id);
      await recordEvent(trx, 'register', 'catalog.checkout.created', { checkoutId: id, eventId, name: c.name });
    }

    const categoryMap = new Map<number, { id: number; name: string }>();
    const categories = await productCategoriesOfEvent(trx, sourceId);
    for (const k of categories) {
      categoryMap.set(k.id, { id: await insertCategory(trx, { event_id: eventId, name: k.name, position: k.position }), name: k.name });
    }

    let products = 0;
    if (categoryMap.size) {
      const rows = await productsOfCategories(trx, [...categoryMap.keys()]);
      const links = await checkoutLinksOfProducts(
        trx,
        rows.map((r) => r.id),
      );
      for (const p of rows) {
        const category = categoryMap.get(p.category_id)!;
        const productId = await insertCopiedProduct(trx, {
          name: p.name,
          image: p.image,
          price_cents: p.price_cents,
          category_id: category.id,
          click_and_collect: p.click_and_collect,
          alcohol: p.alcohol,
          active: p.active,
          position: p.position,
        });
        const offered = links
          .filter((l) => l.product_id === p.id && checkoutMap.has(l.checkout_id))
          .map((l) => ({ checkout_id: checkoutMap.get(l.checkout_id)!, product_id: productId }));
        await insertCheckoutProducts(trx, offered);
        await recordEvent(trx, 'register', 'catalog.product.changed', {
          productId,
          name: p.name,
          priceCents: p.price_cents,
          categoryId: category.id,
          categoryName: category.name,
          image: p.image,
          clickAndCollect: p.click_and_collect,
          alcohol: p.alcohol,
          active: p.active,
          kind: 'product',
          eventId,
        });
        products += 1;
      }
    }

    const rule = await sourceMealDeal(trx, sourceId);
    const mealDeal = Boolean(rule && rule.items.every((i) => categoryMap.has(i.categoryId)));
    if (rule && mealDeal) {
      await writeEventMealDeal(trx, eventId, {
        discountCents: rule.discountCents,
        items: rule.items.map((i) => ({ categoryId: categoryMap.get(i.categoryId)!.id, priceCents: i.priceCents })),
      });
    }
    return {
      event: await loadEvent(trx, eventId),
      copied: { checkouts: checkoutMap.size, categories: categoryMap.size, products, mealDeal },
    };
  });
}
