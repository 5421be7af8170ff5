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

const line = async (name: string, quantity = 1) => ({ product: { id: await h.productId(name), name }, quantity });
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
  // A second register of the event, selling waffles.
  const checkout = await h.request('POST', `/api/admin/events/${h.eventId}/checkouts`, { who: 'admin', body: { name: 'Caisse gaufres' } });
  expect(checkout.status).toBe(201);
  secondCheckout = checkout.body.id;
  await h.db('checkout_products').insert({ checkout_id: secondCheckout, product_id: await h.productId('Gaufre') });

  // A meal deal paid cash: 3,50 + 1,50 + 1,00 − 0,50 = 5,50.
  await sell('meal', {
    cart: [await line('Hot-dog'), await line('Soda 33 cl'), await line('Crêpe au sucre')],
    paymentMode: 2,
    payments: [{ method: 'ESP', amount: 10, payment_reference: '10' }],
  });
  // Two beers and a 5 € donation by cheque: 10,00.
  await sell('beers', {
    cart: [
      await line('Bière pression', 2),
      { product: { id: -1, name: 'Don', price: 5, productCategory: { id: 0, name: 'Donations' } }, quantity: 1 },
    ],
    paymentMode: 1,
    payments: [{ method: 'CHQ', amount: 10, payment_reference: '0012345' }],
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
  // Two tote bags on hold (10,00), 4,00 paid cash since: 6,00 still to settle.
  await sell('held', { cart: [await line("Tote bag de l'école", 2)], personId: buyerId, paymentMode: 99, paymentStatus: 2 });
  const paid = await h.request('POST', `/api/cr/sale/pending/${refs.held!.id}/payment`, {
    body: [{ price: 4, payment_mode: 2, reference: '4' }],
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(paid.status).toBe(200);
  // Two waffles at the second register, cash: 3,00.
  await sell('waffles', {
    checkoutId: secondCheckout,
    cart: [await line('Gaufre', 2)],
    paymentMode: 2,
    payments: [{ method: 'ESP', amount: 5, payment_reference: '5' }],
  });

  // One of the two beers given back by cheque (a refund record as the refunds module writes it).
  const beers = await h.db('sales').where({ reference: refs.beers!.reference }).first('id', 'checkout_id');
  const beer = await h.db('sale_lines').where({ sale_id: beers.id, name: 'Bière pression' }).first();
  const refundId = randomUUID();
  await h.db('refunds').insert({
    id: refundId,
    sale_id: beers.id,
    event_id: h.eventId,
    checkout_id: beers.checkout_id,
    amount_cents: 250,
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
    unit_price_cents: 250,
    quantity: 1,
    total_cents: 250,
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
      gross: 36.5,
      refunds: { count: 1, amount: 2.5 },
      net: 34,
      collected: 28,
      averageBasket: 7.3,
      donations: { count: 1, amount: 5 },
      pending: { count: 1, amount: 6 },
    });
    expect(d.byPaymentMode).toEqual([
      { mode: 1, label: 'Chèque', collected: 10, refunded: 2.5, net: 7.5 },
      { mode: 2, label: 'Espèces', collected: 20.5, refunded: 0, net: 20.5 },
      { mode: 3, label: 'CB', collected: 0, refunded: 0, net: 0 },
    ]);
    expect(d.byCheckout).toEqual([
      { checkoutId: h.checkoutId, name: 'Caisse test', sales: 4, amount: 31 },
      { checkoutId: secondCheckout, name: 'Caisse gaufres', sales: 1, amount: 3 },
    ]);
    const raffleCategory = await h.db('categories').where({ raffle_id: raffleId }).first('id', 'name');
    const categoryId = async (name: string) => (await h.db('products').where({ name }).first('category_id')).category_id as number;
    expect(d.byCategory).toEqual([
      { categoryId: await categoryId("Tote bag de l'école"), name: 'Animations', quantity: 2, amount: 10 },
      { categoryId: raffleCategory.id, name: raffleCategory.name, quantity: 1, amount: 8 },
      { categoryId: null, name: 'Dons', quantity: 1, amount: 5 },
      { categoryId: await categoryId('Soda 33 cl'), name: 'Boissons', quantity: 2, amount: 4 },
      { categoryId: await categoryId('Gaufre'), name: 'Desserts', quantity: 3, amount: 4 },
      { categoryId: await categoryId('Hot-dog'), name: 'Plats', quantity: 1, amount: 3.5 },
      { categoryId: null, name: 'Remises menu', quantity: 1, amount: -0.5 },
    ]);
    expect(d.topProducts.map((p: { name: string; quantity: number; amount: number }) => [p.name, p.quantity, p.amount])).toEqual([
      ["Tote bag de l'école", 2, 10],
      ['Gaufre', 2, 3],
      [expect.any(String), 1, 8],
      ['Hot-dog', 1, 3.5],
      ['Bière pression', 1, 2.5],
      ['Soda 33 cl', 1, 1.5],
      ['Crêpe au sucre', 1, 1],
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
    expected.set(refundHour, { ...inRefundHour, amount: Math.round(inRefundHour.amount * 100 - 250) / 100 });
    expect(d.byHour).toEqual([...expected.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt)));
    expect(d.byHour.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0)).toBeCloseTo(34, 2);
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
    const first = await dashboard();
    const etag = first.headers.get('etag');
    expect(etag).toBe(`W/"${first.body.version}"`);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await dashboard({ headers: { 'If-None-Match': etag! } })).status).toBe(304);
    expect(await dashboard({ query: `?since=${encodeURIComponent(first.body.version)}` })).toMatchObject({
      status: 200,
      body: { changed: false, version: first.body.version },
    });

    await sell('coffee', { cart: [await line('Café')], paymentMode: 2, payments: [{ method: 'ESP', amount: 1, payment_reference: '1' }] });
    const after = await dashboard({ query: `?since=${encodeURIComponent(first.body.version)}` });
    expect(after.body.changed).toBe(true);
    expect(after.body.version).not.toBe(first.body.version);
    expect(after.body.totals).toMatchObject({ sales: 6, gross: 37.5, collected: 29 });

    // Settling the sale on hold moves the figures too (what is paid, what is still to settle).
    const settled = await h.request('POST', `/api/cr/sale/pending/${refs.held!.id}/payment`, {
      body: [{ price: 6, payment_mode: 1, reference: 'CHQ-1' }],
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(settled.body.settled).toBe(true);
    const later = await dashboard({ query: `?since=${encodeURIComponent(after.body.version)}` });
    expect(later.body.changed).toBe(true);
    expect(later.body.totals.pending).toEqual({ count: 0, amount: 0 });
    expect(later.body.byPaymentMode[0]).toEqual({ mode: 1, label: 'Chèque', collected: 16, refunded: 2.5, net: 13.5 });
  });

  it('adds the older sales, read once and kept, to the recent ones: the same figures as one whole read, before and after the kept part is read again', async () => {
    const { event, checkouts } = await createEventWithCheckouts(h.db, { name: 'Fête des anciens', checkouts: ['Buvette', 'Entrée'] });
    const someProducts = await h
      .db('products as p')
      .join('categories as c', 'c.id', 'p.category_id')
      .where('c.kind', 'product')
      .orderBy('p.id')
      .limit(6)
      .select('p.id');
    await h
      .db('checkout_products')
      .insert(checkouts.flatMap((c) => someProducts.map((p: { id: number }) => ({ checkout_id: c.id, product_id: p.id }))));
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
