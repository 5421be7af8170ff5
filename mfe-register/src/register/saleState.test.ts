import { describe, expect, it } from 'vitest';
import { dessert, drink, raffleTicket, sandwich, ticketConfig, betTicket } from '../cart/testFactories';
import { DEMO_MEAL_DEAL } from '../cart/mealDeal';
import { emptySale, saleReducer, type SaleAction, type SaleState } from './saleState';

// The demo fair's meal deal, set for the event as an administrator would: an event without one has no discount.
const reduce = saleReducer(ticketConfig, DEMO_MEAL_DEAL);
const run = (actions: SaleAction[], start: SaleState = emptySale) => actions.reduce(reduce, start);

describe('the sale being rung up', () => {
  it('adds and removes the meal-deal line as the cart changes', () => {
    const s = sandwich();
    const d = drink();
    const c = dessert();
    let state = run([
      { type: 'addProduct', product: s },
      { type: 'addProduct', product: d },
    ]);
    expect(state.lines.some((line) => line.product.id === -2)).toBe(false);

    state = reduce(state, { type: 'addProduct', product: c });
    expect(state.lines.at(-1)).toMatchObject({ product: { id: -2 }, quantity: 1 });

    state = reduce(state, { type: 'removeLine', productId: d.id });
    expect(state.lines.some((line) => line.product.id === -2)).toBe(false);
  });

  it('adds no meal-deal line while the event has no rule', () => {
    const state = [sandwich(), drink(), dessert()].reduce(
      (sale, product) => saleReducer(ticketConfig)(sale, { type: 'addProduct', product }),
      emptySale,
    );
    expect(state.lines.some((line) => line.product.id === -2)).toBe(false);
  });

  it('drops ticket numbers and bets the cart no longer pays for', () => {
    const ticket = raffleTicket();
    const bet = betTicket();
    let state = run([
      { type: 'addProduct', product: ticket, quantity: 3 },
      { type: 'addProduct', product: bet, quantity: 2 },
      { type: 'setTickets', tickets: [4, 8, 15] },
      {
        type: 'setBets',
        bets: [
          { weight: 1000, type: { id: 1, name: 'A' } },
          { weight: 2000, type: { id: 1, name: 'A' } },
        ],
      },
    ]);
    state = reduce(state, { type: 'setQuantity', productId: ticket.id, quantity: 1 });
    expect(state.tickets).toEqual([4]);
    state = reduce(state, { type: 'removeLine', productId: bet.id });
    expect(state.bets).toEqual([]);
  });

  it('« Nouvelle vente » clears cart, tickets, bets and buyer and resets the status', () => {
    const state = run([
      { type: 'addProduct', product: raffleTicket() },
      { type: 'setTickets', tickets: [3] },
      { type: 'setPerson', person: { id: 4, firstname: 'Léa', lastname: 'Martin', phone: null, email: null } },
      { type: 'setReceipt', receipt: { method: 'sms', to: '0612345678' } },
      { type: 'setStatus', status: 1 },
      { type: 'newSale' },
    ]);
    expect(state).toEqual({ lines: [], person: null, tickets: [], bets: [], receipt: null, status: -1 });
  });
});
