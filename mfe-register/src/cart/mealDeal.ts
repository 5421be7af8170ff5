/**
 * The meal deal (SPEC §9): a discount per complete set of (category, price) items. The rule is the
 * event's own (back office, `GET /api/cr/settings?eventId=…` → `data.mealDeal`), the one the server
 * prices the sale with (services/register/src/cart/rules.ts `mealDealSets`); SPEC §9's rule (a main
 * at 3,50 €, a drink at 1,50 € and a dessert at 1,00 € cost 0,50 € less) only when the settings
 * carry none. The discount is a pseudo-product line (id -2), one unit per complete set, removed as
 * soon as no complete set is left.
 */
import { MEAL_DEAL_PRODUCT_ID } from './cart';
import type { CartLine, CartProduct } from './types';

/** A discount per complete set of these (category, price) items, in cents (as the server's rule). */
export interface MealDealRule {
  discountCents: number;
  items: ReadonlyArray<{ categoryId: number; priceCents: number }>;
}

/** The parts of SPEC §9's set: category id and unit price in cents. */
export const MEAL_DEAL_PARTS: readonly { categoryId: number; priceCents: number }[] = [
  { categoryId: 2, priceCents: 350 },
  { categoryId: 1, priceCents: 150 },
  { categoryId: 4, priceCents: 100 },
];

/** SPEC §9's discount per complete set, in cents. */
export const MEAL_DEAL_DISCOUNT_CENTS = 50;

/** SPEC §9's rule: the default when the settings carry none. */
export const DEFAULT_MEAL_DEAL: MealDealRule = { discountCents: MEAL_DEAL_DISCOUNT_CENTS, items: MEAL_DEAL_PARTS };

/** The discount pseudo-product of a rule (its price is negative). */
export function mealDealProduct(rule: MealDealRule = DEFAULT_MEAL_DEAL): CartProduct {
  return { id: MEAL_DEAL_PRODUCT_ID, name: 'Remise menu', priceCents: -rule.discountCents, category: { id: 0, name: 'Remises' } };
}

/** SPEC §9's discount pseudo-product. */
export const MEAL_DEAL_PRODUCT: CartProduct = mealDealProduct(DEFAULT_MEAL_DEAL);

const toCents = (euros: unknown): number | null =>
  typeof euros === 'number' && Number.isFinite(euros) && euros >= 0 ? Math.round(euros * 100) : null;

/**
 * The rule of a `/api/cr/settings` answer (`data.mealDeal`: discount and item prices in euros);
 * null when the answer carries none or an unreadable one.
 */
export function mealDealRuleOf(settings: unknown): MealDealRule | null {
  const raw = (settings as { data?: { mealDeal?: unknown } } | null | undefined)?.data?.mealDeal as
    | { discount?: unknown; items?: unknown }
    | undefined;
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.items)) return null;
  const discountCents = toCents(raw.discount);
  if (discountCents === null) return null;
  const items: { categoryId: number; priceCents: number }[] = [];
  for (const item of raw.items as Array<{ categoryId?: unknown; price?: unknown } | null>) {
    const priceCents = toCents(item?.price);
    if (typeof item?.categoryId !== 'number' || !Number.isInteger(item.categoryId) || priceCents === null) return null;
    items.push({ categoryId: item.categoryId, priceCents });
  }
  return { discountCents, items };
}

/** Number of complete sets: the smallest of the rule's items' quantities (0 when the rule has none). */
export function mealDealSets(lines: readonly CartLine[], rule: MealDealRule = DEFAULT_MEAL_DEAL): number {
  if (rule.items.length === 0) return 0;
  const quantities = rule.items.map((part) =>
    lines
      .filter((line) => line.product.id > 0 && line.product.category.id === part.categoryId && line.product.priceCents === part.priceCents)
      .reduce((sum, line) => sum + line.quantity, 0),
  );
  return Math.min(...quantities);
}

/** The cart with its discount line brought up to date (added, changed or removed), placed last. */
export function applyMealDeal(lines: readonly CartLine[], rule: MealDealRule = DEFAULT_MEAL_DEAL): CartLine[] {
  const others = lines.filter((line) => line.product.id !== MEAL_DEAL_PRODUCT_ID);
  const sets = rule.discountCents > 0 ? mealDealSets(others, rule) : 0;
  return sets > 0 ? [...others, { product: mealDealProduct(rule), quantity: sets }] : others;
}
