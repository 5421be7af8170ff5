/**
 * The meal deal (docs/spec.md §9), written once for the server that prices the sale and the register screen
 * that shows the cart: a discount per complete set of (category, price) items, the set count being
 * the smallest of the items' quantities. The rule is each event's own (back office, served at
 * `GET /api/cr/settings?eventId=…` as `data.mealDeal` in euros). There is no built-in rule: a rule
 * names category ids, and on an association's own install those ids belong to whatever categories it
 * created, so an event has no meal deal until an administrator sets one (README « Demo accounts »:
 * the demo data configures docs/spec.md §9's rule for its own categories).
 */
// The rule's schema is in schemas.ts: this file reaches the browser, which must not carry TypeBox.
import { toCents } from '@kermesse/contracts-common';
import type { MealDealRule } from './schemas.ts';

export type { MealDealRule };

/** No meal deal: what an event has until an administrator sets its rule. */
export const NO_MEAL_DEAL: MealDealRule = { discountCents: 0, items: [] };

/**
 * docs/spec.md §9's rule — a main at 3,50 €, a drink at 1,50 € and a dessert at 1,00 € cost 0,50 € less —
 * written with the demo catalogue's category numbers (2 mains, 1 drinks, 4 desserts): the demo data
 * maps them to its own categories' ids and stores it; nothing else applies it.
 */
export const DEMO_MEAL_DEAL: MealDealRule = {
  discountCents: 50,
  items: [
    { categoryId: 2, priceCents: 350 },
    { categoryId: 1, priceCents: 150 },
    { categoryId: 4, priceCents: 100 },
  ],
};

/** The discount pseudo-product (docs/spec.md §9: id -2), its name and category as the receipt shows them. */
export const MEAL_DEAL_PRODUCT_ID = -2;
export const MEAL_DEAL_NAME = 'Remise formule';
export const MEAL_DEAL_CATEGORY = 'Remises';

/** A cart line as the rule reads it: only catalogue products count (not the donation, not the discount). */
export interface MealDealLine {
  categoryId: number | null;
  unitPriceCents: number;
  quantity: number;
}

/** Number of complete sets in these product lines: the smallest quantity among the rule's items (0 when one is missing). */
export function mealDealSets(lines: readonly MealDealLine[], rule: MealDealRule = NO_MEAL_DEAL): number {
  if (rule.items.length === 0 || rule.discountCents <= 0) return 0;
  let sets = Infinity;
  for (const item of rule.items) {
    const quantity = lines
      .filter((l) => l.categoryId === item.categoryId && l.unitPriceCents === item.priceCents)
      .reduce((sum, l) => sum + l.quantity, 0);
    sets = Math.min(sets, quantity);
  }
  return Number.isFinite(sets) ? sets : 0;
}

const centsOf = (euros: unknown): number | null =>
  typeof euros === 'number' && Number.isFinite(euros) && euros >= 0 ? toCents(euros) : null;

/**
 * The rule of a `/api/cr/settings` answer (`data.mealDeal`: discount and item prices in euros);
 * null when the answer carries none or an unreadable one.
 */
export function mealDealRuleOf(settings: unknown): MealDealRule | null {
  const raw = (settings as { data?: { mealDeal?: unknown } } | null | undefined)?.data?.mealDeal as
    { discount?: unknown; items?: unknown } | undefined;
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.items)) return null;
  const discountCents = centsOf(raw.discount);
  if (discountCents === null) return null;
  const items: MealDealRule['items'] = [];
  for (const item of raw.items as Array<{ categoryId?: unknown; price?: unknown } | null>) {
    const priceCents = centsOf(item?.price);
    if (typeof item?.categoryId !== 'number' || !Number.isInteger(item.categoryId) || priceCents === null) return null;
    items.push({ categoryId: item.categoryId, priceCents });
  }
  return { discountCents, items };
}
