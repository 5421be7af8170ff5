/**
 * Raffle tickets and gift-basket bets in the cart (docs/spec.md §9): a line of a ticket category gives
 * quantity × the `nb` of the category's tier whose price is the product's price.
 */
import type { CartLine, CartProduct, TicketCategory, TicketCategoryConfig } from './types';

/** The ticket category a product belongs to, if any. */
export function ticketCategoryOf(product: CartProduct, categories: readonly TicketCategory[]): TicketCategory | undefined {
  if (product.id < 0) return undefined;
  return categories.find((category) => category.id === product.category.id);
}

/**
 * Tickets given by one unit of a product of a ticket category: the `nb` of the tier at the
 * product's price; without such a tier, what the catalogue says of the product, else none.
 */
export function ticketsPerUnit(product: CartProduct, category: TicketCategory): number {
  return category.tiers.find((tier) => tier.priceCents === product.priceCents)?.nb ?? product.ticketsPerUnit ?? 0;
}

/** Tickets of all the cart's lines that belong to one of `categories`. */
export function ticketCount(lines: readonly CartLine[], categories: readonly TicketCategory[]): number {
  return lines.reduce((sum, line) => {
    const category = ticketCategoryOf(line.product, categories);
    return category ? sum + line.quantity * ticketsPerUnit(line.product, category) : sum;
  }, 0);
}

/** Raffle tickets the buyer may choose. */
export function raffleTicketCount(lines: readonly CartLine[], config: TicketCategoryConfig): number {
  return ticketCount(lines, config.raffles);
}

/** Bets (weight guesses) the buyer may place. */
export function betCount(lines: readonly CartLine[], config: TicketCategoryConfig): number {
  return ticketCount(lines, config.giftBaskets);
}

/** Is this product a raffle ticket or a gift-basket bet? */
export function isTicketProduct(product: CartProduct, config: TicketCategoryConfig): boolean {
  return ticketCategoryOf(product, config.raffles) !== undefined || ticketCategoryOf(product, config.giftBaskets) !== undefined;
}
