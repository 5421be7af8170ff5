/**
 * Cartons sold at the register: the internal claim / confirm / release API the register
 * calls while writing a sale, and `sale.completed` (real NATS) marking the cartons sold to the buyer,
 * shown by the caller's win check.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEnvelope, connectBus, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  testNamespace,
  testTokens,
  testTokenVerifier,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { cartonCode } from '@kermesse/contracts-bingo';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startBingoConsumers } from './consumers/index.ts';

const logger = createLogger('test', 'error');
const namespace = testNamespace();
let database: TestDatabase;
let db: Db;
let bus: Bus;
let consumers: EventConsumer;
let service: RunningServer;
let tokens: Record<string, string>;
/** The night of the running test: its own 60 printed cartons, no carton sold (no demo data). */
let night: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 10 });
  await migrateLatest(db, { schema, migrations });
  // The fair the nights belong to, as the register announced it.
  await db('events').insert([
    { id: 3, name: 'Kermesse des cartons', starts_on: null },
    { id: 4, name: 'Fête d’hiver', starts_on: null },
  ]);
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'bingo-cartons-test' });
  consumers = await startBingoConsumers({ db, bus, logger });
  service = await listen(
    await buildApp({ db, logger, bus, claimTtlMs: 60_000, verifier: testTokenVerifier(), registerUrl: 'http://127.0.0.1:9' }),
    0,
  );
  tokens = await testTokens();
});

afterAll(async () => {
  await service?.close();
  await consumers?.stop();
  await bus?.close();
  await deleteTestStream(namespace);
  await db?.destroy();
  await database?.drop();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  who: 'admin' | 'caissier' | 'none' = 'caissier',
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers of many shapes
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (who !== 'none') headers.authorization = `Bearer ${tokens[who]}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://127.0.0.1:${service.port}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let nightSeq = 0;
/** A fresh loto night with 60 printed cartons, sales open. */
async function givenNight(): Promise<number> {
  nightSeq += 1;
  const created = await call(
    'POST',
    '/admin-bingo/api/bingo',
    { name: `Loto des cartons ${nightSeq}`, heldOn: '2031-02-07', cartonPrice: '3', eventId: 3 },
    'admin',
  );
  expect(created.status).toBe(201);
  expect((await call('POST', `/admin-bingo/api/bingo/${created.body.id}/cartons`, { count: 60 }, 'admin')).body).toEqual({
    from: 1,
    to: 60,
  });
  return created.body.id as number;
}

beforeEach(async () => {
  night = await givenNight();
});

const claim = (numbers: number[], claimId = randomUUID()) =>
  call('POST', '/internal/cartons/claims', { claimId, cartons: numbers.map((number) => ({ bingoId: night, number })) });

const soldRow = (number: number) => db('carton_sales').where({ bingo_id: night, number }).first();

describe('the night’s fair once cartons are sold', () => {
  const settings = (eventId: number) => ({ name: `Loto des cartons ${nightSeq}`, heldOn: '2031-02-07', cartonPrice: '3', eventId });

  it('changes freely before the first carton, then stays: a French 409 and nothing changed', async () => {
    const moved = await call('PUT', `/admin-bingo/api/bingo/${night}`, settings(4), 'admin');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ eventId: 4, eventName: 'Fête d’hiver', eventLocked: false });
    // A register holds one carton (a sale being written): the night's fair is now that register's.
    expect((await claim([12])).status).toBe(201);
    expect((await call('GET', `/admin-bingo/api/bingo/${night}`, undefined, 'admin')).body.eventLocked).toBe(true);
    const refused = await call('PUT', `/admin-bingo/api/bingo/${night}`, settings(3), 'admin');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'NIGHT_EVENT_LOCKED',
      error: 'Des cartons de cette soirée sont déjà vendus à la caisse de son événement : la soirée ne peut plus changer d’événement.',
    });
    expect((await db('nights').where({ id: night }).first('event_id')).event_id).toBe(4);
    // Everything else may still change.
    const renamed = await call('PUT', `/admin-bingo/api/bingo/${night}`, { ...settings(4), place: 'Préau' }, 'admin');
    expect(renamed.status).toBe(200);
    expect(renamed.body.place).toBe('Préau');
  });
});

describe('carton claims (internal, the register)', () => {
  it('needs a cashier token: 401 without one', async () => {
    expect(
      (await call('POST', '/internal/cartons/claims', { claimId: randomUUID(), cartons: [{ bingoId: night, number: 1 }] }, 'none')).status,
    ).toBe(401);
  });

  it('two registers claim the same carton at once: exactly one holds it, the other gets a French 409', async () => {
    const answers = await Promise.all([claim([5, 6]), claim([6, 7])]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.code).toBe('CARTON_TAKEN');
    expect(refused.body.error).toBe('Le carton n° 6 vient d’être vendu par une autre caisse : rendez-le et donnez-en un autre.');
    expect(refused.body.details.taken).toEqual([{ bingoId: night, number: 6 }]);
    // All or nothing: the refused claim holds none of its cartons.
    const held = (await db('carton_sales').where({ bingo_id: night }).whereIn('number', [5, 6, 7]).select('number'))
      .map((r) => r.number)
      .sort();
    expect(held.length).toBe(2);
    expect(held).toContain(6);
  });

  it('twenty registers on one carton: one claim only', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim([20])));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
  });

  it('refuses a carton not printed for the night and a carton typed twice, in French', async () => {
    const unknown = await claim([9999]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Le carton n° 9999 n'existe pas pour cette soirée (cartons 1 à 60).");
    const twice = await claim([3, 3]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('Un même carton est saisi deux fois.');
  });

  it('a released claim (failed sale) puts the cartons back on sale; a claim is idempotent', async () => {
    const id = randomUUID();
    expect((await claim([30, 31], id)).status).toBe(201);
    expect((await claim([30, 31], id)).status).toBe(201);
    expect((await claim([31])).status).toBe(409);
    expect((await call('DELETE', `/internal/cartons/claims/${id}`)).status).toBe(204);
    expect(await soldRow(30)).toBeUndefined();
    expect((await claim([31])).status).toBe(201);
  });

  it('a closed night sells no carton', async () => {
    await db('nights').where({ id: night }).update({ sales_open: false });
    try {
      const closed = await claim([40]);
      expect(closed.status).toBe(400);
      expect(closed.body.error).toBe('La vente des cartons de cette soirée est fermée.');
    } finally {
      await db('nights').where({ id: night }).update({ sales_open: true });
    }
  });

  it('a confirmed claim is sold to the buyer; sale.completed confirms it too, once; the win check shows the buyer', async () => {
    const id = randomUUID();
    expect((await claim([12, 13], id)).status).toBe(201);
    // The register's synchronous confirmation (no buyer known to it here) …
    expect((await call('POST', `/internal/cartons/claims/${id}/confirm`, { saleId: 77 })).status).toBe(204);
    expect(await soldRow(12)).toMatchObject({ status: 'sold', sale_id: 77, buyer_name: null });
    // … then sale.completed with the buyer, delivered twice: the inbox applies it once.
    const event = buildEnvelope('register', 'sale.completed', {
      saleId: 77,
      reference: 'V-TEST-77',
      eventId: 1,
      checkoutId: 1,
      claimId: null,
      buyer: { personId: 3, firstname: 'Marie', lastname: 'Dupont', email: 'marie.dupont@example.fr', phone: '0612345678' },
      lines: [
        {
          productId: 90,
          name: '1 carton',
          categoryId: 9,
          categoryName: 'Loto : Loto de la kermesse',
          unitPriceCents: 300,
          quantity: 2,
          totalCents: 600,
          kind: 'bingo',
        },
      ],
      tickets: [],
      bets: [],
      cartons: [
        { bingoId: night, number: 12 },
        { bingoId: night, number: 13 },
      ],
      cartonClaimId: id,
      payments: [{ method: 'ESP', amountCents: 600, reference: '10' }],
      totalCents: 600,
      paymentMode: 2,
      paymentStatus: 1,
      receipt: null,
      completedAt: new Date().toISOString(),
    });
    await bus.js.publish(bus.subjectOf(event), JSON.stringify(event), { msgID: event.id });
    await eventually(async () => (await soldRow(13))?.buyer_name === 'Marie Dupont');
    expect(await soldRow(12)).toMatchObject({
      status: 'sold',
      sale_id: 77,
      sale_reference: 'V-TEST-77',
      buyer_email: 'marie.dupont@example.fr',
      buyer_phone: '0612345678',
    });
    const again = await call('POST', '/internal/cartons/claims', { claimId: randomUUID(), cartons: [{ bingoId: night, number: 12 }] });
    expect(again.status).toBe(409);
    // A sold carton is never released by a late DELETE of its claim.
    expect((await call('DELETE', `/internal/cartons/claims/${id}`)).status).toBe(204);
    expect((await soldRow(12))?.status).toBe('sold');

    const check = await call('POST', `/admin-bingo/api/bingo/${night}/caller/check`, { carton: cartonCode(12) }, 'admin');
    expect(check.status).toBe(200);
    expect(check.body.carton).toMatchObject({
      number: 12,
      sold: true,
      buyer: 'Marie Dupont',
      buyerEmail: 'marie.dupont@example.fr',
      buyerPhone: '0612345678',
    });
    expect(check.body.message).toContain('Carton vendu à Marie Dupont (marie.dupont@example.fr, 0612345678).');
    const unsold = await call('POST', `/admin-bingo/api/bingo/${night}/caller/check`, { carton: cartonCode(50) }, 'admin');
    expect(unsold.body.carton.sold).toBe(false);
  });
});

describe('sale.refunded: refunded cartons are voided', () => {
  const refundEvent = (saleId: number, numbers: number[]) =>
    buildEnvelope('register', 'sale.refunded', {
      refundId: randomUUID(),
      saleId,
      reference: `V-TEST-${saleId}`,
      eventId: 1,
      checkoutId: 1,
      sessionId: 1,
      lines: [
        {
          productId: 90,
          name: '1 carton',
          categoryId: 9,
          categoryName: 'Loto : Loto de la kermesse',
          unitPriceCents: 300,
          quantity: numbers.length,
          totalCents: 300 * numbers.length,
          kind: 'bingo',
        },
      ],
      tickets: [],
      bets: [],
      cartons: numbers.map((number) => ({ bingoId: night, number })),
      amountCents: 300 * numbers.length,
      paymentMode: 2,
      reason: 'Erreur de caisse',
      refundedBy: 'u-1',
      refundedAt: new Date().toISOString(),
    });
  const saleEvent = (saleId: number, numbers: number[], claimId: string | null) =>
    buildEnvelope('register', 'sale.completed', {
      saleId,
      reference: `V-TEST-${saleId}`,
      eventId: 1,
      checkoutId: 1,
      claimId: null,
      buyer: { personId: 4, firstname: 'Paul', lastname: 'Martin', email: null, phone: null },
      lines: [
        {
          productId: 90,
          name: '1 carton',
          categoryId: 9,
          categoryName: 'Loto : Loto de la kermesse',
          unitPriceCents: 300,
          quantity: numbers.length,
          totalCents: 300 * numbers.length,
          kind: 'bingo',
        },
      ],
      tickets: [],
      bets: [],
      cartons: numbers.map((number) => ({ bingoId: night, number })),
      cartonClaimId: claimId,
      payments: [{ method: 'ESP', amountCents: 300 * numbers.length, reference: '' }],
      totalCents: 300 * numbers.length,
      paymentMode: 2,
      paymentStatus: 1,
      receipt: null,
      completedAt: new Date().toISOString(),
    });
  const publish = async (subject: 'sale.completed' | 'sale.refunded', event: { id: string; associationId?: string }, msgId = event.id) => {
    await bus.js.publish(bus.subject(subject, event.associationId), JSON.stringify(event), { msgID: msgId });
  };

  it('voids the cartons once (a redelivered event changes nothing), the win check says it was refunded, they are never sold again', async () => {
    const id = randomUUID();
    expect((await claim([44, 45, 46], id)).status).toBe(201);
    await publish('sale.completed', saleEvent(88, [44, 45, 46], id));
    await eventually(async () => (await soldRow(46))?.buyer_name === 'Paul Martin');

    const refund = refundEvent(88, [45, 46]);
    await publish('sale.refunded', refund);
    await eventually(async () => (await soldRow(46))?.status === 'voided');
    // The same event delivered again (a new JetStream message): the inbox applies it once.
    await db('carton_sales').where({ bingo_id: night, number: 45 }).update({ voided_at: null });
    await publish('sale.refunded', refund, `${refund.id}-again`);
    const marker = saleEvent(89, [47], null);
    await publish('sale.completed', marker);
    await eventually(async () => (await soldRow(47))?.status === 'sold');
    const refundsSeen = async () =>
      Number((await db('inbox').where({ event_id: refund.id }).count<{ count: number }[]>('* as count'))[0]!.count);
    await eventually(async () => (await db('inbox').where({ event_id: marker.id }).first()) !== undefined);
    expect(await refundsSeen()).toBe(1);
    expect((await soldRow(45))?.voided_at).toBeNull();
    expect(await soldRow(44)).toMatchObject({ status: 'sold' });
    expect(await soldRow(46)).toMatchObject({
      status: 'voided',
      refund_id: refund.payload.refundId,
      buyer_name: 'Paul Martin',
      sale_reference: 'V-TEST-88',
    });

    const check = await call('POST', `/admin-bingo/api/bingo/${night}/caller/check`, { carton: cartonCode(46) }, 'admin');
    expect(check.status).toBe(200);
    expect(check.body.wins).toBe(false);
    expect(check.body.carton).toMatchObject({ number: 46, voided: true, sold: false });
    expect(check.body.message).toContain('Carton remboursé : il ne peut pas gagner.');
    const kept = await call('POST', `/admin-bingo/api/bingo/${night}/caller/check`, { carton: cartonCode(44) }, 'admin');
    expect(kept.body.message).not.toContain('remboursé');

    // Not back on sale: the buyer may keep the paper carton.
    const again = await claim([46]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CARTON_TAKEN');
    // A late confirmation of the old claim leaves it voided.
    expect((await call('POST', `/internal/cartons/claims/${id}/confirm`, { saleId: 88 })).status).toBe(204);
    expect((await soldRow(46))?.status).toBe('voided');
  });

  it('a refund read before its sale: the carton is voided, and stays voided when the sale arrives', async () => {
    await publish('sale.refunded', refundEvent(90, [52]));
    await eventually(async () => (await soldRow(52))?.status === 'voided');
    await publish('sale.completed', saleEvent(90, [52, 53], null));
    await eventually(async () => (await soldRow(53))?.status === 'sold');
    await eventually(async () => (await soldRow(52))?.buyer_name === 'Paul Martin');
    expect(await soldRow(52)).toMatchObject({ status: 'voided', sale_id: 90 });
  });
});
