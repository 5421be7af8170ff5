/**
 * A stock service for tests and the bench, on real Postgres and NATS: the kit's test signer issues
 * the tokens (a stand-in identity serves its key to a service started in its own process), and a stand-in for the register publishes catalog and sale events the way the register does
 * (outbox row in a transaction, relay to JetStream) and listens to stock.alert like the register.
 */
import './events.ts';
import {
  connectBus,
  recordEvent,
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
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  startTestIdentity,
  startTestRegister,
  testNamespace,
  testTokens,
  testTokenVerifier,
  TEST_NATS_URL,
  type TestDatabase,
  type TestRegister,
} from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startStockConsumers } from './consumers/index.ts';
import { seedDemo } from './demo.ts';

const PRODUCER_SCHEMA = 'fake_register';

export interface StockTestSystem {
  base: string;
  db: Db;
  databaseUrl: string;
  namespace: string;
  identityUrl: string;
  /**
   * The register's `GET /internal/events/{id}`: it knows every event announced through `publish`, and
   * those a test makes it know without announcing them (created a moment ago, NATS slow).
   */
  register: TestRegister;
  tokens: { admin: string; cashier: string; volunteer: string };
  /** stock.alert events received by the register stand-in, in order. */
  alerts: EventEnvelope<'stock.alert'>[];
  /** Records an event in the register stand-in's outbox and publishes it through its relay. */
  publish<T extends EventType>(type: T, payload: EventPayloads[T]): Promise<EventEnvelope<T>>;
  /** Publishes an envelope straight to JetStream under a given message id (a duplicate delivery). */
  publishRaw(envelope: EventEnvelope, msgId: string): Promise<void>;
  /** Starts the stock consumers (the test may stop them to queue events). */
  startConsumers(hooks?: { beforeAck?(event: EventEnvelope): Promise<void> | void }): Promise<void>;
  stopConsumers(): Promise<void>;
  /** True once a durable consumer of the stock has nothing left to deliver nor waiting for its ack. */
  consumerDrained(durable: string): Promise<boolean>;
  request(path: string, init?: RequestInit & { as?: 'admin' | 'cashier' | 'volunteer' | null }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startStockTestSystem(options: { consumers?: boolean; app?: boolean } = {}): Promise<StockTestSystem> {
  const logger = createLogger('stock-test', 'error');
  const database: TestDatabase = await createTestDatabase();
  const namespace = testNamespace();
  // Serves the test signer's key to a stock service started in its own process (IDENTITY_URL).
  const identity = await startTestIdentity();
  const identityUrl = identity.url;
  const register = await startTestRegister();
  const signed = await testTokens();

  const db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await seedDemo({ db });
  const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'stock-test' });
  const relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });

  const producerDb = createDb(database.url, { schema: PRODUCER_SCHEMA });
  await migrateLatest(producerDb, { schema: PRODUCER_SCHEMA, migrations: {} });
  const producerBus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'register-stand-in' });
  const producerRelay: OutboxRelay = startOutboxRelay({ db: producerDb, bus: producerBus, logger, pollMs: 50 });
  const alerts: EventEnvelope<'stock.alert'>[] = [];
  const alertConsumer: EventConsumer = await startConsumer({
    db: producerDb,
    bus: producerBus,
    logger,
    name: 'register-stand-in-stock-alert',
    type: 'stock.alert',
    handle: async (event) => {
      alerts.push(event);
    },
  });

  let consumers: { stop(): Promise<void> } | null = null;
  const system: StockTestSystem = {
    base: '',
    db,
    databaseUrl: database.url,
    namespace,
    identityUrl,
    register,
    tokens: { admin: signed.admin, cashier: signed.caissier, volunteer: signed.benevole },
    alerts,
    async publish(type, payload) {
      if (type === 'catalog.event.created') {
        const { eventId, name, startsOn } = payload as EventPayloads['catalog.event.created'];
        register.knows({ id: eventId, name, startsOn: startsOn ?? null });
      }
      // recordEvent wakes the stand-in's relay once the transaction commits.
      return producerDb.transaction((trx) => recordEvent(trx, 'register', type, payload));
    },
    async publishRaw(envelope, msgId) {
      await producerBus.js.publish(producerBus.subjectOf(envelope), new TextEncoder().encode(JSON.stringify(envelope)), {
        msgID: msgId,
      });
    },
    async startConsumers(hooks = {}) {
      consumers = await startStockConsumers({ db, bus, logger, beforeAck: hooks.beforeAck });
    },
    async stopConsumers() {
      await consumers?.stop();
      consumers = null;
    },
    async consumerDrained(durable) {
      const info = await producerBus.jsm.consumers.info(producerBus.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    request(path, init = {}) {
      const { as = 'admin', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (as) headers.set('authorization', `Bearer ${system.tokens[as]}`);
      return fetch(system.base + path, { ...rest, headers });
    },
    async stop() {
      await server?.close();
      await consumers?.stop();
      await alertConsumer.stop();
      await relay.stop();
      await producerRelay.stop();
      await bus.close();
      await producerBus.close();
      await identity.close();
      await register.close();
      await Promise.all([db.destroy(), producerDb.destroy()]);
      await deleteTestStream(namespace);
      await database.drop();
    },
  };

  let server: RunningServer | undefined;
  if (options.app !== false) {
    server = await listen(await buildApp({ db, logger, bus, verifier: testTokenVerifier(), registerUrl: register.url }), 0);
    system.base = `http://127.0.0.1:${server.port}`;
  }
  if (options.consumers !== false) await system.startConsumers();
  return system;
}

/** A sale.completed payload with product lines (`[productId, quantity]`), a donation line and a cash payment. */
export function buildSale(
  saleId: number,
  eventId: number,
  lines: Array<[productId: number, quantity: number]>,
  overrides: Partial<EventPayloads['sale.completed']> = {},
): EventPayloads['sale.completed'] {
  const productLines = lines.map(([productId, quantity]) => ({
    productId,
    name: `Produit ${productId}`,
    categoryId: 1,
    categoryName: 'Buvette',
    unitPriceCents: 150,
    quantity,
    totalCents: 150 * quantity,
    kind: 'product' as const,
  }));
  const donation = {
    productId: -1,
    name: 'Don',
    categoryId: null,
    categoryName: 'Donations',
    unitPriceCents: 500,
    quantity: 1,
    totalCents: 500,
    kind: 'donation' as const,
  };
  const totalCents = productLines.reduce((sum, line) => sum + line.totalCents, 0) + 500;
  return {
    saleId,
    reference: `V-${String(saleId).padStart(6, '0')}`,
    eventId,
    checkoutId: 1,
    claimId: null,
    buyer: null,
    lines: [...productLines, donation],
    tickets: [],
    bets: [],
    payments: [{ method: 'ESP', amountCents: totalCents, reference: String(totalCents / 100) }],
    totalCents,
    paymentMode: 2,
    paymentStatus: 1,
    receipt: null,
    completedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A catalog.product.changed payload. */
export const buildProduct = (
  productId: number,
  name: string,
  categoryName = 'Buvette',
  overrides: Partial<EventPayloads['catalog.product.changed']> = {},
): EventPayloads['catalog.product.changed'] => ({
  productId,
  name,
  priceCents: 150,
  categoryId: 1,
  categoryName,
  image: null,
  clickAndCollect: false,
  alcohol: false,
  active: true,
  ...overrides,
});

let lastId = 100_000;
/** A fresh id for an event, a product or a sale: every test builds its own data. */
export const freshId = (): number => ++lastId;

/** An event as the demo seeds it (its products get the demo level: 60 in stock, threshold 10) or a plain one (0, 0). */
export interface EventFixture {
  eventId: number;
  name: string;
  /** The product ids, in the order given. */
  products: number[];
}

/**
 * Publishes an event of its own and its products (with their eventId), then waits for the levels of
 * the active ones. `demo` names it like the demo event, so the demo levels apply (products whose
 * name is not in DEMO_LEVELS get `*`: 60 in stock, threshold 10).
 */
export async function givenEvent(
  sys: StockTestSystem,
  options: {
    demo?: boolean;
    startsOn?: string;
    products?: Array<
      [name: string, category: string] | [name: string, category: string, overrides: Partial<EventPayloads['catalog.product.changed']>]
    >;
  } = {},
): Promise<EventFixture> {
  const eventId = freshId();
  const name = options.demo ? 'Kermesse de printemps' : `Fête n°${eventId}`;
  await sys.publish('catalog.event.created', { eventId, name, startsOn: options.startsOn ?? '2026-06-20' });
  const products: number[] = [];
  let active = 0;
  for (const [productName, category, overrides = {}] of options.products ?? []) {
    const productId = freshId();
    products.push(productId);
    const payload = buildProduct(productId, productName, category, { eventId, ...overrides });
    if (payload.active && (payload.kind ?? 'product') === 'product') active += 1;
    await sys.publish('catalog.product.changed', payload);
  }
  await eventually(
    async () => Number((await sys.db('levels').where({ event_id: eventId }).count<{ count: string }[]>('* as count'))[0]!.count) === active,
    15_000,
  );
  return { eventId, name, products };
}

/** Level of a product and the sum of its movements: they must always be equal. */
export async function levelAndLedger(
  db: Db,
  eventId: number,
  productId: number,
): Promise<{ stock: number | undefined; ledger: number; movements: number }> {
  const level = await db('levels').where({ event_id: eventId, product_id: productId }).first('stock');
  const sum = await db('movements')
    .where({ event_id: eventId, product_id: productId })
    .first(db.raw('coalesce(sum(variation), 0)::int as ledger'), db.raw('count(*)::int as movements'));
  return { stock: level?.stock, ledger: (sum as { ledger: number }).ledger, movements: (sum as { movements: number }).movements };
}

export type { Bus };
