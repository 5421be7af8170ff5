import { describe, expect, it } from 'vitest';
import { addDonation } from '../cart/donation';
import { applyMealDeal, DEMO_MEAL_DEAL } from '../cart/mealDeal';
import { dessert, drink, line, raffleTicket, sandwich } from '../cart/testFactories';
import { buildSale, ticketTargets, type SaleDraft } from './buildSale';

const person = { id: 12, firstname: 'Camille', lastname: 'Martin', phone: '0612345678', email: null };
const draft = (overrides: Partial<SaleDraft> = {}): SaleDraft => ({
  checkoutId: 2,
  eventId: 1,
  lines: applyMealDeal([line(sandwich()), line(drink()), line(dessert())], DEMO_MEAL_DEAL),
  person: null,
  raffleId: null,
  tickets: [],
  giftBasketId: null,
  bets: [],
  receipt: null,
  ...overrides,
});

describe('the sale sent to POST /api/cr/sale/create', () => {
  it('is a cash sale: mode 2, status 1, the amount given as reference, euros with the discount line', () => {
    const sale = buildSale(draft(), { mode: 2, givenCents: 1000 });
    expect(sale).toMatchObject({
      status: 0,
      checkoutId: 2,
      eventId: 1,
      personId: 0,
      price: 5.5,
      paymentMode: 2,
      paymentStatus: 1,
      payments: [{ method: 'ESP', amount: 5.5, payment_reference: '10.00' }],
      raffleId: null,
      raffles: [],
      giftBasketsId: null,
      giftBaskets: [],
    });
    expect(sale.cart.at(-1)).toEqual({
      product: { id: -2, name: 'Remise formule', price: -0.5, productCategory: { id: 0, name: 'Remises' } },
      quantity: 1,
    });
    expect(sale).not.toHaveProperty('receipt');
  });

  it('is a cheque (mode 1, status 2, the cheque number), a card payment (mode 3, status 1, the transaction code) or a hold (99, 2, no payment)', () => {
    expect(buildSale(draft(), { mode: 1, chequeNumber: '0042' })).toMatchObject({
      paymentMode: 1,
      paymentStatus: 2,
      payments: [{ method: 'CHQ', payment_reference: '0042' }],
    });
    expect(buildSale(draft(), { mode: 3, transactionCode: 'TX9' })).toMatchObject({
      paymentMode: 3,
      paymentStatus: 1,
      payments: [{ method: 'CB', payment_reference: 'TX9' }],
    });
    expect(buildSale(draft({ person }), { mode: 99 })).toMatchObject({ paymentMode: 99, paymentStatus: 2, payments: [], personId: 12 });
  });

  it('carries the donation, the tickets of their raffle, the bets and the receipt wish', () => {
    const sale = buildSale(
      draft({
        lines: addDonation([line(raffleTicket(), 2)], 300),
        person,
        raffleId: 1,
        tickets: [4, 9],
        giftBasketId: 1,
        bets: [{ weight: 4250, type: { id: 2, name: 'Panier bien-être' } }],
        receipt: { method: 'sms', to: '0611223344' },
      }),
      { mode: 2, givenCents: 700 },
    );
    expect(sale).toMatchObject({
      price: 7,
      raffleId: 1,
      raffles: [4, 9],
      giftBasketsId: 1,
      giftBaskets: [{ weight: 4250, type: { id: 2, name: 'Panier bien-être' } }],
      receipt: { method: 'sms', to: '0611223344' },
    });
    expect(sale.cart.find((l) => l.product.id === -1)).toEqual({
      product: { id: -1, name: 'Don', price: 3, productCategory: { id: 0, name: 'Dons' } },
      quantity: 1,
    });
  });

  it('names the raffle and the gift basket of the ticket products in the cart', () => {
    const ticket = raffleTicket();
    expect(ticketTargets([line(ticket)], [{ id: ticket.id, raffleId: 3 }])).toEqual({ raffleId: 3, giftBasketId: null });
  });
});
