/**
 * A loto night belongs to a fair, on real Postgres and NATS with the real register and bingo services:
 * the night's event must be one of the register's — checked even before the event's
 * `catalog.event.created` reaches the bingo service —, the fair's registers then offer its cartons,
 * and duplicating the fair brings the night back in next year's fair (parties, prizes, carton price),
 * with no carton sold and no seat taken.
 */
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
const relays: OutboxRelay[] = [];
let registerConsumers: RegisterConsumers;
let bingoConsumers: EventConsumer;
let bingo: RunningServer;
let register: RunningServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'register-fair-nights-test' });
  db = createDb(database.url, { schema, poolMax: 10 });
  await migrateLatest(db, { schema, migrations });
  bingoDb = createDb(database.url, { schema: bingoMigrations.schema, poolMax: 10 });
  await migrateLatest(bingoDb, bingoMigrations);
  registerConsumers = await startRegisterConsumers({ db, bus, logger });
  bingoConsumers = await startBingoConsumers({ db: bingoDb, bus, logger });
  // The bingo service publishes; the register's relay starts later (an event not yet announced).
  relays.push(startOutboxRelay({ db: bingoDb, bus, logger, pollMs: 50 }));
  const registerPort = await freePort();
  bingo = await listen(
    await buildBingo({ db: bingoDb, logger, bus, verifier: testTokenVerifier(), registerUrl: `http://127.0.0.1:${registerPort}` }),
    0,
  );
  register = await listen(
    await buildApp({
      db,
      logger,
      bus,
      verifier: testTokenVerifier(),
      bingo: createBingoClient({ baseUrl: `http://127.0.0.1:${bingo.port}` }),
    }),
    registerPort,
  );
  Object.assign(tokens, await testTokens());
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

async function call(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  who = 'admin',
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes
): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const toBingo = (method: string, path: string, body?: unknown) => call(bingo, method, path, body);
const toRegister = (method: string, path: string, body?: unknown, who = 'admin') => call(register, method, path, body, who);

/** The loto nights a register offers cartons of (the sales screen's answer). */
async function nightsOnSale(checkoutId: number): Promise<Array<{ id: number; name: string }>> {
  const answer = await toRegister('GET', `/api/cr/checkouts/${checkoutId}`, undefined, 'caissier');
  return answer.body[0].bingos;
}

describe('a loto night belongs to a fair', () => {
  let eventId: number;
  let checkoutId: number;
  let nightId: number;

  it('refuses an event the register does not know, in French, and writes nothing', async () => {
    const refused = await toBingo('POST', '/admin-bingo/api/bingo', {
      name: 'Loto fantôme',
      heldOn: '2026-06-13',
      cartonPrice: '3',
      eventId: 9999,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'EVENT_NOT_FOUND', error: 'Événement introuvable.' });
    expect(await bingoDb('nights').first()).toBeUndefined();
    expect(await bingoDb('events').first()).toBeUndefined();
  });

  it('takes the fair created a moment ago, before its announcement reaches the loto (asked of the register)', async () => {
    const { event, checkouts } = await createEventWithCheckouts(db, { name: 'Kermesse 2026', checkouts: ['Buvette', 'Entrée'] });
    eventId = event.id;
    checkoutId = checkouts[0]!.id;
    expect(await bingoDb('events').where({ id: eventId }).first()).toBeUndefined();

    const created = await toBingo('POST', '/admin-bingo/api/bingo', {
      name: 'Loto du soir',
      heldOn: '2026-06-13',
      cartonPrice: '3,50',
      eventId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ eventId, eventName: 'Kermesse 2026', eventLocked: false });
    nightId = created.body.id;
  });

  it("has its cartons offered on the fair's registers", async () => {
    // The register announces its events and registers now (its relay was held back until here).
    relays.push(startOutboxRelay({ db, bus, logger, pollMs: 50 }));
    await eventually(async () => (await nightsOnSale(checkoutId)).some((night) => night.id === nightId), 20_000);
    expect((await nightsOnSale(checkoutId)).find((night) => night.id === nightId)).toMatchObject({ name: 'Loto du soir' });
  });

  it('comes back in the duplicated fair with its parties, prizes and carton price, but no carton sold and no seat taken', async () => {
    const prize = await toBingo('POST', '/admin/bingo/prize/api/prize', {
      label: 'Panier garni',
      rank: 1,
      price: '45,00',
      cost: '30,00',
      provider: 'Épicerie Martin',
      bingoId: nightId,
    });
    expect(prize.status).toBe(201);
    expect(
      (await toBingo('PUT', `/admin-bingo/api/bingo/${nightId}/parties`, { parties: [{ kind: 'quine', prizeIds: [prize.body.id] }] }))
        .status,
    ).toBe(200);
    expect((await toBingo('POST', `/admin-bingo/api/bingo/${nightId}/cartons`, { count: 12 })).status).toBe(201);
    expect(
      (await toBingo('POST', `/admin-bingo/api/bingo/${nightId}/reserve`, { tableId: 1, seatId: 1, name: 'Famille Martin' })).status,
    ).toBe(200);

    const copy = await toRegister('POST', `/api/admin/events/${eventId}/duplicate`, { name: 'Kermesse 2027', startsOn: '2027-06-12' });
    expect(copy.status).toBe(201);
    const nextYear = copy.body.id as number;

    let copied: { id: number } | undefined;
    await eventually(async () => {
      const nights = (await toBingo('GET', '/admin-bingo/api/bingos')).body as Array<{ id: number; eventId: number }>;
      copied = nights.find((night) => night.eventId === nextYear);
      return copied !== undefined;
    }, 20_000);
    const night = await toBingo('GET', `/admin-bingo/api/bingo/${copied!.id}`);
    expect(night.body).toMatchObject({
      name: 'Loto du soir',
      heldOn: '2027-06-12',
      cartonPrice: '3.50',
      eventId: nextYear,
      eventName: 'Kermesse 2027',
      eventLocked: false,
      salesOpen: true,
    });
    const parties = await toBingo('GET', `/admin-bingo/api/bingo/${copied!.id}/parties`);
    expect(parties.body.parties).toMatchObject([{ number: 1, kind: 'quine', prizes: [{ label: 'Panier garni', rank: 1 }] }]);
    expect(parties.body.parties[0].prizes[0].id).not.toBe(prize.body.id);
    const prizes = await toBingo('GET', `/admin/bingo/prize/api/prizes?bingoId=${copied!.id}`);
    expect(prizes.body).toMatchObject([{ label: 'Panier garni', price: '45.00', cost: '30.00', provider: 'Épicerie Martin' }]);
    const plan = await toBingo('GET', `/admin-bingo/api/bingo/${copied!.id}/placement`);
    expect(
      plan.body.tables.flatMap((t: { seats: Array<{ reserved: boolean }> }) => t.seats).some((s: { reserved: boolean }) => s.reserved),
    ).toBe(false);
    expect((await toBingo('GET', `/admin-bingo/api/bingo/${copied!.id}/cartons`)).body.total).toBe(0);

    // Next year's registers offer the copy's cartons, this year's still offer this year's night.
    const nextCheckouts = (await toRegister('GET', `/api/admin/events/${nextYear}/checkouts`)).body as Array<{ id: number; name: string }>;
    expect(nextCheckouts.map((c) => c.name)).toEqual(['Buvette', 'Entrée']);
    await eventually(async () => (await nightsOnSale(nextCheckouts[0]!.id)).some((n) => n.id === copied!.id), 20_000);
    expect((await nightsOnSale(checkoutId)).map((n) => n.id)).toEqual([nightId]);
  });
});
