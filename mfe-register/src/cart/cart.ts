/** Cart rules: adding products, quantity bounds 1–50 (docs/spec.md §5, §9), totals in cents. */
import type { CartLine, CartProduct } from './types';

import { DONATION_PRODUCT_ID, MEAL_DEAL_PRODUCT_ID, QUANTITY_MAX, QUANTITY_MIN } from '@kermesse/contracts-register/cart';

export { DONATION_PRODUCT_ID, MEAL_DEAL_PRODUCT_ID, QUANTITY_MAX, QUANTITY_MIN };

/** A pseudo-product (donation, discount) is not chosen from the grid and its quantity is fixed. */
export function isPseudoProduct(product: CartProduct): boolean {
  return product.id < 0;
}

/**
 * Brings a typed quantity into 1–50. Anything that is not a number (an emptied field) counts as 1,
 * decimals are cut: the quantity of a line can never go below 1 (docs/spec.md §5).
 */
export function clampQuantity(value: number | string): number {
  const number = typeof value === 'string' ? Number(value.trim() === '' ? NaN : value) : value;
  if (!Number.isFinite(number)) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(number)));
}

/** Adds `quantity` of a product: a new line, or more of the same line, never above 50. */
export function addProduct(lines: readonly CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  const existing = lines.find((line) => line.product.id === product.id);
  if (!existing) return [...lines, { product, quantity: clampQuantity(quantity) }];
  return lines.map((line) => (line === existing ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line));
}

/** Sets the quantity of a product's line, within 1–50. Pseudo-products keep theirs. */
export function setQuantity(lines: readonly CartLine[], productId: number, quantity: number | string): CartLine[] {
  return lines.map((line) =>
    line.product.id === productId && !isPseudoProduct(line.product) ? { ...line, quantity: clampQuantity(quantity) } : line,
  );
}

/** Takes a product's line out of the cart. */
export function removeLine(lines: readonly CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.product.id !== productId);
}

/** A line's amount in cents. */
export function lineTotalCents(line: CartLine): number {
  return line.product.priceCents * line.quantity;
}

/** The cart's total in cents (discount lines are negative). */
export function cartTotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** Number of articles, pseudo-products left out (for the « Panier » badge). */
export function articleCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + (isPseudoProduct(line.product) ? 0 : line.quantity), 0);
}
