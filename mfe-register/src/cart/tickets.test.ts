import { describe, expect, it } from 'vitest';
import { addDonation } from './donation';
import { betCount, isTicketProduct, raffleTicketCount } from './tickets';
import { betBook, betTicket, buildProduct, line, raffleBook, raffleTicket, sandwich, ticketConfig } from './testFactories';

describe('ticket counts per tier', () => {
  it('gives quantity × tickets of the tier at the product price', () => {
    expect(raffleTicketCount([line(raffleTicket(), 3)], ticketConfig)).toBe(3);
    expect(raffleTicketCount([line(raffleBook(), 2)], ticketConfig)).toBe(12);
    expect(raffleTicketCount([line(raffleTicket(), 1), line(raffleBook(), 1)], ticketConfig)).toBe(7);
  });

  it('counts bets apart from raffle tickets', () => {
    const lines = [line(raffleTicket(), 2), line(betTicket(), 1), line(betBook(), 2)];
    expect(raffleTicketCount(lines, ticketConfig)).toBe(2);
    expect(betCount(lines, ticketConfig)).toBe(7);
  });

  it('falls back on the tickets the catalogue gives a product whose price has no tier, else none', () => {
    const odd = buildProduct({ priceCents: 300, category: { id: 7, name: 'Tombola' }, ticketsPerUnit: 2 });
    expect(raffleTicketCount([line(odd, 2)], ticketConfig)).toBe(4);
    const unknown = buildProduct({ priceCents: 300, category: { id: 7, name: 'Tombola' } });
    expect(raffleTicketCount([line(unknown, 2)], ticketConfig)).toBe(0);
  });

  it('gives no ticket for ordinary products and donations', () => {
    const lines = addDonation([line(sandwich(), 5)], 200);
    expect(raffleTicketCount(lines, ticketConfig)).toBe(0);
    expect(betCount(lines, ticketConfig)).toBe(0);
    expect(isTicketProduct(sandwich(), ticketConfig)).toBe(false);
    expect(isTicketProduct(raffleTicket(), ticketConfig)).toBe(true);
  });
});
