/** Small factories for the cart tests. */
import type { CartLine, CartProduct, TicketCategoryConfig } from './types';

let nextId = 100;

export function buildProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  nextId += 1;
  return { id: nextId, name: `Produit ${nextId}`, priceCents: 200, category: { id: 9, name: 'Divers' }, ...overrides };
}

export const line = (product: CartProduct, quantity = 1): CartLine => ({ product, quantity });

/** The meal-deal parts of docs/spec.md §9. */
export const sandwich = () => buildProduct({ name: 'Sandwich', priceCents: 350, category: { id: 2, name: 'Plats' } });
export const drink = () => buildProduct({ name: 'Jus de pomme', priceCents: 150, category: { id: 1, name: 'Boissons' } });
export const dessert = () => buildProduct({ name: 'Crêpe', priceCents: 100, category: { id: 4, name: 'Desserts' } });

/** Raffle tickets are sold in category 7 (1 for 2 €, 6 for 10 €); bets in category 8 (1 for 1 €, 3 for 2,50 €). */
export const ticketConfig: TicketCategoryConfig = {
  raffles: [
    {
      id: 7,
      tiers: [
        { nb: 1, priceCents: 200 },
        { nb: 6, priceCents: 1000 },
      ],
    },
  ],
  giftBaskets: [
    {
      id: 8,
      tiers: [
        { nb: 1, priceCents: 100 },
        { nb: 3, priceCents: 250 },
      ],
    },
  ],
};
export const raffleTicket = () => buildProduct({ name: 'Ticket de tombola', priceCents: 200, category: { id: 7, name: 'Tombola' } });
export const raffleBook = () => buildProduct({ name: 'Carnet de 6', priceCents: 1000, category: { id: 7, name: 'Tombola' } });
export const betTicket = () => buildProduct({ name: 'Pari', priceCents: 100, category: { id: 8, name: 'Panier garni' } });
export const betBook = () => buildProduct({ name: '3 paris', priceCents: 250, category: { id: 8, name: 'Panier garni' } });
