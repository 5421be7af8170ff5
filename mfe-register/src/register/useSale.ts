/**
 * The sale being rung up and what the screen reads from it: the cart reducer (priced with the event's
 * meal-deal rule, docs/spec.md §9), the products offered, the total, how many raffle numbers and bets the cart
 * pays for and which raffle and gift basket they belong to. It exists so every panel, dialog and
 * payment reads the same figures, computed once per render from one state.
 */
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { CheckoutCatalog } from '../api/checkoutApi';
import { cartTotalCents } from '../cart/cart';
import type { MealDealRule } from '../cart/mealDeal';
import { betCount, raffleTicketCount } from '../cart/tickets';
import type { TicketCategoryConfig } from '../cart/types';
import { ticketTargets, type SaleDraft } from '../sale/buildSale';
import { emptySale, saleReducer, type SaleState } from './saleState';

const NO_TICKETS: TicketCategoryConfig = { raffles: [], giftBaskets: [] };

export interface SaleInput {
  checkoutId: number;
  eventId: number;
  catalog: CheckoutCatalog | null;
  mealDeal: MealDealRule | null;
  clickAndCollect: boolean;
}

export function useSale({ checkoutId, eventId, catalog, mealDeal, clickAndCollect }: SaleInput) {
  const config = useMemo(() => catalog?.ticketConfig ?? NO_TICKETS, [catalog]);
  // The event's meal-deal rule (its settings) prices the cart as the server will.
  const reducer = useMemo(() => saleReducer(config, mealDeal ?? undefined), [config, mealDeal]);
  const [sale, dispatch] = useReducer(reducer, emptySale);
  useEffect(() => dispatch({ type: 'applyMealDeal' }), [mealDeal]);

  const products = useMemo(
    () => (catalog ? (clickAndCollect ? catalog.products.filter((product) => product.clickAndCollectEligible) : catalog.products) : []),
    [catalog, clickAndCollect],
  );
  const categories = useMemo(
    () => (catalog?.categories ?? []).filter((category) => products.some((product) => product.category.id === category.id)),
    [catalog, products],
  );
  const inCart = useMemo(() => new Map(sale.lines.map((line) => [line.product.id, line.quantity])), [sale.lines]);
  const targets = ticketTargets(sale.lines, catalog?.products ?? []);

  /** The sale body's fields for `state` (the current sale, or the one saved with a card payment). */
  const draftOf = useCallback(
    (state: SaleState): SaleDraft => {
      const { raffleId, giftBasketId } = ticketTargets(state.lines, catalog?.products ?? []);
      return {
        checkoutId,
        eventId,
        lines: state.lines,
        person: state.person,
        raffleId,
        tickets: state.tickets,
        giftBasketId,
        bets: state.bets,
        receipt: state.receipt,
      };
    },
    [catalog, checkoutId, eventId],
  );

  return {
    sale,
    dispatch,
    config,
    products,
    categories,
    inCart,
    draftOf,
    totalCents: cartTotalCents(sale.lines),
    ticketsAllowed: raffleTicketCount(sale.lines, config),
    betsAllowed: betCount(sale.lines, config),
    raffle: catalog?.raffles.find((item) => item.id === targets.raffleId),
    giftBasket: catalog?.giftBaskets.find((item) => item.id === targets.giftBasketId),
  };
}

export type CurrentSale = ReturnType<typeof useSale>;
