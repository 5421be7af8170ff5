import { describe, expect, it } from 'vitest';
import { checkoutAnswer } from '../testing/registerGateway';
import { toCatalog } from './checkoutApi';
import { CATALOG_MAX_AGE_MS, readCache, writeCache } from './localCache';

describe('checkout data → catalogue', () => {
  it('reads the products in cents, the raffles, gift baskets and ticket tiers', () => {
    const catalog = toCatalog(2, checkoutAnswer());
    expect(catalog.products.find((p) => p.name === 'Hot-dog')).toMatchObject({
      id: 21,
      priceCents: 350,
      category: { id: 2, name: 'Plats' },
      image: 'hot-dog.svg',
      clickAndCollectEligible: true,
      kind: 'product',
    });
    expect(catalog.products.find((p) => p.name === '5 tickets')).toMatchObject({ kind: 'raffle', raffleId: 1, ticketsPerUnit: 5 });
    expect(catalog.raffles).toEqual([{ id: 1, name: 'Grande tombola', tickets: 250 }]);
    expect(catalog.ticketConfig.raffles).toEqual([
      {
        id: 7,
        raffleId: 1,
        giftBasketId: undefined,
        tiers: [
          { nb: 1, priceCents: 200 },
          { nb: 5, priceCents: 800 },
        ],
      },
    ]);
    expect(catalog.categories.map((c) => c.name)).toEqual([
      'Boissons',
      'Plats',
      'Confiseries',
      'Desserts',
      'Tombola : Grande tombola',
      'Panier garni : Panier garni',
    ]);
  });

  it('finds the raffle of a ticket product from its category when the product does not say it', () => {
    const [data, config] = checkoutAnswer() as [{ products: Record<string, unknown>[] }, unknown];
    data.products = data.products.map((p) => ({ ...p, kind: undefined, raffleId: undefined, giftBasketId: undefined }));
    const catalog = toCatalog(2, [data, config]);
    expect(catalog.products.find((p) => p.name === '1 ticket')).toMatchObject({ kind: 'raffle', raffleId: 1 });
    expect(catalog.products.find((p) => p.name === '1 pari')).toMatchObject({ kind: 'giftbasket', giftBasketId: 1 });
  });

  it('refuses an answer without products', () => {
    expect(() => toCatalog(2, [{}])).toThrow();
  });
});

describe('local cache', () => {
  it('keeps a value for its max age only', () => {
    writeCache('k', { a: 1 }, 1_000);
    expect(readCache('k', CATALOG_MAX_AGE_MS, 1_000 + CATALOG_MAX_AGE_MS - 1)).toEqual({ a: 1 });
    expect(readCache('k', CATALOG_MAX_AGE_MS, 1_000 + CATALOG_MAX_AGE_MS)).toBeUndefined();
    expect(readCache('k', undefined, 10 ** 13)).toEqual({ a: 1 });
  });

  it('ignores a broken entry', () => {
    localStorage.setItem('k', '{pas du json');
    expect(readCache('k')).toBeUndefined();
  });
});
