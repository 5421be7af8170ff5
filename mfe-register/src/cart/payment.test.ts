import { describe, expect, it } from 'vitest';
import { IDENTIFY_MESSAGE, NO_BETS_MESSAGE, NO_TICKETS_MESSAGE, PAYMENT_MODE, paymentBlocker, type PaymentCheck } from './payment';
import { betTicket, line, raffleTicket, sandwich, ticketConfig } from './testFactories';
import type { Person } from './types';

const person: Person = { id: 12, firstname: 'Léa', lastname: 'Martin', phone: '0601020304', email: null };
const check = (overrides: Partial<PaymentCheck>): string | null =>
  paymentBlocker({
    mode: PAYMENT_MODE.cash,
    lines: [line(sandwich())],
    config: ticketConfig,
    person: null,
    tickets: [],
    bets: [],
    ...overrides,
  });

describe('checks before a payment', () => {
  it('lets an anonymous cash, cheque or card sale of ordinary products through', () => {
    for (const mode of [PAYMENT_MODE.cash, PAYMENT_MODE.cheque, PAYMENT_MODE.card]) expect(check({ mode })).toBeNull();
  });

  it('needs an identified person to put a basket on hold', () => {
    expect(check({ mode: PAYMENT_MODE.hold })).toBe(IDENTIFY_MESSAGE);
    expect(check({ mode: PAYMENT_MODE.hold, person: { ...person, id: 0 } })).toBe(IDENTIFY_MESSAGE);
    expect(check({ mode: PAYMENT_MODE.hold, person })).toBeNull();
  });

  it('needs an identified person for raffle tickets or bets, whatever the payment', () => {
    expect(check({ lines: [line(raffleTicket())], tickets: [4] })).toBe(IDENTIFY_MESSAGE);
    expect(check({ mode: PAYMENT_MODE.card, lines: [line(betTicket())] })).toBe(IDENTIFY_MESSAGE);
  });

  it('needs the chosen ticket numbers, as many as tickets in the cart', () => {
    expect(check({ person, lines: [line(raffleTicket(), 2)] })).toBe(NO_TICKETS_MESSAGE);
    expect(check({ person, lines: [line(raffleTicket(), 2)], tickets: [7] })).toBe(NO_TICKETS_MESSAGE);
    expect(check({ person, lines: [line(raffleTicket(), 2)], tickets: [7, 8] })).toBeNull();
  });

  it('needs at least one bet for bet tickets', () => {
    expect(check({ person, lines: [line(betTicket(), 2)] })).toBe(NO_BETS_MESSAGE);
    expect(check({ person, lines: [line(betTicket(), 2)], bets: [{ weight: 1200, type: { id: 1, name: 'Panier' } }] })).toBeNull();
  });
});
