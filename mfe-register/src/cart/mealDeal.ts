/**
 * The meal deal (SPEC §9): a main (category 2 at 3,50 €), a drink (category 1 at 1,50 €) and a
 * dessert (category 4 at 1,00 €) together cost 0,50 € less. The discount is a pseudo-product line
 * (id -2), one unit per complete set, removed as soon as no complete set is left.
 */
import { MEAL_DEAL_PRODUCT_ID } from './cart';
import type { CartLine, CartProduct } from './types';

/** The three parts of a set: category id and unit price in cents. */
export const MEAL_DEAL_PARTS: readonly { categoryId: number; priceCents: number }[] = [
  { categoryId: 2, priceCents: 350 },
  { categoryId: 1, priceCents: 150 },
  { categoryId: 4, priceCents: 100 },
];

/** Discount per complete set, in cents. */
export const MEAL_DEAL_DISCOUNT_CENTS = 50;

/** The discount pseudo-product (its price is negative). */
export const MEAL_DEAL_PRODUCT: CartProduct = {
  id: MEAL_DEAL_PRODUCT_ID,
  name: 'Remise menu',
  priceCents: -MEAL_DEAL_DISCOUNT_CENTS,
  category: { id: 0, name: 'Remises' },
};

/** Number of complete sets: the smallest of the three parts' quantities. */
export function mealDealSets(lines: readonly CartLine[]): number {
  const quantities = MEAL_DEAL_PARTS.map((part) =>
    lines
      .filter((line) => line.product.id > 0 && line.product.category.id === part.categoryId && line.product.priceCents === part.priceCents)
      .reduce((sum, line) => sum + line.quantity, 0),
  );
  return Math.min(...quantities);
}

/** The cart with its discount line brought up to date (added, changed or removed), placed last. */
export function applyMealDeal(lines: readonly CartLine[]): CartLine[] {
  const others = lines.filter((line) => line.product.id !== MEAL_DEAL_PRODUCT_ID);
  const sets = mealDealSets(others);
  return sets > 0 ? [...others, { product: MEAL_DEAL_PRODUCT, quantity: sets }] : others;
}
