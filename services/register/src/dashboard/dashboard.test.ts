import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { createEventWithCheckouts } from '../commands/createEvent.ts';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';
import { createDashboardReader } from './reader.ts';
import { writeSyntheticSales } from './syntheticSales.ts';

let h: RegisterHarness;
let buyerId: number;
let raffleId: number;
let secondCheckout: number;
const refs: Record<string, { id: number; reference: string }> = {};

const line = (name: string, quantity = 1) => ({ product: { id: h.madeProduct(name), name }, quantity });
const sell = async (key: string, sale: Record<string, unknown>) => {
  const res = await h.request('POST', '/api/cr/sale/create', {
    body: { sale: { checkoutId: h.checkoutId, eventId: h.eventId, personId: 0, payments: [], ...sale } },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  refs[key] = res.body.sale;
};
const dashboard = (options: { who?: 'admin' | 'tresorier' | 'caissier' | null; query?: string; headers?: Record<string, string> } = {}) =>
  h.request('GET', `/api/admin/dashboard/${h.eventId}${options.query ?? ''}`, {
    who: options.who === undefined ? 'tresorier' : options.who,
    headers: options.headers,
  });

/** The test's own catalogue (factory). */
const OWN_PRODUCTS = [
  { name: 'Burger', price: 4.5, category: 'Grillades' },
  { name: 'Citronnade', price: 2, category: 'Rafraîchissements' },
  { name: 'Bière blonde', price: 3.5, category: 'Rafraîchissements', alcohol: true },
  { name: 'Cookie', price: 1.2, category: 'Pâtisseries' },
  { name: 'Beignet', price: 1.5, category: 'Pâtisseries' },
  { name: 'Mug de la fête', price: 6, category: 'Souvenirs' },
];

beforeAll(async () => {
  h = await startRegisterHarness({ raffle: true, eventName: 'Kermesse du tableau de bord' });
  raffleId = await h.raffle.createRaffle({
    name: 'Tombola du tableau',
    tickets: 100,
    price: [
      { nb: 1, p: 2 },
      { nb: 5, p: 8 },
    ],
  });
  const created = await h.request('POST', '/api/cr/users/create', {
    body: { email: 'lea.martin@example.org', phone: '0611111111', firstName: 'Léa', lastName: 'Martin' },
  });
  buyerId = created.body.data.user.id;
  await h.createProducts(OWN_PRODUCTS);
  // The event's own meal deal, before its first sale: a grill at 4,50, a drink at 2,00 and a pastry at 1,20 get 0,70 off.
  await h.setMealDeal({
    discount: 0.7,
    items: [
      { category: 'Grillades', price: 4.5 },
      { category: 'Rafraîchissements', price: 2 },
      { category: 'Pâtisseries', price: 1.2 },
    ],
  });
  // A second register of the event, selling doughnuts.
  const checkout = await h.request('POST', `/api/admin/events/${h.eventId}/checkouts`, { who: 'admin', body: { name: 'Caisse beignets' } });
  expect(checkout.status).toBe(201);
  secondCheckout = checkout.body.id;
  await h.db('checkout_products').insert({ checkout_id: secondCheckout, product_id: h.madeProduct('Beignet') });

  // A meal deal paid cash: 4,50 + 2,00 + 1,20 − 0,70 = 7,00.
  await sell('meal', {
    cart: [line('Burger'), line('Citronnade'), line('Cookie')],
    paymentMode: 2,
    payments: [{ method: 'ESP', amount: 10, payment_reference: '10' }],
  });
  // Two beers and a 5 € donation by cheque: 12,00.
  await sell('beers', {
    cart: [
      line('Bière blonde', 2),
      { product: { id: -1, name: 'Don', price: 5, productCategory: { id: 0, name: 'Donations' } }, quantity: 1 },
    ],
    paymentMode: 1,
    payments: [{ method: 'CHQ', amount: 12, payment_reference: '0012345' }],
  });
  // Five raffle tickets, cash: 8,00.
  const five = await h
    .db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .where('c.raffle_id', raffleId)
    .andWhere('p.tier_nb', 5)
    .first('p.id');
  await sell('tickets', {
    cart: [{ product: { id: five.id }, quantity: 1 }],
    personId: buyerId,
    raffleId,
    raffles: [1, 2, 3, 4, 5],
    paymentMode: 2,
    payments: [{ method: 'ESP', amount: 8, payment_reference: '8' }],
  });
  // Two mugs on hold (12,00), 4,00 paid cash since: 8,00 still to settle.
  await sell('held', { cart: [line('Mug de la fête', 2)], personId: buyerId, paymentMode: 99, paymentStatus: 2 });
  const paid = await h.request('POST', `/api/cr/sale/pending/${refs.held!.id}/payment`, {
    body: [{ price: 4, payment_mode: 2, reference: '4' }],
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(paid.status).toBe(200);
  // Two doughnuts at the second register, cash: 3,00.
  await sell('doughnuts', {
    checkoutId: secondCheckout,
    cart: [line('Beignet', 2)],
    paymentMode: 2,
    payments: [{ method: 'ESP', amount: 5, payment_reference: '5' }],
  });

  // One of the two beers given back by cheque (a refund record as the refunds module writes it).
  const beers = await h.db('sales').where({ reference: refs.beers!.reference }).first('id', 'checkout_id');
  const beer = await h.db('sale_lines').where({ sale_id: beers.id, name: 'Bière blonde' }).first();
  const refundId = randomUUID();
  await h.db('refunds').insert({
    id: refundId,
    sale_id: beers.id,
    event_id: h.eventId,
    checkout_id: beers.checkout_id,
    amount_cents: 350,
    payment_mode: 1,
    reason: 'Renversée',
    created_by: 'test',
  });
  await h.db('refund_lines').insert({
    refund_id: refundId,
    position: 0,
    product_id: beer.product_id,
    name: beer.name,
    category_id: beer.category_id,
    category_name: beer.category_name,
    kind: beer.kind,
    unit_price_cents: 350,
    quantity: 1,
    total_cents: 350,
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/dashboard/{eventId}', () => {
  it('gives the fair its exact figures: modes, registers, categories, hours, top products, raffle, donations, on hold, refunds', async () => {
    const res = await dashboard();
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.event).toEqual({ id: h.eventId, name: 'Kermesse du tableau de bord' });
    expect(d.totals).toEqual({
      sales: 5,
      gross: 42,
      refunds: { count: 1, amount: 3.5 },
      net: 38.5,
      collected: 30.5,
      averageBasket: 8.4,
      donations: { count: 1, amount: 5 },
      pending: { count: 1, amount: 8 },
    });
    expect(d.byPaymentMode).toEqual([
      { mode: 1, label: 'Chèque', collected: 12, refunded: 3.5, net: 8.5 },
      { mode: 2, label: 'Espèces', collected: 22, refunded: 0, net: 22 },
      { mode: 3, label: 'CB', collected: 0, refunded: 0, net: 0 },
    ]);
    expect(d.byCheckout).toEqual([
      { checkoutId: h.checkoutId, name: 'Caisse test', sales: 4, amount: 35.5 },
      { checkoutId: secondCheckout, name: 'Caisse beignets', sales: 1, amount: 3 },
    ]);
    const raffleCategory = await h.db('categories').where({ raffle_id: raffleId }).first('id', 'name');
    const categoryId = async (name: string) => {
      const id = h.madeProduct(name);
      return (await h.db('products').where({ id }).first('category_id')).category_id as number;
    };
    expect(d.byCategory).toEqual([
      { categoryId: await categoryId('Mug de la fête'), name: 'Souvenirs', quantity: 2, amount: 12 },
      { categoryId: raffleCategory.id, name: raffleCategory.name, quantity: 1, amount: 8 },
      { categoryId: await categoryId('Citronnade'), name: 'Rafraîchissements', quantity: 2, amount: 5.5 }, // 2,00 + 2 × 3,50 − 3,50
      { categoryId: null, name: 'Dons', quantity: 1, amount: 5 },
      { categoryId: await categoryId('Burger'), name: 'Grillades', quantity: 1, amount: 4.5 },
      { categoryId: await categoryId('Beignet'), name: 'Pâtisseries', quantity: 3, amount: 4.2 }, // 1,20 + 2 × 1,50
      { categoryId: null, name: 'Remises formule', quantity: 1, amount: -0.7 },
    ]);
    expect(d.topProducts.map((p: { name: string; quantity: number; amount: number }) => [p.name, p.quantity, p.amount])).toEqual([
      ['Mug de la fête', 2, 12],
      ['Beignet', 2, 3],
      [expect.any(String), 1, 8],
      ['Burger', 1, 4.5],
      ['Bière blonde', 1, 3.5],
      ['Citronnade', 1, 2],
      ['Cookie', 1, 1.2],
    ]);
    expect(d.raffles).toEqual([{ raffleId, name: 'Tombola du tableau', sold: 5, voided: 0, total: 100, amount: 8 }]);
    expect(d.giftBaskets).toEqual([]);
    // Every sale in its hour (UTC start, the screen shows local time), the refund subtracted in its own.
    const hours = (
      await h.db.raw(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00Z"') as hour, count(*)::int as n, sum(total_cents)::int as cents
      from sales where event_id = ? group by 1 order by 1`,
        [h.eventId],
      )
    ).rows as Array<{ hour: string; n: number; cents: number }>;
    const refundHour = (
      await h.db.raw(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00Z"') as hour from refunds where event_id = ?`,
        [h.eventId],
      )
    ).rows[0].hour as string;
    const expected = new Map(hours.map((r) => [r.hour, { startsAt: r.hour, sales: r.n, amount: r.cents / 100 }]));
    const inRefundHour = expected.get(refundHour) ?? { startsAt: refundHour, sales: 0, amount: 0 };
    expected.set(refundHour, { ...inRefundHour, amount: Math.round(inRefundHour.amount * 100 - 350) / 100 });
    expect(d.byHour).toEqual([...expected.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt)));
    expect(d.byHour.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0)).toBeCloseTo(38.5, 2);
  });

  it('lists the events a dashboard can follow, for the treasurer too', async () => {
    const res = await h.request('GET', '/api/admin/dashboard', { who: 'tresorier' });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: h.eventId, name: 'Kermesse du tableau de bord', startsOn: null, archived: false });
    expect((await h.request('GET', '/api/admin/dashboard', { who: 'caissier' })).status).toBe(403);
  });

  it('lets admin and treasurer in, refuses a cashier (403) and anyone without a token (401); unknown event 404 in French', async () => {
    expect((await dashboard({ who: 'admin' })).status).toBe(200);
    expect((await dashboard({ who: 'caissier' })).status).toBe(403);
    expect((await dashboard({ who: null })).status).toBe(401);
    expect(await h.request('GET', '/api/admin/dashboard/999999', { who: 'tresorier' })).toMatchObject({
      status: 404,
      body: { error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' },
    });
    expect((await h.request('GET', '/api/admin/dashboard/abc', { who: 'tresorier' })).status).toBe(400);
  });

  it('makes polling cheap: same version → 304 with If-None-Match, { changed: false } with since; a new sale changes it', async () => {
    await h.createProduct({ name: 'Thé à la menthe', price: 1.5, category: 'Rafraîchissements' });
    const first = await dashboard();
    const etag = first.headers.get('etag');
    expect(etag).toBe(`W/"${first.body.version}"`);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await dashboard({ headers: { 'If-None-Match': etag! } })).status).toBe(304);
    expect(await dashboard({ query: `?since=${encodeURIComponent(first.body.version)}` })).toMatchObject({
      status: 200,
      body: { changed: false, version: first.body.version },
    });

    await sell('tea', {
      cart: [line('Thé à la menthe')],
      paymentMode: 2,
      payments: [{ method: 'ESP', amount: 1.5, payment_reference: '2' }],
    });
    const after = await dashboard({ query: `?since=${encodeURIComponent(first.body.version)}` });
    expect(after.body.changed).toBe(true);
    expect(after.body.version).not.toBe(first.body.version);
    expect(after.body.totals).toMatchObject({ sales: 6, gross: 43.5, collected: 32 });

    // Settling the sale on hold moves the figures too (what is paid, what is still to settle).
    const settled = await h.request('POST', `/api/cr/sale/pending/${refs.held!.id}/payment`, {
      body: [{ price: 8, payment_mode: 1, reference: 'CHQ-1' }],
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(settled.body.settled).toBe(true);
    const later = await dashboard({ query: `?since=${encodeURIComponent(after.body.version)}` });
    expect(later.body.changed).toBe(true);
    expect(later.body.totals.pending).toEqual({ count: 0, amount: 0 });
    expect(later.body.byPaymentMode[0]).toEqual({ mode: 1, label: 'Chèque', collected: 20, refunded: 3.5, net: 16.5 });
  });

  it('adds the older sales, read once and kept, to the recent ones: the same figures as one whole read, before and after the kept part is read again', async () => {
    const { event, checkouts } = await createEventWithCheckouts(h.db, { name: 'Fête des anciens', checkouts: ['Buvette', 'Entrée'] });
    // The test's own products, offered at both registers of that event.
    const someProducts = OWN_PRODUCTS.map((product) => h.madeProduct(product.name));
    await h.db('checkout_products').insert(checkouts.flatMap((c) => someProducts.map((id) => ({ checkout_id: c.id, product_id: id }))));
    await writeSyntheticSales(h.db, { eventId: event.id, count: 300, startsAt: new Date(Date.now() - 3 * 3600_000), hours: 2 });

    let clock = Date.now();
    const reader = createDashboardReader(h.db, { now: () => clock });
    const first = (await reader.read(event.id))!;
    expect(first.figures!.sales).toBe(300);
    await writeSyntheticSales(h.db, { eventId: event.id, count: 20, startsAt: new Date(), hours: 0 });
    const second = (await reader.read(event.id, first.version))!;
    const whole = (await createDashboardReader(h.db, { marginMs: 24 * 3600_000 }).read(event.id))!;
    expect(second.figures!.sales).toBe(320);
    expect(second.figures).toEqual(whole.figures);
    expect(second.figures!.byCheckout.map((c) => c.sales)).toEqual([160, 160]);

    // Ten minutes later the kept part is read again in the background; every answer stays exact.
    clock += 10 * 60_000;
    const during = (await reader.read(event.id))!;
    expect(during.figures).toEqual(whole.figures);
    await eventually(async () => (await reader.read(event.id, during.version))!.version !== during.version, 10_000);
    expect((await reader.read(event.id))!.figures).toEqual(whole.figures);
    expect(await reader.read(999_999)).toBeUndefined();
  });
});
