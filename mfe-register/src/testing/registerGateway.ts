/**
 * A fake gateway for the sales screen's component tests: the register's answers shaped as
 * services/register/API.md and the raffle service send them, over `fakeGateway`.
 */
import { json, fakeGateway, type GatewayCall, type GatewayRoutes } from '@kermesse/ui-kit/testing';

export const CHECKOUT_ID = 2;
export const EVENT_ID = 1;

const product = (id: number, name: string, price: number, category: { id: number; name: string }, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  image: `${name.toLowerCase().replace(/\s+/g, '-')}.svg`,
  price,
  productCategory: category,
  clickAndCollectEligible: false,
  alcoohol: false,
  kind: 'product',
  stockAlert: false,
  ...extra,
});

const drinks = { id: 1, name: 'Boissons' };
const dishes = { id: 2, name: 'Plats' };
const sweets = { id: 3, name: 'Confiseries' };
const desserts = { id: 4, name: 'Desserts' };
const raffleCategory = { id: 7, name: 'Tombola : Grande tombola' };
const basketCategory = { id: 8, name: 'Panier garni : Panier garni' };

/** The checkout of API.md: meal-deal products, a raffle (500 tickets) and a gift basket. */
export function checkoutAnswer() {
  return [
    {
      id: CHECKOUT_ID,
      name: 'Caisse Tombola',
      event: { id: EVENT_ID, name: 'Kermesse de printemps' },
      categories: [drinks, dishes, sweets, desserts, raffleCategory, basketCategory].map((c) => ({ ...c, kind: 'product' })),
      products: [
        product(11, 'Soda', 1.5, drinks, { ean: '3017620422003' }),
        product(12, 'Café', 1, drinks),
        product(21, 'Hot-dog', 3.5, dishes, { clickAndCollectEligible: true }),
        product(22, 'Frites', 2.5, dishes, { image: null }),
        product(31, 'Bonbons', 1, sweets, { stockAlert: true }),
        product(41, 'Crêpe', 1, desserts),
        product(71, '1 ticket', 2, raffleCategory, { kind: 'raffle', raffleId: 1, tickets: 1, image: null }),
        product(72, '5 tickets', 8, raffleCategory, { kind: 'raffle', raffleId: 1, tickets: 5, image: null }),
        product(81, '1 pari', 2, basketCategory, { kind: 'giftbasket', giftBasketId: 1, tickets: 1, image: null }),
        product(82, '3 paris', 5, basketCategory, { kind: 'giftbasket', giftBasketId: 1, tickets: 3, image: null }),
      ],
      raffles: [{ id: 1, name: 'Grande tombola', tickets: 250, categoryId: 7 }],
      giftBaskets: [
        {
          id: 1,
          name: 'Panier garni',
          categoryId: 8,
          types: [
            { id: 1, name: 'Panier gourmand', price: 2 },
            { id: 2, name: 'Panier bien-être', price: 2 },
          ],
        },
      ],
    },
    {
      raffles: [
        {
          id: 7,
          raffleId: 1,
          name: raffleCategory.name,
          price: [
            { nb: 1, p: 2 },
            { nb: 5, p: 8 },
          ],
        },
      ],
      giftBaskets: [
        {
          id: 8,
          giftBasketId: 1,
          name: basketCategory.name,
          price: [
            { nb: 1, p: 2 },
            { nb: 3, p: 5 },
          ],
        },
      ],
    },
  ];
}

export const camille = { id: 12, firstname: 'Camille', lastname: 'Martin', phone: '0612345678', email: 'camille.martin@example.org' };

/** The answer of a successful sale. */
export function saleAnswer(overrides: Record<string, unknown> = {}) {
  return {
    success: true,
    deliveryMethod: 'print',
    orderType: 'standard',
    printData: { receiptHtml: '<html><body>Reçu</body></html>', orderHtml: '' },
    error: null,
    sale: { id: 40, reference: 'K7M2Q-9XR4T', price: 9, paymentMode: 2, paymentStatus: 1, receiptUrl: '/s/K7M2Q-9XR4T' },
    ...overrides,
  };
}

/** A register gateway where everything works; `overrides` replace or add routes. */
/** docs/spec.md §9's meal deal as the demo's settings answer it (euros): a main, a drink and a dessert. */
export const DEMO_SETTINGS_MEAL_DEAL = {
  discount: 0.5,
  items: [
    { categoryId: 2, price: 3.5 },
    { categoryId: 1, price: 1.5 },
    { categoryId: 4, price: 1 },
  ],
};

export function registerGateway(overrides: GatewayRoutes = {}): GatewayCall[] {
  return fakeGateway({
    [`GET /api/cr/checkouts/${CHECKOUT_ID}`]: () => json(checkoutAnswer()),
    // The demo's event: docs/spec.md §9's meal deal set for its categories (an event without one has none).
    'GET /api/cr/settings': () => json({ success: true, data: { currency: 'EUR', mealDeal: DEMO_SETTINGS_MEAL_DEAL } }),
    [`GET /api/cr/sale/list/${EVENT_ID}/pending/total`]: () => json({ count: 0 }),
    'POST /api/cr/sale/create': () => json(saleAnswer(), 201),
    'GET /api/cr/raffle/1/tickets/sold': () => json([{ number: 3 }, { number: 7 }]),
    'GET /api/cr/gift-basket/1/votes/sold': () => json([{ weight: 1800, type: { id: 1, name: 'Panier gourmand' } }]),
    'GET /api/cr/gift-basket/1/types': () =>
      json([
        { id: 1, name: 'Panier gourmand' },
        { id: 2, name: 'Panier bien-être' },
      ]),
    'POST /api/cr/users/findOrCreate': () => json({ success: true, data: { user: camille } }),
    ...overrides,
  });
}

/** The body of the last call to `method path`. */
export function lastBody<T = unknown>(calls: GatewayCall[], method: string, path: string): T {
  const call = calls.filter((c) => c.method === method && c.path === path).at(-1);
  if (!call) throw new Error(`Aucun appel ${method} ${path}`);
  return call.body as T;
}
