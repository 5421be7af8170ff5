/**
 * The meal deal on the register screen: the rule and its set count are the contract's
 * (`@kermesse/contracts-register` mealDeal.ts, the same code the server prices the sale with); here
 * only the cart's discount line. The rule is the event's own (`GET /api/cr/settings?eventId=…` →
 * `data.mealDeal`, read by `mealDealRuleOf`); no meal deal when the settings carry none, as the
 * server prices it. The discount is a pseudo-product line (id -2), one unit per complete set,
 * removed as soon as no complete set is left.
 */
import {
  DEMO_MEAL_DEAL,
  MEAL_DEAL_CATEGORY,
  MEAL_DEAL_NAME,
  mealDealRuleOf,
  mealDealSets as setsOf,
  NO_MEAL_DEAL,
  type MealDealRule,
} from '@kermesse/contracts-register/mealDeal';
import { MEAL_DEAL_PRODUCT_ID } from './cart';
import type { CartLine, CartProduct } from './types';

export { DEMO_MEAL_DEAL, mealDealRuleOf, NO_MEAL_DEAL, type MealDealRule };

/** The discount pseudo-product of a rule (its price is negative). */
export function mealDealProduct(rule: MealDealRule): CartProduct {
  return { id: MEAL_DEAL_PRODUCT_ID, name: MEAL_DEAL_NAME, priceCents: -rule.discountCents, category: { id: 0, name: MEAL_DEAL_CATEGORY } };
}

/** Number of complete sets among the cart's catalogue products (the contract's rule). */
export function mealDealSets(lines: readonly CartLine[], rule: MealDealRule = NO_MEAL_DEAL): number {
  return setsOf(
    lines
      .filter((line) => line.product.id > 0)
      .map((line) => ({ categoryId: line.product.category.id, unitPriceCents: line.product.priceCents, quantity: line.quantity })),
    rule,
  );
}

/** The cart with its discount line brought up to date (added, changed or removed), placed last. */
export function applyMealDeal(lines: readonly CartLine[], rule: MealDealRule = NO_MEAL_DEAL): CartLine[] {
  const others = lines.filter((line) => line.product.id !== MEAL_DEAL_PRODUCT_ID);
  const sets = rule.discountCents > 0 ? mealDealSets(others, rule) : 0;
  return sets > 0 ? [...others, { product: mealDealProduct(rule), quantity: sets }] : others;
}
