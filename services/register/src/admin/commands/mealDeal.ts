/** The meal-deal rule set of an event (docs/spec.md §9's rule is the default). */
import type { Db } from '@kermesse/kit/db';
import type { MealDealInput } from '@kermesse/contracts-register';
import type { MealDealRule } from '../../cart/rules.ts';
import { invalid } from '../errors.ts';
import { listAdminCategories, readEventMealDeal, writeEventMealDeal } from '../repositories/backOffice.ts';
import { findCheckoutEvent } from '../../repositories/catalog.ts';
import { priceCents } from '../catalogLoaders.ts';
import { loadEvent } from '../eventLoaders.ts';

export async function saveMealDeal(db: Db, eventId: number, input: MealDealInput): Promise<MealDealRule> {
  await loadEvent(db, eventId);
  const categories = new Map((await listAdminCategories(db, eventId)).map((c) => [c.id, c]));
  const seen = new Set<number>();
  const items = input.items.map((item) => {
    const category = categories.get(item.categoryId);
    if (!category || category.kind !== 'product') throw invalid('MEAL_DEAL_CATEGORY');
    if (seen.has(item.categoryId)) throw invalid('MEAL_DEAL_DUPLICATE');
    seen.add(item.categoryId);
    return { categoryId: item.categoryId, priceCents: priceCents(item.price) };
  });
  const rule: MealDealRule = { discountCents: priceCents(input.discount), items };
  await db.transaction((trx) => writeEventMealDeal(trx, eventId, rule));
  return rule;
}

/** The rule the register applies for an event: its own, else the installation's (settings). */
export async function mealDealOfEvent(db: Db, eventId: number): Promise<MealDealRule | undefined> {
  return readEventMealDeal(db, eventId);
}

/** `GET /api/cr/settings?eventId=…` (or `?checkoutId=…`): the rule of that event, if it has its own. */
export async function mealDealForRegister(db: Db, query: Record<string, unknown>): Promise<MealDealRule | undefined> {
  const number = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  let eventId = number(query.eventId);
  const checkoutId = number(query.checkoutId);
  if (eventId === undefined && checkoutId !== undefined) {
    eventId = (await findCheckoutEvent(db, checkoutId))?.event_id;
  }
  return eventId === undefined ? undefined : mealDealOfEvent(db, eventId);
}
