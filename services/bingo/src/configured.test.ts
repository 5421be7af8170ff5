/**
 * `bingo.configured` on real NATS: a loto night's prizes with their costs reach the bus (for
 * accounting) whenever a prize is added, its cost corrected or removed, or the night's event changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBus,
  startConsumer,
  startOutboxRelay,
  type Bus,
  type EventConsumer,
  type EventEnvelope,
  type OutboxRelay,
} from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  signTestToken,
  testNamespace,
  testTokenVerifier,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';

const logger = createLogger('test', 'error');
let database: TestDatabase;
let db: Db;
let service: RunningServer;
let bus: Bus;
let namespace: string;
let relay: OutboxRelay;
let consumer: EventConsumer;
let token: string;
const received: Array<EventEnvelope<'bingo.configured'>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await db('events').insert([
    { id: 7, name: 'Kermesse des tests', starts_on: null },
    { id: 8, name: 'Fête d’hiver', starts_on: null },
  ]);
  namespace = testNamespace();
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'bingo-test' });
  relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });
  consumer = await startConsumer({
    db,
    bus,
    logger,
    name: 'test-bingo-configured',
    type: 'bingo.configured',
    handle: async (event) => {
      received.push(event);
    },
  });
  service = await listen(await buildApp({ db, logger, bus, verifier: testTokenVerifier() }), 0);
  token = await signTestToken({ roles: ['admin'] });
});

afterAll(async () => {
  await service?.close();
  await consumer?.stop();
  await relay?.stop();
  await bus?.close();
  if (namespace) await deleteTestStream(namespace);
  await db?.destroy();
  await database?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers of many shapes
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${service.port}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const latest = (bingoId: number) => received.filter((e) => e.payload.bingoId === bingoId).at(-1)?.payload;

describe('bingo.configured', () => {
  it('publishes the night with its prizes and their costs after each change, the latest state last', async () => {
    const night = await call('POST', '/admin-bingo/api/bingo', {
      name: 'Loto des lots',
      heldOn: '2031-03-14',
      cartonPrice: '2,50',
      eventId: 7,
    });
    expect(night.status).toBe(201);
    const bingoId = night.body.id as number;
    await eventually(() => latest(bingoId));
    expect(latest(bingoId)).toEqual({
      bingoId,
      eventId: 7,
      name: 'Loto des lots',
      heldOn: '2031-03-14',
      prizes: [],
      // What the register sells: one carton at 2,50 €, none printed yet, sales open.
      cartonPriceCents: 250,
      tiers: [{ nb: 1, priceCents: 250 }],
      totalCartons: 0,
      salesOpen: true,
    });

    const tv = await call('POST', '/admin/bingo/prize/api/prize', {
      label: 'Téléviseur',
      rank: 1,
      price: 300,
      cost: '199,90',
      provider: 'Boulanger',
      bingoId,
    });
    expect(tv.status).toBe(201);
    const hamper = await call('POST', '/admin/bingo/prize/api/prize', {
      label: 'Panier garni',
      rank: 2,
      price: 45,
      cost: 30,
      provider: 'Épicerie',
      bingoId,
    });
    await eventually(() => latest(bingoId)?.prizes.length === 2);
    expect(latest(bingoId)!.prizes).toEqual([
      { id: tv.body.id, name: 'Téléviseur', quantity: 1, costCents: 19990 },
      { id: hamper.body.id, name: 'Panier garni', quantity: 1, costCents: 3000 },
    ]);

    // The cost of the TV is corrected: the new state is published.
    const put = await call('PUT', `/admin/bingo/prize/api/prize/${tv.body.id}`, {
      label: 'Téléviseur',
      rank: 1,
      price: 300,
      cost: '150',
      provider: 'Boulanger',
    });
    expect(put.status).toBe(200);
    await eventually(() => latest(bingoId)?.prizes[0]?.costCents === 15000);
    expect(latest(bingoId)!.prizes[1]).toEqual({ id: hamper.body.id, name: 'Panier garni', quantity: 1, costCents: 3000 });

    // Refused: nothing written, nothing published.
    const count = await db('outbox').where({ type: 'bingo.configured' }).count<{ n: number }[]>('* as n');
    expect(
      (
        await call('PUT', `/admin/bingo/prize/api/prize/${tv.body.id}`, {
          label: 'Téléviseur',
          rank: 1,
          price: 300,
          cost: 'abc',
          provider: 'Boulanger',
        })
      ).status,
    ).toBe(400);
    expect((await call('DELETE', '/admin/bingo/prize/api/prize/999999')).status).toBe(404);
    expect(await db('outbox').where({ type: 'bingo.configured' }).count<{ n: number }[]>('* as n')).toEqual(count);

    expect((await call('DELETE', `/admin/bingo/prize/api/prize/${hamper.body.id}`)).status).toBe(200);
    await eventually(() => latest(bingoId)?.prizes.length === 1);

    // The night moves to another event: its costs go with it.
    const moved = await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, {
      name: 'Loto des lots',
      heldOn: '2031-03-14',
      cartonPrice: '2,50',
      eventId: 8,
    });
    expect(moved.status).toBe(200);
    await eventually(() => latest(bingoId)?.eventId === 8);
    expect(latest(bingoId)).toMatchObject({
      bingoId,
      eventId: 8,
      name: 'Loto des lots',
      heldOn: '2031-03-14',
      prizes: [{ id: tv.body.id, name: 'Téléviseur', quantity: 1, costCents: 15000 }],
    });

    // Printing cartons tells the register how many there are to sell; closing the sales withdraws them.
    expect((await call('POST', `/admin-bingo/api/bingo/${bingoId}/cartons`, { count: 12 })).status).toBeLessThan(300);
    await eventually(() => latest(bingoId)?.totalCartons === 12);
    const closed = await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, {
      name: 'Loto des lots',
      heldOn: '2031-03-14',
      cartonPrice: '3',
      eventId: 8,
      salesOpen: false,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.salesOpen).toBe(false);
    await eventually(() => latest(bingoId)?.salesOpen === false);
    expect(latest(bingoId)).toMatchObject({ cartonPriceCents: 300, tiers: [{ nb: 1, priceCents: 300 }], totalCartons: 12 });
  });

  it('cartons by the pack: each pack is a tier of bingo.configured, its price per carton under 20 € (L322-4), kept when a save omits them', async () => {
    const night = await call('POST', '/admin-bingo/api/bingo', {
      name: 'Loto des paquets',
      heldOn: '2031-04-04',
      cartonPrice: '3',
      eventId: 7,
      packs: [
        { nb: 6, price: '15' },
        { nb: 3, price: '8,00' },
      ],
    });
    expect(night.status).toBe(201);
    expect(night.body.packs).toEqual([
      { nb: 3, price: '8.00' },
      { nb: 6, price: '15.00' },
    ]);
    const bingoId = night.body.id as number;
    await eventually(() => latest(bingoId));
    expect(latest(bingoId)!.tiers).toEqual([
      { nb: 1, priceCents: 300 },
      { nb: 3, priceCents: 800 },
      { nb: 6, priceCents: 1500 },
    ]);

    // 3 cartons at 66 € is 22 € a carton: refused; 3 at 59,97 € (19,99 € each) is allowed.
    const count = await db('outbox').where({ type: 'bingo.configured' }).count<{ n: number }[]>('* as n');
    const base = { name: 'Loto des paquets', heldOn: '2031-04-04', cartonPrice: '3', eventId: 7 };
    const tooHigh = await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, packs: [{ nb: 3, price: '66' }] });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.code).toBe('PACK_PRICE_TOO_HIGH');
    expect(tooHigh.body.error.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Lot de 3 cartons à 66,00 € : 22,00 € par carton. Le prix d’un carton doit être inférieur à 20 € (loto traditionnel, article L322-4 du Code de la sécurité intérieure).',
    );
    expect((await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, packs: [{ nb: 3, price: '60' }] })).status).toBe(400);
    const twice = await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, {
      ...base,
      packs: [
        { nb: 3, price: '8' },
        { nb: 3, price: '7' },
      ],
    });
    expect(twice.body.error).toBe('Deux lots de cartons ont le même nombre de cartons.');
    expect((await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, packs: [{ nb: 1, price: '2' }] })).status).toBe(400);
    expect((await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, packs: [{ nb: 3, price: 'abc' }] })).status).toBe(400);
    // The single carton keeps its own limit.
    expect((await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, cartonPrice: '20', packs: [] })).body.code).toBe(
      'CARTON_PRICE_TOO_HIGH',
    );
    expect(await db('outbox').where({ type: 'bingo.configured' }).count<{ n: number }[]>('* as n')).toEqual(count);

    const allowed = await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, packs: [{ nb: 3, price: '59,97' }] });
    expect(allowed.status).toBe(200);
    await eventually(() => latest(bingoId)?.tiers?.length === 2);
    expect(latest(bingoId)!.tiers).toEqual([
      { nb: 1, priceCents: 300 },
      { nb: 3, priceCents: 5997 },
    ]);
    // A save without packs (an older screen) keeps them; [] removes them.
    const kept = await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, place: 'Salle polyvalente' });
    expect(kept.body.packs).toEqual([{ nb: 3, price: '59.97' }]);
    // The printable règlement states the packs.
    const rules = await call('GET', `/admin-bingo/api/bingo/${bingoId}/reglement`);
    expect(rules.body.articles[1].replace(/[\u00a0\u202f]/g, ' ')).toBe(
      "Article 2 — Le carton est vendu 3,00 € ; en lot : 3 cartons pour 59,97 € (moins de 20 € par carton). Aucun carton n'est vendu à 20 € ou plus.",
    );
    expect((await call('PUT', `/admin-bingo/api/bingo/${bingoId}`, { ...base, packs: [] })).body.packs).toEqual([]);
    await eventually(() => latest(bingoId)?.tiers?.length === 1);
  });
});
