/**
 * What the cart holds, in integer cents (euros only at the API edge, see `src/api`).
 * Pseudo-products have negative ids: -1 donation, -2 meal-deal discount (docs/spec.md §9).
 */

export interface ProductCategory {
  id: number;
  name: string;
}

/** A product as the register sells it. */
export interface CartProduct {
  id: number;
  name: string;
  priceCents: number;
  category: ProductCategory;
  /** File name under /up/, when the product has a picture. */
  image?: string | null;
  clickAndCollectEligible?: boolean;
  alcohol?: boolean;
  /** For a raffle ticket or bet product: tickets (bets) one unit gives, as the catalogue says. */
  ticketsPerUnit?: number;
}

/** One line of the cart: a product and how many. */
export interface CartLine {
  product: CartProduct;
  quantity: number;
}

/** A tier of a ticket category: `nb` tickets for `priceCents` (docs/spec.md §3 `{nb, p}`). */
export interface TicketTier {
  nb: number;
  priceCents: number;
}

/** A product category that sells raffle tickets or gift-basket bets, with its price tiers. */
export interface TicketCategory {
  /** The product category id. */
  id: number;
  tiers: TicketTier[];
  /** The raffle (or gift basket) this category sells tickets (bets) of. */
  raffleId?: number;
  giftBasketId?: number;
}

/** Ticket category config (docs/spec.md §3): which categories sell raffle tickets and which sell bets. */
export interface TicketCategoryConfig {
  raffles: TicketCategory[];
  giftBaskets: TicketCategory[];
}

/** A bet on the weight of a gift basket (docs/spec.md §3): grams and the bet type. */
export interface Bet {
  weight: number;
  type: { id: number; name: string };
}

/** The buyer, once identified or created (docs/spec.md §3 Person). */
export interface Person {
  id: number;
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string | null;
}
