/**
 * Loto cartons sold at the register like raffle tickets, on real Postgres and NATS with
 * the real bingo service: `bingo.configured` makes the carton products, a sale claims its cartons
 * from the bingo service and writes `sale_cartons`, `sale.completed` marks them sold to the buyer
 * (the caller's win check shows who), two registers never sell one carton, a failed sale releases.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBus, startOutboxRelay, type Bus, type EventConsumer, type OutboxRelay } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  freePort,
  testNamespace,
  testTokens,
  testTokenVerifier,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { buildApp as buildBingo } from '@kermesse/bingo/app';
import * as bingoMigrations from '@kermesse/bingo/migrations';
import { seedDemo as seedBingo } from '@kermesse/bingo/demo';
import { startBingoConsumers } from '../../../services/bingo/src/consumers/index.ts';
import { migrations, schema } from '@kermesse/register/migrations';
import { buildApp } from '@kermesse/register/app';
import { createBingoClient } from '../../../services/register/src/claimsClient.ts';
import { createEventWithCheckouts } from '../../../services/register/src/commands/createEvent.ts';
import { startRegisterConsumers, type RegisterConsumers } from '../../../services/register/src/consumers/index.ts';

const logger = createLogger('test', 'error');
const namespace = testNamespace();
let database: TestDatabase;
let db: Db;
let bingoDb: Db;
let bus: Bus;
let relays: OutboxRelay[] = [];
let registerConsumers: RegisterConsumers;
let bingoConsumers: EventConsumer;
let bingo: RunningServer;
let register: RunningServer;
const tokens: Record<string, string> = {};
let eventId: number;
let checkoutIds: number[];
let cartonProductId: number;
let buyerId: number;
const bingoCalls = { claims: 0, releases: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'register-bingo-test' });

  db = createDb(database.url, { schema, poolMax: 20 });
  await migrateLatest(db, { schema, migrations });
  registerConsumers = await startRegisterConsumers({ db, bus, logger });
  const { event, checkouts } = await createEventWithCheckouts(db, {
    name: 'Kermesse du loto',
    checkouts: ['Caisse Loto', 'Caisse Entrée'],
  });
  eventId = event.id;
  checkoutIds = checkouts.map((c) => c.id);
  const [person] = await db('persons')
    .insert({ firstname: 'Marie', lastname: 'Dupont', email: 'marie.dupont@example.fr', phone: '0612345678' })
    .returning('id');
  buyerId = (person as { id: number }).id;

  bingoDb = createDb(database.url, { schema: bingoMigrations.schema, poolMax: 10 });
  await migrateLatest(bingoDb, bingoMigrations);
  await seedBingo({ db: bingoDb });
  // The demo night belongs to the register's event: its cartons are sold by the event's registers.
  await bingoDb('nights').where({ id: 1 }).update({ event_id: eventId });
  bingoConsumers = await startBingoConsumers({ db: bingoDb, bus, logger });
  relays = [startOutboxRelay({ db, bus, logger, pollMs: 50 }), startOutboxRelay({ db: bingoDb, bus, logger, pollMs: 50 })];
  // The kit's test signer and verifier: tokens exactly as identity signs them, without booting identity.
  const verifier = () => testTokenVerifier();
  // Each asks the other: the bingo service checks a night's event with the register.
  const registerPort = await freePort();
  bingo = await listen(
    await buildBingo({ db: bingoDb, logger, bus, verifier: verifier(), registerUrl: `http://127.0.0.1:${registerPort}` }),
    0,
  );
  const bingoUrl = `http://127.0.0.1:${bingo.port}`;
  const countingFetch: typeof fetch = (input, init) => {
    if (init?.method === 'DELETE') bingoCalls.releases += 1;
    else if (!String(input).endsWith('/confirm')) bingoCalls.claims += 1;
    return fetch(input, init);
  };
  register = await listen(
    await buildApp({ db, logger, bus, verifier: verifier(), bingo: createBingoClient({ baseUrl: bingoUrl, fetch: countingFetch }) }),
    registerPort,
  );

  Object.assign(tokens, await testTokens());
  // The night is published again now that it belongs to the event: the register makes its carton product.
  const put = await fetch(`${bingoUrl}/admin-bingo/api/bingo/1`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Loto de la kermesse', heldOn: '2030-06-13', cartonPrice: '3', eventId, place: 'Salle des fêtes' }),
  });
  if (put.status !== 200) throw new Error(`the night was not saved: ${put.status} ${await put.text()}`);
  await eventually(
    async () => Boolean(await db('bingos').where({ id: 1, event_id: eventId, sales_open: true, total_cartons: 60 }).first()),
    20_000,
  );
  const product = await db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .where({ 'c.bingo_id': 1, 'p.tier_nb': 1 })
    .first('p.id');
  cartonProductId = (product as { id: number }).id;
}, 60_000);

afterAll(async () => {
  await register?.close();
  await bingo?.close();
  await registerConsumers?.stop();
  await bingoConsumers?.stop();
  for (const relay of relays) await relay.stop();
  await bus?.close();
  await deleteTestStream(namespace);
  await db?.destroy();
  await bingoDb?.destroy();
  await database?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes
async function request(method: string, path: string, body?: unknown, who = 'caissier'): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${register.port}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const cartonSale = (cartons: unknown[], extra: Record<string, unknown> = {}, checkoutId = checkoutIds[0]!) =>
  request('POST', '/api/cr/sale/create', {
    sale: {
      checkoutId,
      eventId,
      personId: buyerId,
      paymentMode: 2,
      payments: [{ method: 'ESP', payment_reference: '20' }],
      cart: [{ product: { id: cartonProductId }, quantity: cartons.length || 1 }],
      bingoId: 1,
      cartons,
      ...extra,
    },
  });

const bingoRow = (number: number) => bingoDb('carton_sales').where({ bingo_id: 1, number }).first();

describe('bingo.configured at the register', () => {
  it("makes a « Loto » category of kind bingo with a « 1 carton » product at the carton price, offered by the event's registers", async () => {
    const category = await db('categories').where({ bingo_id: 1 }).first();
    expect(category).toMatchObject({ kind: 'bingo', name: 'Loto : Loto de la kermesse' });
    expect(await db('products').where({ id: cartonProductId }).first()).toMatchObject({
      name: '1 carton',
      price_cents: 300,
      active: true,
      image: 'loto.svg',
    });
    expect(await db('checkout_products').where({ product_id: cartonProductId }).pluck('checkout_id')).toEqual(
      expect.arrayContaining(checkoutIds),
    );
    const checkout = await request('GET', `/api/cr/checkouts/${checkoutIds[0]}`);
    expect(checkout.body[0].bingos).toEqual([{ id: 1, name: 'Loto de la kermesse', cartons: 60, categoryId: category.id }]);
    expect(checkout.body[1].bingos).toEqual([
      { id: category.id, bingoId: 1, name: 'Loto : Loto de la kermesse', price: [{ nb: 1, p: 3 }] },
    ]);
  });
});

describe('a sale with loto cartons', () => {
  it('claims the cartons, writes sale_cartons, lists them on the receipt; sale.completed sells them to the buyer, shown by the win check', async () => {
    const sold = await cartonSale([9, 4]);
    expect(sold.status).toBe(201);
    const saleId = sold.body.sale.id as number;
    expect(await db('sale_cartons').where({ sale_id: saleId }).orderBy('carton_number').pluck('carton_number')).toEqual([4, 9]);
    expect(sold.body.printData.receiptHtml).toContain('Cartons de loto — Loto de la kermesse');
    expect(sold.body.printData.receiptHtml).toContain('n° 4, n° 9');
    expect(await db('sale_lines').where({ sale_id: saleId }).first()).toMatchObject({
      kind: 'bingo',
      name: '1 carton',
      quantity: 2,
      total_cents: 600,
    });
    const outbox = await db('outbox').where({ type: 'sale.completed' }).orderBy('occurred_at', 'desc').first('envelope');
    expect(outbox.envelope.payload.cartons).toEqual([
      { bingoId: 1, number: 9 },
      { bingoId: 1, number: 4 },
    ]);

    await eventually(async () => (await bingoRow(9))?.sale_reference === sold.body.sale.reference, 20_000);
    expect(await bingoRow(4)).toMatchObject({
      status: 'sold',
      sale_id: saleId,
      buyer_name: 'Marie Dupont',
      buyer_email: 'marie.dupont@example.fr',
      buyer_phone: '0612345678',
    });
    const check = await fetch(`http://127.0.0.1:${bingo.port}/admin-bingo/api/bingo/1/caller/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ carton: '4' }),
    });
    const answer = (await check.json()) as { carton: { sold: boolean; buyer: string }; message: string };
    expect(answer.carton).toMatchObject({ sold: true, buyer: 'Marie Dupont' });
    expect(answer.message).toContain('Carton vendu à Marie Dupont');
    // The receipt printed again lists the cartons too.
    const again = await fetch(`http://127.0.0.1:${register.port}/s/${encodeURIComponent(sold.body.sale.reference)}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('n° 4, n° 9');
  });

  it('a carton already sold is refused in French; two registers selling one carton at once: one sale, one French 409', async () => {
    const taken = await cartonSale([9]);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Le carton n° 9 vient d’être vendu par une autre caisse : rendez-le et donnez-en un autre.');
    expect(taken.body.code).toBe('CARTON_TAKEN');

    const [a, b] = await Promise.all([cartonSale([20, 21], {}, checkoutIds[0]), cartonSale([21, 22], {}, checkoutIds[1])]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toBe('Le carton n° 21 vient d’être vendu par une autre caisse : rendez-le et donnez-en un autre.');
    expect(await db('sale_cartons').where({ bingo_id: 1, carton_number: 21 }).pluck('sale_id')).toHaveLength(1);
    // The refused sale held nothing: its other carton is still free.
    const free = a.status === 409 ? 20 : 22;
    expect(await bingoRow(free)).toBeUndefined();
  });

  it('a sale that fails after the claim releases its cartons', async () => {
    const releases = bingoCalls.releases;
    const failed = await cartonSale([30], { paymentMode: 3, payments: [{ method: 'CB', payment_reference: 'TX-INCONNUE' }] });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe('Transaction CB inconnue : le paiement par carte passe par le terminal.');
    expect(bingoCalls.releases).toBe(releases + 1);
    expect(await bingoRow(30)).toBeUndefined();
    expect((await cartonSale([30])).status).toBe(201);
  });

  it('checks the cartons against the cart in French before claiming anything; no buyer needed', async () => {
    const claims = bingoCalls.claims;
    const tooFew = await request('POST', '/api/cr/sale/create', {
      sale: {
        checkoutId: checkoutIds[0],
        eventId,
        paymentMode: 2,
        cart: [{ product: { id: cartonProductId }, quantity: 3 }],
        cartons: [40],
      },
    });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error).toBe('Saisissez les numéros des 3 cartons remis : 1 saisi(s).');
    const unknown = await cartonSale([61]);
    expect(unknown.body.error).toBe("Le carton n° 61 n'existe pas pour cette soirée (1 à 60).");
    const none = await request('POST', '/api/cr/sale/create', {
      sale: { checkoutId: checkoutIds[0], eventId, paymentMode: 2, cart: [{ product: { id: cartonProductId }, quantity: 1 }] },
    });
    expect(none.body.error).toBe('Aucun carton saisi : saisissez les numéros des cartons remis.');
    expect(bingoCalls.claims).toBe(claims);

    const anonymous = await request('POST', '/api/cr/sale/create', {
      sale: {
        checkoutId: checkoutIds[0],
        eventId,
        paymentMode: 2,
        cart: [{ product: { id: cartonProductId }, quantity: 1 }],
        cartons: [{ number: 41 }],
      },
    });
    expect(anonymous.status).toBe(201);
    await eventually(async () => (await bingoRow(41))?.sale_reference === anonymous.body.sale.reference, 20_000);
    expect(await bingoRow(41)).toMatchObject({ status: 'sold', buyer_name: null });
  });

  it("closing the night's carton sales withdraws the product from the registers; reopening offers it again", async () => {
    const night = (open: boolean) =>
      fetch(`http://127.0.0.1:${bingo.port}/admin-bingo/api/bingo/1`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Loto de la kermesse',
          heldOn: '2030-06-13',
          cartonPrice: '3',
          eventId,
          place: 'Salle des fêtes',
          salesOpen: open,
        }),
      });
    expect((await night(false)).status).toBe(200);
    await eventually(async () => (await db('products').where({ id: cartonProductId }).first())?.active === false, 20_000);
    expect((await db('bingos').where({ id: 1 }).first())?.sales_open).toBe(false);
    const checkout = await request('GET', `/api/cr/checkouts/${checkoutIds[0]}`);
    expect(checkout.body[0].bingos).toEqual([]);
    const closed = await cartonSale([50]);
    expect(closed.status).toBe(400);
    expect(closed.body.error).toMatch(/n'est pas en vente à cette caisse/);

    expect((await night(true)).status).toBe(200);
    await eventually(async () => (await db('products').where({ id: cartonProductId }).first())?.active === true, 20_000);
    expect((await cartonSale([50])).status).toBe(201);
  });
});

describe('a refund of loto cartons', () => {
  const refund = (reference: string, quantity: number, extra: Record<string, unknown> = {}) =>
    request(
      'POST',
      `/api/cr/sale/${encodeURIComponent(reference)}/refund`,
      {
        lines: [{ productId: cartonProductId, quantity }],
        reason: 'Carton en trop',
        payment_mode: 2,
        ...extra,
      },
      'admin',
    );

  it('voids the cartons named, else the highest left; sale.refunded carries them; the bingo service voids them: refused by the win check, never sold again', async () => {
    const sold = await cartonSale([11, 12, 13]);
    expect(sold.status).toBe(201);
    const reference = sold.body.sale.reference as string;
    await eventually(async () => (await bingoRow(13))?.sale_reference === reference, 20_000);

    const wrong = await refund(reference, 1, { cartons: [14] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Le carton n° 14 n’est pas un carton de cette vente encore à rembourser.');
    const count = await refund(reference, 1, { cartons: [11, 12] });
    expect(count.status).toBe(400);
    expect(count.body.error).toBe('Indiquez les numéros des 1 carton(s) rendu(s) : 2 donné(s).');

    const named = await refund(reference, 1, { cartons: [12] });
    expect(named.status).toBe(201);
    expect(named.body.refund.cartons).toEqual([12]);
    const highest = await refund(reference, 1);
    expect(highest.status).toBe(201);
    expect(highest.body.refund.cartons).toEqual([13]);
    const events = await db('outbox').where({ type: 'sale.refunded' }).orderBy('occurred_at').select('envelope');
    expect(events.slice(-2).map((e) => e.envelope.payload.cartons)).toEqual([[{ bingoId: 1, number: 12 }], [{ bingoId: 1, number: 13 }]]);

    await eventually(async () => (await bingoRow(12))?.status === 'voided' && (await bingoRow(13))?.status === 'voided', 20_000);
    expect((await bingoRow(11))?.status).toBe('sold');
    const check = await fetch(`http://127.0.0.1:${bingo.port}/admin-bingo/api/bingo/1/caller/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ carton: '12' }),
    });
    const answer = (await check.json()) as { wins: boolean; message: string; carton: { voided?: boolean } };
    expect(answer).toMatchObject({ wins: false, carton: { voided: true } });
    expect(answer.message).toContain('Carton remboursé : il ne peut pas gagner.');
    // Not sold again: the buyer may keep the paper carton.
    const again = await cartonSale([12]);
    expect(again.status).toBe(409);
  });
});

describe('cartons by the pack', () => {
  it('a night with packs makes one register product per pack; the cart counts pack size × quantity; a refunded pack voids its cartons', async () => {
    const put = await fetch(`http://127.0.0.1:${bingo.port}/admin-bingo/api/bingo/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Loto de la kermesse',
        heldOn: '2030-06-13',
        cartonPrice: '3',
        eventId,
        place: 'Salle des fêtes',
        packs: [
          { nb: 3, price: '8' },
          { nb: 6, price: '15' },
        ],
      }),
    });
    expect(put.status).toBe(200);
    const packOf = (nb: number) =>
      db('products as p')
        .join('categories as c', 'c.id', 'p.category_id')
        .where({ 'c.bingo_id': 1, 'p.tier_nb': nb, 'p.active': true })
        .first('p.id', 'p.name', 'p.price_cents');
    await eventually(async () => Boolean(await packOf(6)), 20_000);
    expect(await packOf(3)).toMatchObject({ name: '3 cartons', price_cents: 800 });
    expect(await packOf(6)).toMatchObject({ name: '6 cartons', price_cents: 1500 });
    const threeId = (await packOf(3))!.id as number;
    const checkout = await request('GET', `/api/cr/checkouts/${checkoutIds[0]}`);
    expect(checkout.body[1].bingos[0].price).toEqual([
      { nb: 1, p: 3 },
      { nb: 3, p: 8 },
      { nb: 6, p: 15 },
    ]);

    const sell = (cartons: number[], cart: Array<{ id: number; quantity: number }>) =>
      request('POST', '/api/cr/sale/create', {
        sale: {
          checkoutId: checkoutIds[0],
          eventId,
          personId: buyerId,
          paymentMode: 2,
          payments: [{ method: 'ESP', payment_reference: '50' }],
          cart: cart.map((l) => ({ product: { id: l.id }, quantity: l.quantity })),
          bingoId: 1,
          cartons,
        },
      });
    // 2 packs of 3 and 1 single carton: 7 cartons to type.
    const short = await sell(
      [31, 32, 33, 34, 35, 36],
      [
        { id: threeId, quantity: 2 },
        { id: cartonProductId, quantity: 1 },
      ],
    );
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Saisissez les numéros des 7 cartons remis : 6 saisi(s).');
    const sold = await sell(
      [31, 32, 33, 34, 35, 36, 37],
      [
        { id: threeId, quantity: 2 },
        { id: cartonProductId, quantity: 1 },
      ],
    );
    expect(sold.status).toBe(201);
    expect(await db('sale_lines').where({ sale_id: sold.body.sale.id, product_id: threeId }).first()).toMatchObject({
      quantity: 2,
      total_cents: 1600,
    });
    await eventually(async () => (await bingoRow(37))?.sale_reference === sold.body.sale.reference, 20_000);

    const refund = await request(
      'POST',
      `/api/cr/sale/${encodeURIComponent(sold.body.sale.reference)}/refund`,
      {
        lines: [{ productId: threeId, quantity: 1 }],
        reason: 'Un paquet rendu',
        payment_mode: 2,
      },
      'admin',
    );
    expect(refund.status).toBe(201);
    expect(refund.body.refund.cartons).toEqual([35, 36, 37]);
    await eventually(async () => (await bingoRow(35))?.status === 'voided' && (await bingoRow(37))?.status === 'voided', 20_000);
    expect((await bingoRow(34))?.status).toBe('sold');
  });

  it('a receipt asked for after the sale (receipt.requested) carries its cartons for the e-mail', async () => {
    const sold = await cartonSale([23, 24]);
    expect(sold.status).toBe(201);
    const asked = await request('POST', `/api/cr/order/${encodeURIComponent(sold.body.sale.reference)}/receipt`, {
      method: 'email',
      to: 'marie.dupont@example.fr',
    });
    expect(asked.status).toBe(202);
    const event = await db('outbox').where({ type: 'receipt.requested' }).orderBy('occurred_at', 'desc').first('envelope');
    expect(event.envelope.payload).toMatchObject({
      reference: sold.body.sale.reference,
      cartons: [
        { bingoId: 1, number: 23 },
        { bingoId: 1, number: 24 },
      ],
    });
  });
});
