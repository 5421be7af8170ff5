import { describe, expect, it } from 'vitest';
import { HttpError } from '@kermesse/kit/http';
import {
  checkSaleRules,
  DEMO_MEAL_DEAL,
  mealDealSets,
  priceCart,
  ticketsPerUnit,
  type BingoInfo,
  type CartLineInput,
  type CatalogProduct,
  type CatalogView,
  type GiftBasketInfo,
  type RaffleInfo,
} from './rules.ts';

const product = (p: Partial<CatalogProduct> & Pick<CatalogProduct, 'id' | 'priceCents' | 'categoryId'>): CatalogProduct => ({
  name: `Produit ${p.id}`,
  categoryName: `Catégorie ${p.categoryId}`,
  kind: 'product',
  clickAndCollect: false,
  ...p,
});

const RAFFLE: RaffleInfo = {
  id: 1,
  eventId: 1,
  name: 'Grande tombola',
  totalTickets: 300,
  tiers: [
    { nb: 1, priceCents: 200 },
    { nb: 5, priceCents: 800 },
    { nb: 12, priceCents: 1500 },
  ],
};
const BASKET: GiftBasketInfo = {
  id: 4,
  eventId: 1,
  name: 'Panier garni',
  tiers: [
    { nb: 1, priceCents: 200 },
    { nb: 3, priceCents: 500 },
  ],
  types: [
    { id: 1, name: 'Gourmand', priceCents: 200 },
    { id: 2, name: 'Bien-être', priceCents: 200 },
  ],
};

const PRODUCTS = [
  product({ id: 10, name: 'Hot-dog', priceCents: 350, categoryId: 2, clickAndCollect: true }),
  product({ id: 11, name: 'Croque-monsieur', priceCents: 350, categoryId: 2 }),
  product({ id: 12, name: 'Frites', priceCents: 250, categoryId: 2 }),
  product({ id: 20, name: 'Soda', priceCents: 150, categoryId: 1 }),
  product({ id: 21, name: 'Café', priceCents: 100, categoryId: 1 }),
  product({ id: 40, name: 'Crêpe', priceCents: 100, categoryId: 4 }),
  product({ id: 50, name: '1 ticket', priceCents: 200, categoryId: 7, kind: 'raffle', raffleId: 1, tierNb: 1 }),
  product({ id: 51, name: '5 tickets', priceCents: 800, categoryId: 7, kind: 'raffle', raffleId: 1, tierNb: 5 }),
  product({ id: 52, name: '12 tickets', priceCents: 1500, categoryId: 7, kind: 'raffle', raffleId: 1, tierNb: 12 }),
  product({ id: 60, name: '1 pari', priceCents: 200, categoryId: 8, kind: 'giftbasket', giftBasketId: 4, tierNb: 1 }),
  product({ id: 61, name: '3 paris', priceCents: 500, categoryId: 8, kind: 'giftbasket', giftBasketId: 4, tierNb: 3 }),
];

const catalog: CatalogView = {
  product: (id) => PRODUCTS.find((p) => p.id === id),
  raffle: (id) => (id === RAFFLE.id ? RAFFLE : undefined),
  giftBasket: (id) => (id === BASKET.id ? BASKET : undefined),
  mealDeal: DEMO_MEAL_DEAL,
};

const line = (id: number, quantity = 1, price?: number): CartLineInput => ({ product: { id, price }, quantity });

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    return (err as HttpError).message;
  }
  throw new Error('expected a refusal');
}

describe('meal deal (docs/spec.md §9)', () => {
  it('adds no discount line without a complete set', () => {
    const priced = priceCart([line(10, 2), line(20, 3)], catalog);
    expect(priced.mealDealSets).toBe(0);
    expect(priced.lines.some((l) => l.productId === -2)).toBe(false);
    expect(priced.totalCents).toBe(2 * 350 + 3 * 150);
  });

  it('gives 0.50 € off for one complete set: a 3.50 dish, a 1.50 drink and a 1.00 dessert', () => {
    const priced = priceCart([line(10), line(20), line(40)], catalog);
    expect(priced.mealDealSets).toBe(1);
    expect(priced.lines.at(-1)).toMatchObject({
      productId: -2,
      quantity: 1,
      unitPriceCents: -50,
      totalCents: -50,
      kind: 'discount',
      categoryName: 'Remises',
    });
    expect(priced.totalCents).toBe(350 + 150 + 100 - 50);
  });

  it('counts as many sets as the smallest of the three quantities, over several lines of a category', () => {
    // Dishes: 2 hot-dogs + 2 croque-monsieur = 4; drinks: 3 sodas; desserts: 5 crêpes → 3 sets.
    const priced = priceCart([line(10, 2), line(11, 2), line(20, 3), line(40, 5)], catalog);
    expect(priced.mealDealSets).toBe(3);
    expect(priced.lines.find((l) => l.productId === -2)).toMatchObject({ quantity: 3, totalCents: -150 });
  });

  it('ignores items of the right category at another price (a 1.00 coffee is not the 1.50 drink)', () => {
    expect(priceCart([line(10), line(21), line(40)], catalog).mealDealSets).toBe(0);
    expect(priceCart([line(12), line(20), line(40)], catalog).mealDealSets).toBe(0);
  });

  it("throws away the client's own discount line and recomputes it", () => {
    const priced = priceCart([line(10), line(20), { product: { id: -2, price: -25 }, quantity: 9 }], catalog);
    expect(priced.lines.some((l) => l.productId === -2)).toBe(false);
    expect(priced.totalCents).toBe(500);
  });

  it('counts sets on quantities, not lines', () => {
    expect(
      mealDealSets(
        [
          { categoryId: 2, unitPriceCents: 350, quantity: 7, kind: 'product' },
          { categoryId: 1, unitPriceCents: 150, quantity: 7, kind: 'product' },
          { categoryId: 4, unitPriceCents: 100, quantity: 6, kind: 'product' },
        ],
        DEMO_MEAL_DEAL,
      ),
    ).toBe(6);
  });
});

describe('prices come from the catalogue', () => {
  it('ignores the price the client sends for a product', () => {
    const priced = priceCart([line(10, 2, 0.01)], catalog);
    expect(priced.lines[0]).toMatchObject({ unitPriceCents: 350, totalCents: 700, name: 'Hot-dog', clickAndCollect: true });
  });

  it('refuses a product this register does not sell', () => {
    expect(refusal(() => priceCart([{ product: { id: 999, name: 'Caviar' }, quantity: 1 }], catalog))).toBe(
      "Le produit « Caviar » (n° 999) n'est pas en vente à cette caisse.",
    );
  });

  it('refuses an empty cart', () => {
    expect(refusal(() => priceCart([], catalog))).toBe('Le panier est vide.');
    expect(refusal(() => priceCart([line(-2)], catalog))).toBe('Le panier est vide.');
  });
});

describe('quantity bounds (1 to 50)', () => {
  it.each([0, 51, 2.5])('refuses quantity %s', (quantity) => {
    expect(refusal(() => priceCart([line(10, quantity)], catalog))).toBe('La quantité doit être comprise entre 1 et 50.');
  });

  it('accepts 1 and 50', () => {
    expect(priceCart([line(10, 1), line(11, 50)], catalog).totalCents).toBe(51 * 350);
  });
});

describe('donation pseudo-product (-1)', () => {
  it('takes the donation amount from the client, in the « Dons » category', () => {
    const priced = priceCart([line(-1, 1, 12.5)], catalog);
    expect(priced.lines[0]).toMatchObject({ productId: -1, categoryName: 'Dons', unitPriceCents: 1250, kind: 'donation' });
    expect(priced.totalCents).toBe(1250);
  });

  it.each([0, -5, 1.234])('refuses a donation of %s €', (price) => {
    expect(refusal(() => priceCart([line(-1, 1, price)], catalog))).toBe(
      'Le montant du don doit être supérieur à 0 € (2 décimales au plus).',
    );
  });

  it('does not count a donation in the meal deal', () => {
    expect(priceCart([line(10), line(20), line(-1, 1, 1)], catalog).mealDealSets).toBe(0);
  });
});

describe('ticket counts per tier (docs/spec.md §9)', () => {
  it('gives quantity × nb of the tier whose price is the product price', () => {
    expect(priceCart([line(50, 3)], catalog).ticketsAllowed).toBe(3);
    expect(priceCart([line(51, 2)], catalog).ticketsAllowed).toBe(10);
    expect(priceCart([line(50, 1), line(51, 1), line(52, 2)], catalog).ticketsAllowed).toBe(1 + 5 + 24);
    expect(priceCart([line(60, 2), line(61, 1)], catalog).betsAllowed).toBe(5);
  });

  it('matches the tier by price, not by name', () => {
    expect(ticketsPerUnit({ priceCents: 800, tierNb: 1 }, RAFFLE.tiers)).toBe(5);
    expect(ticketsPerUnit({ priceCents: 999, tierNb: 2 }, RAFFLE.tiers)).toBe(2);
  });
});

describe('sale rules (docs/spec.md §5)', () => {
  const withTickets = priceCart([line(51)], catalog);
  const withBets = priceCart([line(61)], catalog);
  const plain = priceCart([line(10)], catalog);
  const ctx = { hasBuyer: true, onHold: false, raffle: RAFFLE, giftBasket: BASKET };

  it('asks for a buyer before tickets, bets or a hold', () => {
    expect(refusal(() => checkSaleRules(withTickets, { tickets: [1, 2, 3, 4, 5], bets: [] }, { ...ctx, hasBuyer: false }))).toBe(
      'Identifier/Créer une personne pour ce panier',
    );
    expect(refusal(() => checkSaleRules(withBets, { tickets: [], bets: [{ typeId: 1, weight: 1200 }] }, { ...ctx, hasBuyer: false }))).toBe(
      'Identifier/Créer une personne pour ce panier',
    );
    expect(refusal(() => checkSaleRules(plain, { tickets: [], bets: [] }, { ...ctx, hasBuyer: false, onHold: true }))).toBe(
      'Identifier/Créer une personne pour ce panier',
    );
    expect(() => checkSaleRules(plain, { tickets: [], bets: [] }, { ...ctx, hasBuyer: false })).not.toThrow();
  });

  it('needs exactly the paid number of distinct, existing tickets', () => {
    expect(refusal(() => checkSaleRules(withTickets, { tickets: [], bets: [] }, ctx))).toBe('Aucune selection de tickets');
    expect(refusal(() => checkSaleRules(withTickets, { tickets: [1, 2, 3, 4, 5, 6], bets: [] }, ctx))).toBe(
      'Vous pouvez sélectionner un maximum de 5 tickets.',
    );
    expect(refusal(() => checkSaleRules(withTickets, { tickets: [1, 2], bets: [] }, ctx))).toBe(
      'Sélectionnez 5 tickets : 2 sélectionné(s).',
    );
    expect(refusal(() => checkSaleRules(withTickets, { tickets: [1, 2, 3, 4, 4], bets: [] }, ctx))).toBe(
      'Le ticket n° 4 est sélectionné deux fois.',
    );
    expect(refusal(() => checkSaleRules(withTickets, { tickets: [1, 2, 3, 4, 301], bets: [] }, ctx))).toBe(
      "Le ticket n° 301 n'existe pas dans cette tombola (1 à 300).",
    );
    expect(() => checkSaleRules(withTickets, { tickets: [1, 2, 3, 4, 300], bets: [] }, ctx)).not.toThrow();
  });

  it('needs at least one bet, at most the paid number, never the same one twice', () => {
    expect(refusal(() => checkSaleRules(withBets, { tickets: [], bets: [] }, ctx))).toBe('Aucun vote effectué');
    expect(
      refusal(() =>
        checkSaleRules(
          withBets,
          {
            tickets: [],
            bets: [
              { typeId: 1, weight: 1 },
              { typeId: 1, weight: 2 },
              { typeId: 1, weight: 3 },
              { typeId: 1, weight: 4 },
            ],
          },
          ctx,
        ),
      ),
    ).toBe('Vous pouvez faire au maximum 3 paris.');
    expect(
      refusal(() =>
        checkSaleRules(
          withBets,
          {
            tickets: [],
            bets: [
              { typeId: 1, weight: 4250 },
              { typeId: 1, weight: 4250 },
            ],
          },
          ctx,
        ),
      ),
    ).toBe('Ce pari a déjà été sélectionné.');
    expect(refusal(() => checkSaleRules(withBets, { tickets: [], bets: [{ typeId: 9, weight: 4250 }] }, ctx))).toBe(
      'Type de pari inconnu pour ce panier garni.',
    );
    expect(() =>
      checkSaleRules(
        withBets,
        {
          tickets: [],
          bets: [
            { typeId: 1, weight: 4250 },
            { typeId: 2, weight: 4250 },
          ],
        },
        ctx,
      ),
    ).not.toThrow();
  });

  it('refuses tickets or bets without the matching product in the cart', () => {
    expect(refusal(() => checkSaleRules(plain, { tickets: [3], bets: [] }, ctx))).toMatch(/aucun ticket de tombola/);
    expect(refusal(() => checkSaleRules(plain, { tickets: [], bets: [{ typeId: 1, weight: 3 }] }, ctx))).toMatch(/aucun ticket de pari/);
  });

  it('refuses tickets of two raffles in one sale', () => {
    const other: CatalogView = {
      ...catalog,
      product: (id) => (id === 70 ? product({ id: 70, priceCents: 200, categoryId: 9, kind: 'raffle', raffleId: 2 }) : catalog.product(id)),
      raffle: (id) => (id === 2 ? { ...RAFFLE, id: 2 } : catalog.raffle(id)),
    };
    expect(refusal(() => priceCart([line(50), line(70)], other))).toBe("Une vente ne peut contenir les tickets que d'une seule tombola.");
  });
});

describe('loto cartons', () => {
  const LOTO: BingoInfo = {
    id: 1,
    eventId: 1,
    name: 'Loto de la kermesse',
    totalCartons: 60,
    tiers: [
      { nb: 1, priceCents: 300 },
      { nb: 3, priceCents: 800 },
    ],
  };
  const withLoto: CatalogView = {
    ...catalog,
    product: (id) =>
      id === 80
        ? product({ id: 80, name: '1 carton', priceCents: 300, categoryId: 11, kind: 'bingo', bingoId: 1, tierNb: 1 })
        : id === 81
          ? product({ id: 81, name: '3 cartons', priceCents: 800, categoryId: 11, kind: 'bingo', bingoId: 1, tierNb: 3 })
          : id === 82
            ? product({ id: 82, name: '1 carton', priceCents: 300, categoryId: 12, kind: 'bingo', bingoId: 2, tierNb: 1 })
            : catalog.product(id),
    bingo: (id) => (id === 1 ? LOTO : id === 2 ? { ...LOTO, id: 2 } : undefined),
  };
  const ctx = { hasBuyer: false, onHold: false, bingo: LOTO };

  it('counts the cartons a cart pays for: quantity × the tier', () => {
    const priced = priceCart([line(80, 2), line(81), line(20)], withLoto);
    expect(priced).toMatchObject({ bingoId: 1, cartonsAllowed: 5, totalCents: 2 * 300 + 800 + 150 });
    expect(priced.lines[0]).toMatchObject({ kind: 'bingo', name: '1 carton', quantity: 2, totalCents: 600 });
  });

  it('needs exactly the paid number of cartons, each once, each printed; no buyer needed', () => {
    const priced = priceCart([line(80, 2)], withLoto);
    expect(refusal(() => checkSaleRules(priced, { tickets: [], bets: [], cartons: [] }, ctx))).toBe(
      'Aucun carton saisi : saisissez les numéros des cartons remis.',
    );
    expect(refusal(() => checkSaleRules(priced, { tickets: [], bets: [], cartons: [4] }, ctx))).toBe(
      'Saisissez les numéros des 2 cartons remis : 1 saisi(s).',
    );
    expect(refusal(() => checkSaleRules(priced, { tickets: [], bets: [], cartons: [4, 5, 6] }, ctx))).toBe(
      'Vous pouvez saisir au maximum 2 carton(s) : 3 saisi(s).',
    );
    expect(refusal(() => checkSaleRules(priced, { tickets: [], bets: [], cartons: [4, 4] }, ctx))).toBe(
      'Le carton n° 4 est saisi deux fois.',
    );
    expect(refusal(() => checkSaleRules(priced, { tickets: [], bets: [], cartons: [4, 61] }, ctx))).toBe(
      "Le carton n° 61 n'existe pas pour cette soirée (1 à 60).",
    );
    expect(() => checkSaleRules(priced, { tickets: [], bets: [], cartons: [4, 60] }, ctx)).not.toThrow();
  });

  it('refuses cartons without a carton product, cartons of two nights, a night no longer on sale', () => {
    expect(refusal(() => checkSaleRules(priceCart([line(20)], withLoto), { tickets: [], bets: [], cartons: [3] }, ctx))).toMatch(
      /aucun carton de loto/,
    );
    expect(refusal(() => priceCart([line(80), line(82)], withLoto))).toBe(
      "Une vente ne peut contenir les cartons que d'une seule soirée loto.",
    );
    expect(refusal(() => priceCart([line(80)], { ...withLoto, bingo: () => undefined }))).toBe(
      'Les cartons du produit « 1 carton » ne sont plus en vente.',
    );
  });
});
