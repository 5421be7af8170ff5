/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import '../../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import type { DuplicateEventInput } from '@kermesse/contracts-register';
import { cleanName, invalid } from '../errors.ts';
import {
  activeCheckoutsOfEvent,
  checkoutLinksOfProducts,
  insertAdminCheckout,
  insertAdminEvent,
  insertCategory,
  insertCheckoutProducts,
  insertCopiedProduct,
  productCategoriesOfEvent,
  productsOfCategories,
  writeEventMealDeal,
} from '../repositories/backOffice.ts';
import { checkDates, loadEvent, sourceMealDeal } from '../eventLoaders.ts';

/**
 * Next year's fair from this one: registers, product categories, products with their prices,
 * barcodes, pictures, flags and registers, and the meal-deal rule — no sales; other services learn the new
 * event and products from the `catalog.*` events (the stock starts at 0, the raffle service copies
 * the raffles under the name typed, the bingo service the loto nights).
 */
export async function duplicateEvent(db: Db, sourceId: number, input: DuplicateEventInput) {
  const name = cleanName(input.name);
  const raffleName = input.raffleName?.replace(/\s+/g, ' ').trim();
  if (raffleName === '') throw invalid('RAFFLE_NAME_EMPTY');
  checkDates(input.startsOn, input.endsOn);
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
      endsOn: input.endsOn ?? null,
      sourceEventId: sourceId,
      // The raffle service names the copy of the fair's raffle so; the bingo service copies its loto nights.
      ...(raffleName ? { raffleName } : {}),
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
          ean: p.ean,
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
