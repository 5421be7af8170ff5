/**
 * The cart rules of docs/spec.md §5 and §9, as pure functions the sale command and the tests share: the
 * server recomputes every price from its catalogue, adds the meal-deal discount line (-2), takes only
 * the donation amount (-1) from the client, counts the tickets, bets and loto cartons each line pays
 * for, and checks the buyer, ticket, bet and carton rules with the spec's French messages.
 */
import { formatEuros, parseEuros } from '@kermesse/contracts-common';
import {
  DEMO_MEAL_DEAL,
  DONATION_PRODUCT_ID,
  MEAL_DEAL_CATEGORY,
  MEAL_DEAL_NAME,
  MEAL_DEAL_PRODUCT_ID,
  mealDealSets as setsOf,
  NO_MEAL_DEAL,
  QUANTITY_MAX,
  QUANTITY_MIN,
  type CartLineInput,
  type MealDealRule,
} from '@kermesse/contracts-register';
import { invalid } from '../errors.ts';

export { DEMO_MEAL_DEAL, NO_MEAL_DEAL, type CartLineInput, type MealDealRule };

export { DONATION_PRODUCT_ID, QUANTITY_MAX as MAX_QUANTITY, QUANTITY_MIN as MIN_QUANTITY };
export const DISCOUNT_PRODUCT_ID = MEAL_DEAL_PRODUCT_ID;
export const DONATION_CATEGORY = 'Dons';
export const DISCOUNT_CATEGORY = MEAL_DEAL_CATEGORY;
export const DISCOUNT_NAME = MEAL_DEAL_NAME;
/** A donation above this is surely a typing mistake (100,000 €). */
export const MAX_DONATION_CENTS = 10_000_000;

export type LineKind = 'product' | 'donation' | 'discount' | 'raffle' | 'giftbasket' | 'bingo';

/** A product as the catalogue prices it (never as the client says). */
export interface CatalogProduct {
  id: number;
  name: string;
  priceCents: number;
  categoryId: number;
  categoryName: string;
  kind: 'product' | 'raffle' | 'giftbasket' | 'bingo';
  raffleId?: number | null;
  giftBasketId?: number | null;
  /** Loto night of a carton product. */
  bingoId?: number | null;
  tierNb?: number | null;
  clickAndCollect: boolean;
}

export interface Tier {
  nb: number;
  priceCents: number;
}
export interface RaffleInfo {
  id: number;
  eventId: number;
  name: string;
  totalTickets: number;
  tiers: Tier[];
}
/** A loto night whose cartons the register sells: `totalCartons` printed, numbered from 1. */
export interface BingoInfo {
  id: number;
  eventId: number | null;
  name: string;
  totalCartons: number;
  tiers: Tier[];
}
export interface GiftBasketInfo {
  id: number;
  eventId: number;
  name: string;
  tiers: Tier[];
  types: Array<{ id: number; name: string; priceCents: number }>;
}

export interface PricedLine {
  productId: number;
  name: string;
  categoryId: number | null;
  categoryName: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  kind: LineKind;
  clickAndCollect: boolean;
}

export interface PricedCart {
  lines: PricedLine[];
  totalCents: number;
  /** Raffle whose tickets the cart holds, and how many tickets it pays for. */
  raffleId: number | null;
  ticketsAllowed: number;
  giftBasketId: number | null;
  betsAllowed: number;
  /** Loto night whose cartons the cart holds, and how many cartons it pays for. */
  bingoId: number | null;
  cartonsAllowed: number;
  mealDealSets: number;
}

export interface CatalogView {
  product(id: number): CatalogProduct | undefined;
  raffle(id: number): RaffleInfo | undefined;
  giftBasket(id: number): GiftBasketInfo | undefined;
  /** Loto nights on sale (absent: the register sells no carton). */
  bingo?(id: number): BingoInfo | undefined;
  mealDeal: MealDealRule;
}

/** Number of complete meal-deal sets among the cart's product lines (the contract's rule, docs/spec.md §9). */
export function mealDealSets(
  lines: Array<{ categoryId: number | null; unitPriceCents: number; quantity: number; kind: LineKind }>,
  rule: MealDealRule,
): number {
  return setsOf(
    lines.filter((l) => l.kind === 'product'),
    rule,
  );
}

/** Tickets (or bets) one unit of a ticket product gives: `nb` of the tier whose price is the product's (docs/spec.md §9). */
export function ticketsPerUnit(product: Pick<CatalogProduct, 'priceCents' | 'tierNb'>, tiers: Tier[]): number {
  const tier = tiers.find((t) => t.priceCents === product.priceCents);
  return tier?.nb ?? product.tierNb ?? 0;
}

/**
 * Prices a cart from the catalogue. Throws a 400 with a French message for anything the register
 * cannot sell (unknown product, bad donation, tickets of two raffles…).
 */
export function priceCart(cart: CartLineInput[], catalog: CatalogView): PricedCart {
  if (cart.length === 0) throw invalid('CART_EMPTY');
  const lines: PricedLine[] = [];
  let raffleId: number | null = null;
  let giftBasketId: number | null = null;
  let ticketsAllowed = 0;
  let betsAllowed = 0;
  let bingoId: number | null = null;
  let cartonsAllowed = 0;

  for (const { product: sent, quantity } of cart) {
    if (quantity < QUANTITY_MIN || quantity > QUANTITY_MAX || !Number.isInteger(quantity)) {
      throw invalid('QUANTITY_RANGE', { min: QUANTITY_MIN, max: QUANTITY_MAX });
    }
    if (sent.id === DISCOUNT_PRODUCT_ID) continue; // recomputed below, whatever the client says
    if (sent.id === DONATION_PRODUCT_ID) {
      const cents = typeof sent.price === 'number' ? parseEuros(sent.price) : null;
      if (cents === null || cents <= 0) throw invalid('DONATION_INVALID');
      if (cents > MAX_DONATION_CENTS)
        throw invalid('DONATION_TOO_LARGE', { max: formatEuros(MAX_DONATION_CENTS) }, { maxCents: MAX_DONATION_CENTS });
      lines.push({
        productId: DONATION_PRODUCT_ID,
        name: 'Don',
        categoryId: null,
        categoryName: DONATION_CATEGORY,
        unitPriceCents: cents,
        quantity,
        totalCents: cents * quantity,
        kind: 'donation',
        clickAndCollect: false,
      });
      continue;
    }
    const product = catalog.product(sent.id);
    if (!product) {
      const name = sent.name ? `« ${sent.name} » ` : '';
      throw invalid('PRODUCT_NOT_ON_SALE', { name, productId: sent.id }, { productId: sent.id });
    }
    if (product.kind === 'raffle') {
      const raffle = product.raffleId ? catalog.raffle(product.raffleId) : undefined;
      if (!raffle) throw invalid('RAFFLE_CLOSED', { name: product.name, productId: product.id });
      if (raffleId !== null && raffleId !== raffle.id) throw invalid('TWO_RAFFLES');
      raffleId = raffle.id;
      ticketsAllowed += quantity * ticketsPerUnit(product, raffle.tiers);
    } else if (product.kind === 'giftbasket') {
      const basket = product.giftBasketId ? catalog.giftBasket(product.giftBasketId) : undefined;
      if (!basket) throw invalid('GIFT_BASKET_CLOSED', { name: product.name, productId: product.id });
      if (giftBasketId !== null && giftBasketId !== basket.id) throw invalid('TWO_GIFT_BASKETS');
      giftBasketId = basket.id;
      betsAllowed += quantity * ticketsPerUnit(product, basket.tiers);
    } else if (product.kind === 'bingo') {
      const bingo = product.bingoId ? catalog.bingo?.(product.bingoId) : undefined;
      if (!bingo) throw invalid('BINGO_CLOSED', { name: product.name, productId: product.id });
      if (bingoId !== null && bingoId !== bingo.id) throw invalid('TWO_BINGOS');
      bingoId = bingo.id;
      cartonsAllowed += quantity * ticketsPerUnit(product, bingo.tiers);
    }
    lines.push({
      productId: product.id,
      name: product.name,
      categoryId: product.categoryId,
      categoryName: product.categoryName,
      unitPriceCents: product.priceCents,
      quantity,
      totalCents: product.priceCents * quantity,
      kind: product.kind,
      clickAndCollect: product.clickAndCollect,
    });
  }
  if (lines.length === 0) throw invalid('CART_EMPTY');

  const sets = mealDealSets(lines, catalog.mealDeal);
  if (sets > 0) {
    lines.push({
      productId: DISCOUNT_PRODUCT_ID,
      name: DISCOUNT_NAME,
      categoryId: null,
      categoryName: DISCOUNT_CATEGORY,
      unitPriceCents: -catalog.mealDeal.discountCents,
      quantity: sets,
      totalCents: -catalog.mealDeal.discountCents * sets,
      kind: 'discount',
      clickAndCollect: false,
    });
  }
  const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  return { lines, totalCents, raffleId, ticketsAllowed, giftBasketId, betsAllowed, bingoId, cartonsAllowed, mealDealSets: sets };
}

export interface TicketChoice {
  tickets: number[];
  bets: Array<{ typeId: number; weight: number }>;
  cartons?: number[];
}

/**
 * docs/spec.md §5, checked again by the server in the spec's order: a buyer for tickets, bets and holds, then
 * the ticket selection, then the bets.
 */
export function checkSaleRules(
  priced: PricedCart,
  choice: TicketChoice,
  context: { hasBuyer: boolean; onHold: boolean; raffle?: RaffleInfo; giftBasket?: GiftBasketInfo; bingo?: BingoInfo },
): void {
  const hasTickets = priced.raffleId !== null;
  const hasBets = priced.giftBasketId !== null;
  if ((hasTickets || hasBets || context.onHold) && !context.hasBuyer) throw invalid('BUYER_REQUIRED');

  if (hasTickets) {
    if (choice.tickets.length === 0) throw invalid('NO_TICKETS');
    const allowed = priced.ticketsAllowed;
    if (choice.tickets.length > allowed) throw invalid('TICKETS_TOO_MANY', { allowed, count: choice.tickets.length });
    if (choice.tickets.length < allowed) throw invalid('TICKETS_TOO_FEW', { allowed, count: choice.tickets.length });
    const seen = new Set<number>();
    const total = context.raffle?.totalTickets ?? 0;
    for (const number of choice.tickets) {
      if (seen.has(number)) throw invalid('TICKET_TWICE', { number });
      seen.add(number);
      if (number < 1 || (total > 0 && number > total)) throw invalid('TICKET_UNKNOWN', { number, total });
    }
  } else if (choice.tickets.length > 0) {
    throw invalid('TICKETS_WITHOUT_RAFFLE');
  }

  if (hasBets) {
    if (choice.bets.length === 0) throw invalid('NO_BETS');
    if (choice.bets.length > priced.betsAllowed) throw invalid('BETS_TOO_MANY', { allowed: priced.betsAllowed, count: choice.bets.length });
    const seen = new Set<string>();
    const types = context.giftBasket?.types ?? [];
    for (const bet of choice.bets) {
      const key = `${bet.typeId}:${bet.weight}`;
      if (seen.has(key)) throw invalid('BET_TWICE', { typeId: bet.typeId, weight: bet.weight });
      seen.add(key);
      if (types.length > 0 && !types.some((t) => t.id === bet.typeId)) throw invalid('BET_TYPE_UNKNOWN', { typeId: bet.typeId });
    }
  } else if (choice.bets.length > 0) {
    throw invalid('BETS_WITHOUT_BASKET');
  }

  // The sale command checks the cartons with their claim (bingo/sale.ts); here when given.
  if (choice.cartons !== undefined) checkCartons(priced, choice.cartons, context.bingo);
}

/**
 * Loto cartons: the numbers of the physical cartons handed over, as many as the cart
 * pays for, each once, each printed for the night. The buyer is linked when known, never required.
 */
export function checkCartons(priced: Pick<PricedCart, 'bingoId' | 'cartonsAllowed'>, cartons: number[], bingo?: BingoInfo): void {
  if (priced.bingoId === null) {
    if (cartons.length > 0) throw invalid('CARTONS_WITHOUT_BINGO');
    return;
  }
  const allowed = priced.cartonsAllowed;
  if (cartons.length === 0) throw invalid('NO_CARTONS');
  if (cartons.length > allowed) throw invalid('CARTONS_TOO_MANY', { allowed, count: cartons.length });
  if (cartons.length < allowed) throw invalid('CARTONS_TOO_FEW', { allowed, count: cartons.length });
  const seen = new Set<number>();
  const total = bingo?.totalCartons ?? 0;
  for (const number of cartons) {
    if (seen.has(number)) throw invalid('CARTON_TWICE', { number });
    seen.add(number);
    if (!Number.isInteger(number) || number < 1 || (total > 0 && number > total)) {
      throw invalid('CARTON_UNKNOWN', { number, total });
    }
  }
}
