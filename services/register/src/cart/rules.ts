/**
 * The cart rules of SPEC §5 and §9, as pure functions the sale command and the tests share: the
 * server recomputes every price from its catalogue, adds the meal-deal discount line (-2), takes only
 * the donation amount (-1) from the client, counts the tickets, bets and loto cartons each line pays
 * for, and checks the buyer, ticket, bet and carton rules with SPEC's French messages.
 */
import { badRequest } from '@kermesse/kit';
import { formatEuros, toCents } from '../money.ts';

export const DONATION_PRODUCT_ID = -1;
export const DISCOUNT_PRODUCT_ID = -2;
export const DONATION_CATEGORY = 'Donations';
export const DISCOUNT_CATEGORY = 'Remises';
export const DISCOUNT_NAME = 'Remise menu';
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 50;
/** A donation above this is surely a typing mistake (100,000 €). */
export const MAX_DONATION_CENTS = 10_000_000;

export const MESSAGES = {
  identify: 'Identifier/Créer une personne pour ce panier',
  noTickets: 'Aucune selection de tickets',
  noBets: 'Aucun vote effectué',
  duplicateBet: 'Ce pari a déjà été sélectionné.',
  emptyCart: 'Le panier est vide.',
  smsPhone: 'Merci de saisir un numéro de téléphone valide (10 chiffres).',
  noCartons: 'Aucun carton saisi : saisissez les numéros des cartons remis.',
} as const;

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
  /** Loto night of a carton product (issue 12). */
  bingoId?: number | null;
  tierNb?: number | null;
  clickAndCollect: boolean;
}

export interface Tier { nb: number; priceCents: number }
export interface RaffleInfo { id: number; eventId: number; name: string; totalTickets: number; tiers: Tier[] }
/** A loto night whose cartons the register sells: `totalCartons` printed, numbered from 1. */
export interface BingoInfo { id: number; eventId: number | null; name: string; totalCartons: number; tiers: Tier[] }
export interface GiftBasketInfo { id: number; eventId: number; name: string; tiers: Tier[]; types: Array<{ id: number; name: string; priceCents: number }> }

/** SPEC §9: a discount per complete set of these (category, price) items. */
export interface MealDealRule {
  discountCents: number;
  items: Array<{ categoryId: number; priceCents: number }>;
}

export const DEFAULT_MEAL_DEAL: MealDealRule = {
  discountCents: 50,
  items: [
    { categoryId: 2, priceCents: 350 },
    { categoryId: 1, priceCents: 150 },
    { categoryId: 4, priceCents: 100 },
  ],
};

/** A cart line as the register remote sends it (SPEC §3); only ids, quantities and the donation amount are trusted. */
export interface CartLineInput {
  product: { id: number; name?: string; price?: number; productCategory?: { id?: number | null; name?: string } | null };
  quantity: number;
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

/**
 * Number of complete meal-deal sets in the cart: the smallest quantity among the rule's
 * (category, price) items (SPEC §9); 0 when one is missing.
 */
export function mealDealSets(lines: Array<{ categoryId: number | null; unitPriceCents: number; quantity: number; kind: LineKind }>, rule: MealDealRule): number {
  if (rule.items.length === 0) return 0;
  let sets = Infinity;
  for (const item of rule.items) {
    const quantity = lines
      .filter((l) => l.kind === 'product' && l.categoryId === item.categoryId && l.unitPriceCents === item.priceCents)
      .reduce((sum, l) => sum + l.quantity, 0);
    sets = Math.min(sets, quantity);
  }
  return Number.isFinite(sets) ? sets : 0;
}

/** Tickets (or bets) one unit of a ticket product gives: `nb` of the tier whose price is the product's (SPEC §9). */
export function ticketsPerUnit(product: Pick<CatalogProduct, 'priceCents' | 'tierNb'>, tiers: Tier[]): number {
  const tier = tiers.find((t) => t.priceCents === product.priceCents);
  return tier?.nb ?? product.tierNb ?? 0;
}

/**
 * Prices a cart from the catalogue. Throws a 400 with a French message for anything the register
 * cannot sell (unknown product, bad donation, tickets of two raffles…).
 */
export function priceCart(cart: CartLineInput[], catalog: CatalogView): PricedCart {
  if (cart.length === 0) throw badRequest(MESSAGES.emptyCart);
  const lines: PricedLine[] = [];
  let raffleId: number | null = null;
  let giftBasketId: number | null = null;
  let ticketsAllowed = 0;
  let betsAllowed = 0;
  let bingoId: number | null = null;
  let cartonsAllowed = 0;

  for (const { product: sent, quantity } of cart) {
    if (quantity < MIN_QUANTITY || quantity > MAX_QUANTITY || !Number.isInteger(quantity)) {
      throw badRequest(`La quantité doit être comprise entre ${MIN_QUANTITY} et ${MAX_QUANTITY}.`);
    }
    if (sent.id === DISCOUNT_PRODUCT_ID) continue; // recomputed below, whatever the client says
    if (sent.id === DONATION_PRODUCT_ID) {
      const cents = typeof sent.price === 'number' ? toCents(sent.price) : undefined;
      if (cents === undefined || cents <= 0) throw badRequest('Le montant du don doit être supérieur à 0 € (2 décimales au plus).');
      if (cents > MAX_DONATION_CENTS) throw badRequest(`Le montant du don ne peut dépasser ${formatEuros(MAX_DONATION_CENTS)}.`);
      lines.push({
        productId: DONATION_PRODUCT_ID, name: 'Don', categoryId: null, categoryName: DONATION_CATEGORY,
        unitPriceCents: cents, quantity, totalCents: cents * quantity, kind: 'donation', clickAndCollect: false,
      });
      continue;
    }
    const product = catalog.product(sent.id);
    if (!product) {
      const name = sent.name ? `« ${sent.name} » ` : '';
      throw badRequest(`Le produit ${name}(n° ${sent.id}) n'est pas en vente à cette caisse.`);
    }
    if (product.kind === 'raffle') {
      const raffle = product.raffleId ? catalog.raffle(product.raffleId) : undefined;
      if (!raffle) throw badRequest(`La tombola du produit « ${product.name} » n'est plus en vente.`);
      if (raffleId !== null && raffleId !== raffle.id) throw badRequest("Une vente ne peut contenir les tickets que d'une seule tombola.");
      raffleId = raffle.id;
      ticketsAllowed += quantity * ticketsPerUnit(product, raffle.tiers);
    } else if (product.kind === 'giftbasket') {
      const basket = product.giftBasketId ? catalog.giftBasket(product.giftBasketId) : undefined;
      if (!basket) throw badRequest(`Le panier garni du produit « ${product.name} » n'est plus en vente.`);
      if (giftBasketId !== null && giftBasketId !== basket.id) throw badRequest("Une vente ne peut contenir les paris que d'un seul panier garni.");
      giftBasketId = basket.id;
      betsAllowed += quantity * ticketsPerUnit(product, basket.tiers);
    } else if (product.kind === 'bingo') {
      const bingo = product.bingoId ? catalog.bingo?.(product.bingoId) : undefined;
      if (!bingo) throw badRequest(`Les cartons du produit « ${product.name} » ne sont plus en vente.`);
      if (bingoId !== null && bingoId !== bingo.id) throw badRequest("Une vente ne peut contenir les cartons que d'une seule soirée loto.");
      bingoId = bingo.id;
      cartonsAllowed += quantity * ticketsPerUnit(product, bingo.tiers);
    }
    lines.push({
      productId: product.id, name: product.name, categoryId: product.categoryId, categoryName: product.categoryName,
      unitPriceCents: product.priceCents, quantity, totalCents: product.priceCents * quantity,
      kind: product.kind, clickAndCollect: product.clickAndCollect,
    });
  }
  if (lines.length === 0) throw badRequest(MESSAGES.emptyCart);

  const sets = mealDealSets(lines, catalog.mealDeal);
  if (sets > 0) {
    lines.push({
      productId: DISCOUNT_PRODUCT_ID, name: DISCOUNT_NAME, categoryId: null, categoryName: DISCOUNT_CATEGORY,
      unitPriceCents: -catalog.mealDeal.discountCents, quantity: sets, totalCents: -catalog.mealDeal.discountCents * sets,
      kind: 'discount', clickAndCollect: false,
    });
  }
  const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  return { lines, totalCents, raffleId, ticketsAllowed, giftBasketId, betsAllowed, bingoId, cartonsAllowed, mealDealSets: sets };
}

export interface TicketChoice { tickets: number[]; bets: Array<{ typeId: number; weight: number }>; cartons?: number[] }

/**
 * SPEC §5, checked again by the server in SPEC's order: a buyer for tickets, bets and holds, then
 * the ticket selection, then the bets.
 */
export function checkSaleRules(
  priced: PricedCart,
  choice: TicketChoice,
  context: { hasBuyer: boolean; onHold: boolean; raffle?: RaffleInfo; giftBasket?: GiftBasketInfo; bingo?: BingoInfo },
): void {
  const hasTickets = priced.raffleId !== null;
  const hasBets = priced.giftBasketId !== null;
  if ((hasTickets || hasBets || context.onHold) && !context.hasBuyer) throw badRequest(MESSAGES.identify);

  if (hasTickets) {
    if (choice.tickets.length === 0) throw badRequest(MESSAGES.noTickets);
    const allowed = priced.ticketsAllowed;
    if (choice.tickets.length > allowed) throw badRequest(`Vous pouvez sélectionner un maximum de ${allowed} tickets.`);
    if (choice.tickets.length < allowed) throw badRequest(`Sélectionnez ${allowed} tickets : ${choice.tickets.length} sélectionné(s).`);
    const seen = new Set<number>();
    const total = context.raffle?.totalTickets ?? 0;
    for (const number of choice.tickets) {
      if (seen.has(number)) throw badRequest(`Le ticket n° ${number} est sélectionné deux fois.`);
      seen.add(number);
      if (number < 1 || (total > 0 && number > total)) throw badRequest(`Le ticket n° ${number} n'existe pas dans cette tombola (1 à ${total}).`);
    }
  } else if (choice.tickets.length > 0) {
    throw badRequest("Des numéros de tombola sont choisis mais aucun ticket de tombola n'est dans le panier.");
  }

  if (hasBets) {
    if (choice.bets.length === 0) throw badRequest(MESSAGES.noBets);
    if (choice.bets.length > priced.betsAllowed) throw badRequest(`Vous pouvez faire au maximum ${priced.betsAllowed} paris.`);
    const seen = new Set<string>();
    const types = context.giftBasket?.types ?? [];
    for (const bet of choice.bets) {
      const key = `${bet.typeId}:${bet.weight}`;
      if (seen.has(key)) throw badRequest(MESSAGES.duplicateBet);
      seen.add(key);
      if (types.length > 0 && !types.some((t) => t.id === bet.typeId)) throw badRequest('Type de pari inconnu pour ce panier garni.');
    }
  } else if (choice.bets.length > 0) {
    throw badRequest("Des paris sont saisis mais aucun ticket de pari n'est dans le panier.");
  }

  // The sale command checks the cartons with their claim (bingo/sale.ts); here when given.
  if (choice.cartons !== undefined) checkCartons(priced, choice.cartons, context.bingo);
}

/**
 * Loto cartons (issue 12): the numbers of the physical cartons handed over, as many as the cart
 * pays for, each once, each printed for the night. The buyer is linked when known, never required.
 */
export function checkCartons(priced: Pick<PricedCart, 'bingoId' | 'cartonsAllowed'>, cartons: number[], bingo?: BingoInfo): void {
  if (priced.bingoId === null) {
    if (cartons.length > 0) throw badRequest("Des numéros de cartons sont saisis mais aucun carton de loto n'est dans le panier.");
    return;
  }
  const allowed = priced.cartonsAllowed;
  if (cartons.length === 0) throw badRequest(MESSAGES.noCartons);
  if (cartons.length > allowed) throw badRequest(`Vous pouvez saisir au maximum ${allowed} carton(s) : ${cartons.length} saisi(s).`);
  if (cartons.length < allowed) throw badRequest(`Saisissez les numéros des ${allowed} cartons remis : ${cartons.length} saisi(s).`);
  const seen = new Set<number>();
  const total = bingo?.totalCartons ?? 0;
  for (const number of cartons) {
    if (seen.has(number)) throw badRequest(`Le carton n° ${number} est saisi deux fois.`);
    seen.add(number);
    if (!Number.isInteger(number) || number < 1 || (total > 0 && number > total)) {
      throw badRequest(`Le carton n° ${number} n'existe pas pour cette soirée (1 à ${total}).`);
    }
  }
}
