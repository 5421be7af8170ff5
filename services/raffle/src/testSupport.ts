/**
 * Test bed of the raffle service's integration tests: a fresh database, test tokens signed by the
 * kit's one test signer (no identity service), the raffle app on a free port, and optionally NATS (own namespace) with the
 * outbox relay and the consumers running.
 */
import './events.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { expect } from 'vitest';
import {
  buildEnvelope,
  connectBus,
  startConsumer,
  startOutboxRelay,
  type Bus,
  type EventConsumer,
  type EventEnvelope,
  type EventPayloads,
  type EventType,
  type OutboxRelay,
} from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  testNamespace,
  testTokens,
  testTokenVerifier,
  TEST_NATS_URL,
  type TestDatabase,
} from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { recordCompletedSale } from './commands/recordCompletedSale.ts';
import { startRaffleConsumers } from './consumers/index.ts';
import { upsertEvent } from './repositories/events.ts';

export const logger = createLogger('raffle-test', 'error');

export interface Testbed {
  db: Db;
  base: string;
  /** Verifies the test tokens (for a second app on the same database). */
  verifier: TokenVerifier;
  uploadsDir: string;
  tokens: Record<'admin' | 'caissier' | 'benevole' | 'tresorier', string>;
  bus?: Bus;
  namespace?: string;
  relay?: OutboxRelay;
  /** `fetch` against the raffle service with a role's token (or none). */
  call(
    method: string,
    path: string,
    options?: { as?: keyof Testbed['tokens']; body?: unknown; headers?: Record<string, string>; raw?: BodyInit },
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestbed(options: { nats?: boolean; claimTtlMs?: number; eventId?: number } = {}): Promise<Testbed> {
  const database: TestDatabase = await createTestDatabase();
  const verifier = testTokenVerifier();

  const db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  if (options.eventId) await upsertEvent(db, { id: options.eventId, name: 'Kermesse des tests', startsOn: '2026-05-16' });

  let bus: Bus | undefined;
  let namespace: string | undefined;
  let relay: OutboxRelay | undefined;
  const consumers: EventConsumer[] = [];
  if (options.nats) {
    namespace = testNamespace();
    bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'raffle-test' });
    relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });
    consumers.push(...(await startRaffleConsumers({ db, bus, logger })));
  }

  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'raffle-uploads-'));
  const app = await buildApp({
    db,
    logger,
    bus,
    uploadsDir,
    claimTtlMs: options.claimTtlMs,
    verifier,
    // No register here (port 9 answers nothing): the tests announce their events on the bus.
    registerUrl: 'http://127.0.0.1:9',
  });
  const raffle = await listen(app, 0);
  const base = `http://127.0.0.1:${raffle.port}`;

  const tokens: Testbed['tokens'] = await testTokens();

  return {
    db,
    base,
    verifier,
    uploadsDir,
    tokens,
    bus,
    namespace,
    relay,
    call(method, target, { as, body, headers = {}, raw } = {}) {
      return fetch(base + target, {
        method,
        headers: {
          ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      });
    },
    async close() {
      await raffle.close();
      for (const consumer of consumers) await consumer.stop();
      await relay?.stop();
      await bus?.close();
      if (namespace) await deleteTestStream(namespace);
      await db.destroy();
      await database.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The body of a response, typed as the test expects it. */
export const json = async <T = unknown>(res: Response): Promise<T> => (await res.json()) as T;

/** A creation through the back office answers 201 and the new id. */
async function createdId(res: Response): Promise<number> {
  expect(res.status).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

/** A line of the tier editor: `nb` tickets for `p` euros (as typed: `2`, `'2,50'`). */
type Tier = { nb: number | string; p: number | string };

/** Creates a raffle as the admin does: 100 tickets at 2 € unless said otherwise. */
export async function createRaffle(
  tb: Testbed,
  raffle: { name: string; tickets?: number; price?: Tier[]; eventId?: number },
): Promise<number> {
  return createdId(
    await tb.call('POST', '/api/admin/raffle', { as: 'admin', body: { price: [{ nb: 1, p: 2 }], tickets: 100, ...raffle } }),
  );
}

/** Adds a prize to a raffle as the admin does; the body is sent as is (`weight` is its rank). */
export async function addPrize(tb: Testbed, raffleId: number, prize: Record<string, unknown>) {
  const res = await tb.call('POST', `/api/admin/raffles/${raffleId}/prizes`, { as: 'admin', body: prize });
  expect(res.status).toBe(201);
  return json<{ id: number; name: string; rank: number; quantity: number }>(res);
}

/** Creates a gift basket (bets on the weight of baskets to win) as the admin does: a bet at 2 € unless said otherwise. */
export async function createGiftBasket(tb: Testbed, basket: { name: string; price?: Tier[]; eventId?: number }): Promise<number> {
  return createdId(await tb.call('POST', '/api/admin/gift-basket', { as: 'admin', body: { price: [{ nb: 1, p: 2 }], ...basket } }));
}

/** Adds a basket to win (a « type ») to a gift basket; answers its id. */
export async function addBasketType(tb: Testbed, basketId: number, type: { name: string; price: number | string }): Promise<number> {
  return createdId(await tb.call('POST', `/api/admin/gift-basket/${basketId}/prizes`, { as: 'admin', body: type }));
}

type CompletedSale = EventPayloads['sale.completed'];

/** The products the register sells for the raffle and the gift baskets (what the lines name). */
const SALE_PRODUCTS = {
  raffle: { productId: 5, name: 'Ticket de tombola', categoryId: 3, categoryName: 'Tombola' },
  giftbasket: { productId: 6, name: 'Pari panier garni', categoryId: 4, categoryName: 'Paniers' },
} as const;

/** The register's lines for so many tickets and bets: one raffle line, one gift-basket line, 2 € an item. */
export function saleLines(tickets: number, bets: number): CompletedSale['lines'] {
  const line = (kind: 'raffle' | 'giftbasket', quantity: number) => ({
    ...SALE_PRODUCTS[kind],
    unitPriceCents: 200,
    quantity,
    totalCents: 200 * quantity,
    kind,
  });
  return [...(tickets ? [line('raffle', tickets)] : []), ...(bets ? [line('giftbasket', bets)] : [])];
}

/**
 * A `sale.completed` payload as the register publishes it: its tickets and bets at 2 € each (see
 * `saleLines`), paid in cash by a buyer of its own; anything given (buyer, claim, lines…) wins.
 */
export function completedSale(sale: Pick<CompletedSale, 'saleId' | 'eventId'> & Partial<CompletedSale>): CompletedSale {
  const { saleId, tickets = [], bets = [] } = sale;
  const lines = sale.lines ?? saleLines(tickets.length, bets.length);
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    reference: `V-${saleId}`,
    checkoutId: 1,
    claimId: null,
    buyer: { personId: saleId, firstname: 'Alice', lastname: 'Durand', email: null, phone: null },
    payments: [{ method: 'ESP', amountCents: totalCents, reference: '' }],
    totalCents,
    paymentMode: 2,
    paymentStatus: 1,
    completedAt: new Date().toISOString(),
    ...sale,
    lines,
    tickets,
    bets,
  };
}

/** Records a completed sale the way the `sale.completed` consumer does, without the bus. */
export async function recordSale(tb: Testbed, sale: Parameters<typeof completedSale>[0]): Promise<void> {
  await tb.db.transaction((trx) => recordCompletedSale(trx, completedSale(sale), logger));
}

/**
 * Publishes an event on the testbed's stream as another service's relay would. A `msgId` other than
 * the envelope's id gets past JetStream's de-duplication (to test the consumers' own).
 */
export async function publishEvent<T extends EventType>(
  tb: Testbed,
  type: T,
  payload: EventPayloads[T],
  envelope: EventEnvelope<T> = buildEnvelope('register', type, payload),
  msgId = envelope.id,
): Promise<EventEnvelope<T>> {
  await tb.bus!.js.publish(tb.bus!.subjectOf(envelope), new TextEncoder().encode(JSON.stringify(envelope)), { msgID: msgId });
  return envelope;
}

/**
 * Keeps every `type` event published on the testbed's bus in `into`, in order, through a durable
 * consumer named `name`. Stop it before `tb.close()`.
 */
export function collectEvents<T extends EventType>(
  tb: Testbed,
  type: T,
  name: string,
  into: Array<EventEnvelope<T>>,
): Promise<EventConsumer> {
  return startConsumer({
    db: tb.db,
    bus: tb.bus!,
    logger,
    name,
    type,
    handle: async (event) => {
      into.push(event);
    },
  });
}
