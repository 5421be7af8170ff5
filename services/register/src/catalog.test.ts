import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;
let ticketCategoryId: number;
const categoryOf = async (name: string) => {
  const id = h.madeProduct(name);
  return (await h.db('products').where({ id }).first('category_id')).category_id as number;
};

beforeAll(async () => {
  h = await startRegisterHarness();
  await h.createProducts([
    { name: 'Saucisse grillée', price: 3.8, category: 'Grill', clickAndCollect: true },
    { name: "Sirop à l'eau", price: 1.2, category: 'Boissons du stand' },
    { name: 'Vin chaud', price: 2.5, category: 'Boissons du stand', alcohol: true },
    { name: 'Flan pâtissier', price: 1.3, category: 'Entremets' },
  ]);
  // Its picture as the back office records it after an upload (the upload itself writes a file: not here).
  const saucisse = h.madeProduct('Saucisse grillée');
  await h.db('products').where({ id: saucisse }).update({ image: 'saucisse.svg' });
  // The event's own meal deal: a grilled dish, a drink and a dessert at these prices.
  await h.setMealDeal({
    discount: 0.6,
    items: [
      { category: 'Grill', price: 3.8 },
      { category: 'Boissons du stand', price: 1.2 },
      { category: 'Entremets', price: 1.3 },
    ],
  });
  await h.publish('raffle', 'raffle.configured', {
    raffleId: 31,
    eventId: h.eventId,
    name: 'Grande tombola',
    totalTickets: 300,
    tiers: [
      { nb: 1, priceCents: 200 },
      { nb: 5, priceCents: 800 },
    ],
    salesOpen: true,
  });
  await h.publish('raffle', 'giftbasket.configured', {
    giftBasketId: 32,
    eventId: h.eventId,
    name: 'Panier du terroir',
    tiers: [
      { nb: 1, priceCents: 200 },
      { nb: 3, priceCents: 500 },
    ],
    types: [
      { id: 1, name: 'Panier gourmand', priceCents: 200 },
      { id: 2, name: 'Panier bien-être', priceCents: 200 },
    ],
  });
  ticketCategoryId = await eventually(async () => (await h.db('categories').where({ raffle_id: 31 }).first('id'))?.id as number);
  await eventually(async () => h.db('gift_baskets').where({ id: 32 }).first());
});

afterAll(async () => {
  await h?.close();
});

type Product = {
  id: number;
  name: string;
  price: number;
  image: string | null;
  productCategory: { id: number; name: string };
  clickAndCollectEligible: boolean;
  alcoohol: boolean;
  kind: string;
  tickets?: number;
  raffleId?: number;
  stockAlert: boolean;
};

describe('checkout data (GET /api/cr/checkouts/{id})', () => {
  it('gives the products of docs/spec.md §3 with the meal-deal categories and prices, cacheable 600 s', async () => {
    const res = await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    const [data] = res.body as [{ products: Product[]; categories: Array<{ id: number; name: string }> }];
    const byName = new Map(data.products.map((p) => [p.name, p]));
    const [grill, drinks, desserts] = [
      await categoryOf('Saucisse grillée'),
      await categoryOf("Sirop à l'eau"),
      await categoryOf('Flan pâtissier'),
    ];
    expect(byName.get('Saucisse grillée')).toMatchObject({
      id: h.madeProduct('Saucisse grillée'),
      price: 3.8,
      image: 'saucisse.svg',
      productCategory: { id: grill, name: 'Grill' },
      clickAndCollectEligible: true,
      alcoohol: false,
    });
    expect(byName.get("Sirop à l'eau")).toMatchObject({ price: 1.2, productCategory: { id: drinks, name: 'Boissons du stand' } });
    expect(byName.get('Flan pâtissier')).toMatchObject({ price: 1.3, productCategory: { id: desserts, name: 'Entremets' } });
    expect(byName.get('Vin chaud')).toMatchObject({ alcoohol: true, clickAndCollectEligible: false });
    const own = ['Grill', 'Boissons du stand', 'Entremets'];
    expect(data.categories.map((c) => c.name).filter((name) => own.includes(name))).toEqual(own);
    // The meal deal the register reads for this event names those categories at those prices.
    expect((await h.request('GET', `/api/cr/settings?eventId=${h.eventId}`)).body.data.mealDeal).toEqual({
      discount: 0.6,
      items: [
        { categoryId: grill, price: 3.8 },
        { categoryId: drinks, price: 1.2 },
        { categoryId: desserts, price: 1.3 },
      ],
    });
  });

  it('turns a configured raffle and gift basket into ticket products with their tiers (second item)', async () => {
    const res = await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`);
    const [data, config] = res.body as [
      { products: Product[]; raffles: unknown[]; giftBaskets: unknown[] },
      { raffles: unknown[]; giftBaskets: unknown[] },
    ];
    expect(data.raffles).toEqual([{ id: 31, name: 'Grande tombola', tickets: 300, categoryId: ticketCategoryId }]);
    expect(data.giftBaskets).toEqual([
      expect.objectContaining({
        id: 32,
        name: 'Panier du terroir',
        types: [
          { id: 1, name: 'Panier gourmand', price: 2 },
          { id: 2, name: 'Panier bien-être', price: 2 },
        ],
      }),
    ]);
    const tickets = data.products.filter((p) => p.kind === 'raffle');
    expect(tickets.map((p) => [p.name, p.price, p.tickets, p.productCategory.id])).toEqual([
      ['1 ticket', 2, 1, ticketCategoryId],
      ['5 tickets', 8, 5, ticketCategoryId],
    ]);
    expect(data.products.filter((p) => p.kind === 'giftbasket').map((p) => [p.name, p.tickets])).toEqual([
      ['1 pari', 1],
      ['3 paris', 3],
    ]);
    expect(config.raffles).toEqual([
      {
        id: ticketCategoryId,
        raffleId: 31,
        name: 'Tombola : Grande tombola',
        price: [
          { nb: 1, p: 2 },
          { nb: 5, p: 8 },
        ],
      },
    ]);
    expect(config.giftBaskets).toEqual([
      expect.objectContaining({
        giftBasketId: 32,
        price: [
          { nb: 1, p: 2 },
          { nb: 3, p: 5 },
        ],
      }),
    ]);
  });

  it('follows a new raffle configuration: price change, a tier withdrawn, a tier added — and tells the stock service', async () => {
    await h.publish('raffle', 'raffle.configured', {
      raffleId: 31,
      eventId: h.eventId,
      name: 'Grande tombola',
      totalTickets: 400,
      tiers: [
        { nb: 1, priceCents: 250 },
        { nb: 10, priceCents: 2000 },
      ],
      salesOpen: true,
    });
    await eventually(async () => (await h.db('raffles').where({ id: 31 }).first())?.total_tickets === 400);
    const [data] = (await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`)).body as [
      { products: Product[]; raffles: Array<{ tickets: number }> },
    ];
    expect(data.products.filter((p) => p.kind === 'raffle').map((p) => [p.name, p.price, p.tickets])).toEqual([
      ['1 ticket', 2.5, 1],
      ['10 tickets', 20, 10],
    ]);
    expect(data.raffles[0]!.tickets).toBe(400);
    const changed = await h
      .db('outbox')
      .where({ type: 'catalog.product.changed' })
      .whereRaw("envelope->'payload'->>'name' = '5 tickets'")
      .orderBy('seq')
      .select('envelope');
    expect(changed.map((r: { envelope: { payload: { active: boolean } } }) => r.envelope.payload.active)).toEqual([true, false]);
  });

  it('ignores a configuration older than the one applied (late redelivery)', async () => {
    const { buildEnvelope } = await import('@kermesse/kit/bus');
    const old = buildEnvelope('raffle', 'raffle.configured', {
      raffleId: 31,
      eventId: h.eventId,
      name: 'Grande tombola',
      totalTickets: 10,
      tiers: [{ nb: 1, priceCents: 100 }],
    });
    old.occurredAt = new Date(Date.now() - 3_600_000).toISOString();
    await h.bus.js.publish(h.bus.subjectOf(old), new TextEncoder().encode(JSON.stringify(old)), { msgID: old.id });
    await eventually(async () => h.db('inbox').where({ event_id: old.id }).first());
    expect((await h.db('raffles').where({ id: 31 }).first()).total_tickets).toBe(400);
  });

  it('flags a product in stock alert from the stock service, and clears it', async () => {
    const flan = h.madeProduct('Flan pâtissier');
    await h.publish('stock', 'stock.alert', { eventId: h.eventId, productId: flan, isAlert: true, stock: 2, alertThreshold: 5 });
    const flagged = async () => {
      const [data] = (await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`)).body as [{ products: Product[] }];
      return data.products.find((p) => p.id === flan)!.stockAlert;
    };
    await eventually(flagged);
    await h.publish('stock', 'stock.alert', { eventId: h.eventId, productId: flan, isAlert: false, stock: 20, alertThreshold: 5 });
    await eventually(async () => !(await flagged()));
  });

  it('answers an unknown register with 404 and a malformed id with 400, in French', async () => {
    expect(await h.request('GET', '/api/cr/checkouts/99999')).toMatchObject({ status: 404, body: { error: 'Caisse introuvable.' } });
    expect(await h.request('GET', '/api/cr/checkouts/abc')).toMatchObject({
      status: 400,
      body: { error: 'Le champ « checkoutId » doit être de type entier.' },
    });
  });

  it('is for cashiers and admins only', async () => {
    expect((await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`, { who: 'benevole' })).status).toBe(403);
    expect((await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`, { who: null })).status).toBe(401);
    expect((await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`, { who: 'admin' })).status).toBe(200);
  });
});

describe('settings (GET /api/cr/settings)', () => {
  it('gives the docs/spec.md §9 constants, cacheable 600 s', async () => {
    const res = await h.request('GET', '/api/cr/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    expect(res.body.data).toMatchObject({
      mealDeal: {
        discount: 0.5,
        items: [
          { categoryId: 2, price: 3.5 },
          { categoryId: 1, price: 1.5 },
          { categoryId: 4, price: 1 },
        ],
      },
      donation: { productId: -1, categoryName: 'Dons' },
      discountProductId: -2,
      quantity: { min: 1, max: 50 },
      card: { provider: 'simulator', initialWaitMs: 5000, pollIntervalMs: 3000, maxAttempts: 10 },
    });
  });
});

describe('pictures (public)', () => {
  it('serves product pictures at /up/{image} without a token, cacheable', async () => {
    const res = await h.request('GET', '/up/hot-dog.svg', { who: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.text).toContain('<svg');
  });

  it('serves the fallback picture /icon/product404.png as a real PNG', async () => {
    const res = await fetch(`${h.base}/icon/product404.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('answers 404 for a missing picture or a name that tries to leave the folder', async () => {
    expect((await h.request('GET', '/up/caviar.png', { who: null })).status).toBe(404);
    expect((await h.request('GET', '/up/..%2Fmigrations%2Findex.ts', { who: null })).status).toBe(404);
    expect((await h.request('GET', '/up/.env', { who: null })).status).toBe(404);
  });
});

describe('register administration (stock remote)', () => {
  it('lists every product with whether the register offers it, prices as "3.80"', async () => {
    const res = await h.request('GET', `/api/admin/checkout/${h.checkoutId}/products`, { who: 'admin' });
    expect(res.status).toBe(200);
    const saucisse = (res.body.productsAssoc as Array<Record<string, unknown>>).find((p) => p.product_name === 'Saucisse grillée');
    expect(saucisse).toEqual({
      product_id: h.madeProduct('Saucisse grillée'),
      product_name: 'Saucisse grillée',
      product_price: '3.80',
      category_name: 'Grill',
      is_in_checkout: 1,
    });
  });

  it('withdraws a product from a register and offers it again', async () => {
    const flan = h.madeProduct('Flan pâtissier');
    const put = (flag: number) =>
      h.request('PUT', `/api/admin/checkout/${h.checkoutId}/products/${flan}`, {
        who: 'admin',
        body: { product_id: flan, product_name: 'Flan pâtissier', product_price: '1.30', category_name: 'Entremets', is_in_checkout: flag },
      });
    expect(await put(0)).toMatchObject({ status: 200, body: { success: true } });
    const offered = async () =>
      ((await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`)).body[0].products as Product[]).some((p) => p.id === flan);
    expect(await offered()).toBe(false);
    const assoc = (await h.request('GET', `/api/admin/checkout/${h.checkoutId}/products`, { who: 'admin' })).body.productsAssoc as Array<{
      product_id: number;
      is_in_checkout: number;
    }>;
    expect(assoc.find((p) => p.product_id === flan)!.is_in_checkout).toBe(0);
    expect(await put(1)).toMatchObject({ status: 200 });
    expect(await offered()).toBe(true);
  });

  it('is refused to a cashier and checks its input', async () => {
    expect((await h.request('GET', `/api/admin/checkout/${h.checkoutId}/products`)).status).toBe(403);
    expect(await h.request('PUT', `/api/admin/checkout/${h.checkoutId}/products/1`, { who: 'admin', body: {} })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « is_in_checkout » est obligatoire.' },
    });
    expect(
      await h.request('PUT', `/api/admin/checkout/${h.checkoutId}/products/999999`, { who: 'admin', body: { is_in_checkout: 1 } }),
    ).toMatchObject({ status: 404, body: { error: 'Produit introuvable.' } });
    expect(await h.request('GET', '/api/admin/checkout/999999/products', { who: 'admin' })).toMatchObject({
      status: 404,
      body: { error: 'Caisse introuvable.' },
    });
  });
});
