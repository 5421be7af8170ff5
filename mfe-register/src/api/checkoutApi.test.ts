import { describe, expect, it } from 'vitest';
import { checkoutAnswer } from '../testing/registerGateway';
import { checkoutApiFor, toCatalog } from './checkoutApi';
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

describe('reads asked twice', () => {
  it('asks the network once for a catalogue or settings already on their way, again once they came', async () => {
    localStorage.clear();
    const asked: string[] = [];
    const answers: Array<() => void> = [];
    const network = ((input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const body = url.includes('/settings') ? { mealDeal: null } : checkoutAnswer();
      return new Promise<Response>((resolve) => answers.push(() => resolve(Response.json(body))));
    }) as typeof fetch;
    // prefetchKeptRegister's API and the screen's own, as on a phone's first visit.
    const ahead = checkoutApiFor('jeton', network);
    const screen = checkoutApiFor('jeton', network);
    const catalogues = [ahead.getCheckout(2), screen.getCheckout(2)];
    const settings = [ahead.loadSettings(1), screen.loadSettings(1)];
    expect(asked).toEqual(['/api/cr/checkouts/2', '/api/cr/settings?eventId=1']);
    for (const answer of answers) answer();
    const [first, second] = await Promise.all(catalogues);
    expect(second).toEqual(first);
    expect(first?.products.length).toBeGreaterThan(0);
    expect(await Promise.all(settings)).toEqual([{ mealDeal: null }, { mealDeal: null }]);
    // « Recharger le catalogue » (fresh) always asks.
    const reload = screen.getCheckout(2, { fresh: true });
    expect(asked).toHaveLength(3);
    answers[2]?.();
    await reload;
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
