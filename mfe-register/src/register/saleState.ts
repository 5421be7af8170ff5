/**
 * The sale being rung up (docs/spec.md §4): cart, buyer, chosen ticket numbers and bets, receipt wish and
 * sale status (-1 none, 0 being created, 1 finished). Every cart change brings the meal-deal line up
 * to date and drops ticket numbers or bets the cart no longer pays for.
 */
import { addProduct, removeLine, setQuantity } from '../cart/cart';
import { addDonation } from '../cart/donation';
import { applyMealDeal, type MealDealRule } from '../cart/mealDeal';
import { betCount, raffleTicketCount } from '../cart/tickets';
import type { Bet, CartLine, CartProduct, Person, TicketCategoryConfig } from '../cart/types';
import type { ReceiptWish } from '../sale/buildSale';

export type SaleStatus = -1 | 0 | 1;

export interface SaleState {
  lines: CartLine[];
  person: Person | null;
  tickets: number[];
  bets: Bet[];
  receipt: ReceiptWish;
  status: SaleStatus;
}

export const emptySale: SaleState = { lines: [], person: null, tickets: [], bets: [], receipt: null, status: -1 };

export type SaleAction =
  | { type: 'addProduct'; product: CartProduct; quantity?: number }
  | { type: 'setQuantity'; productId: number; quantity: number | string }
  | { type: 'removeLine'; productId: number }
  | { type: 'addDonation'; amountCents: number | null }
  | { type: 'setPerson'; person: Person | null }
  | { type: 'setTickets'; tickets: number[] }
  | { type: 'setBets'; bets: Bet[] }
  | { type: 'setReceipt'; receipt: ReceiptWish }
  | { type: 'setStatus'; status: SaleStatus }
  | { type: 'restore'; sale: SaleState }
  | { type: 'newSale' }
  /** The meal-deal rule changed (settings loaded): the discount line brought up to date. */
  | { type: 'applyMealDeal' };

/** Keeps ticket numbers and bets within what the cart pays for. */
function withCart(state: SaleState, lines: CartLine[], config: TicketCategoryConfig, mealDeal?: MealDealRule): SaleState {
  const cart = applyMealDeal(lines, mealDeal);
  const ticketsAllowed = raffleTicketCount(cart, config);
  const betsAllowed = betCount(cart, config);
  return {
    ...state,
    lines: cart,
    tickets: state.tickets.length > ticketsAllowed ? state.tickets.slice(0, ticketsAllowed) : state.tickets,
    bets: state.bets.length > betsAllowed ? state.bets.slice(0, betsAllowed) : state.bets,
  };
}

/** `mealDeal`: the event's rule from the settings (no meal deal when absent, as the server prices it). */
export function saleReducer(config: TicketCategoryConfig, mealDeal?: MealDealRule) {
  return function reduce(state: SaleState, action: SaleAction): SaleState {
    switch (action.type) {
      case 'addProduct':
        return withCart(state, addProduct(state.lines, action.product, action.quantity ?? 1), config, mealDeal);
      case 'setQuantity':
        return withCart(state, setQuantity(state.lines, action.productId, action.quantity), config, mealDeal);
      case 'removeLine':
        return withCart(state, removeLine(state.lines, action.productId), config, mealDeal);
      case 'addDonation':
        return withCart(state, addDonation(state.lines, action.amountCents), config, mealDeal);
      case 'setPerson':
        return { ...state, person: action.person };
      case 'setTickets':
        return { ...state, tickets: [...action.tickets] };
      case 'setBets':
        return { ...state, bets: [...action.bets] };
      case 'setReceipt':
        return { ...state, receipt: action.receipt };
      case 'setStatus':
        return { ...state, status: action.status };
      case 'restore':
        return withCart({ ...action.sale, status: -1 }, action.sale.lines, config, mealDeal);
      case 'applyMealDeal':
        return withCart(state, state.lines, config, mealDeal);
      case 'newSale':
        // « Nouvelle vente » clears cart, tickets, bets and buyer and resets the status to -1 (docs/spec.md §4).
        return emptySale;
    }
  };
}
