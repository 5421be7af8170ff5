/**
 * Donations (docs/spec.md §5, §9): a pseudo-product line (id -1, category « Donations », quantity 1) whose
 * price is the amount given. A second donation adds to the same line. Zero or less adds nothing.
 */
import { DONATION_PRODUCT_ID } from './cart';
import type { CartLine, CartProduct } from './types';

export const DONATION_CATEGORY = { id: 0, name: 'Dons' } as const;

export function donationProduct(amountCents: number): CartProduct {
  return { id: DONATION_PRODUCT_ID, name: 'Don', priceCents: amountCents, category: { ...DONATION_CATEGORY } };
}

/** The cart with `amountCents` more given; unchanged when the amount is not above 0. */
export function addDonation(lines: readonly CartLine[], amountCents: number | null): CartLine[] {
  if (amountCents === null || !Number.isSafeInteger(amountCents) || amountCents <= 0) return [...lines];
  const existing = lines.find((line) => line.product.id === DONATION_PRODUCT_ID);
  if (!existing) return [...lines, { product: donationProduct(amountCents), quantity: 1 }];
  return lines.map((line) => (line === existing ? { product: donationProduct(line.product.priceCents + amountCents), quantity: 1 } : line));
}
