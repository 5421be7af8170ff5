/**
 * An accounting service for tests and the bench, on real Postgres and NATS: the kit's test signer
 * issues the tokens (a stand-in identity serves its keys to a service in another process), and a stand-in for the register publishes catalog and sale events the way the register
 * does (outbox row in a transaction, relay to JetStream).
 */
import type { SumUpCredentials } from './sumup/payouts.ts';
import './events.ts';
import { createTokenVerifier } from '@kermesse/kit/auth';
import {
  connectBus,
  recordEvent,
  startOutboxRelay,
  type Bus,
  type EventEnvelope,
  type EventPayloads,
  type EventType,
  type OutboxRelay,
} from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import type { SecretBox } from '@kermesse/kit/secrets';
import {
  createTestDatabase,
  deleteTestStream,
  startTestIdentity,
  startTestRegister,
  testNamespace,
  testTokens,
  TEST_NATS_URL,
  type TestDatabase,
  type TestRegister,
} from '@kermesse/kit/testing';
import { appendOnly, migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startAccountingConsumers } from './consumers/index.ts';

const PRODUCER_SCHEMA = 'fake_register';
export type Who = 'admin' | 'treasurer' | 'cashier' | 'volunteer';

export interface AccountingTestSystem {
  base: string;
  db: Db;
  databaseUrl: string;
  identityUrl: string;
  namespace: string;
  /**
   * The register's `GET /internal/events/{id}`: it knows every event announced through `publish`, and
   * those a test makes it know without announcing them (created a moment ago, NATS slow).
   */
  register: TestRegister;
  tokens: Record<Who, string>;
  /** Records an event in the stand-in's outbox and publishes it through its relay (source: `register` unless given). */
  publish<T extends EventType>(type: T, payload: EventPayloads[T], source?: string): Promise<EventEnvelope<T>>;
  /** Publishes an envelope straight to JetStream under a given message id (a duplicate delivery). */
  publishRaw(envelope: EventEnvelope, msgId: string): Promise<void>;
  producerBus: Bus;
  startConsumers(): Promise<void>;
  stopConsumers(): Promise<void>;
  request(path: string, init?: RequestInit & { as?: Who | null }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startAccountingTestSystem(
  options: { consumers?: boolean; app?: boolean; helloAssoUrl?: string; secrets?: SecretBox; sumup?: SumUpCredentials } = {},
): Promise<AccountingTestSystem> {
  const logger = createLogger('accounting-test', 'error');
  const database: TestDatabase = await createTestDatabase();
  const namespace = testNamespace();
  const identity = await startTestIdentity();
  const identityUrl = identity.url;
  const register = await startTestRegister();

  const db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations, appendOnly });
  const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'accounting-test' });

  const producerDb = createDb(database.url, { schema: PRODUCER_SCHEMA });
  await migrateLatest(producerDb, { schema: PRODUCER_SCHEMA, migrations: {} });
  const producerBus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'register-stand-in' });
  const producerRelay: OutboxRelay = startOutboxRelay({ db: producerDb, bus: producerBus, logger, pollMs: 50 });

  let consumers: { stop(): Promise<void> } | null = null;
  let server: RunningServer | undefined;
  const system: AccountingTestSystem = {
    base: '',
    db,
    databaseUrl: database.url,
    identityUrl,
    register,
    namespace,
    producerBus,
    tokens: { admin: '', treasurer: '', cashier: '', volunteer: '' },
    async publish(type, payload, source = 'register') {
      if (type === 'catalog.event.created') {
        const { eventId, name, startsOn } = payload as EventPayloads['catalog.event.created'];
        register.knows({ id: eventId, name, startsOn: startsOn ?? null });
      }
      const envelope = await producerDb.transaction((trx) => recordEvent(trx, source, type, payload));
      producerRelay.wake();
      return envelope;
    },
    async publishRaw(envelope, msgId) {
      await producerBus.js.publish(producerBus.subjectOf(envelope), new TextEncoder().encode(JSON.stringify(envelope)), {
        msgID: msgId,
      });
    },
    async startConsumers() {
      consumers = await startAccountingConsumers({ db, bus, logger });
    },
    async stopConsumers() {
      await consumers?.stop();
      consumers = null;
    },
    request(path, init = {}) {
      const { as = 'treasurer', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (as) headers.set('authorization', `Bearer ${system.tokens[as]}`);
      return fetch(system.base + path, { ...rest, headers });
    },
    async stop() {
      await server?.close();
      await consumers?.stop();
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

  if (options.app !== false) {
    server = await listen(
      await buildApp({
        db,
        logger,
        bus,
        verifier: createTokenVerifier({ identityUrl }),
        registerUrl: register.url,
        helloAssoUrl: options.helloAssoUrl,
        secrets: options.secrets,
        sumup: options.sumup,
      }),
      0,
    );
    system.base = `http://127.0.0.1:${server.port}`;
  }
  const tokens = await testTokens();
  system.tokens = { admin: tokens.admin, treasurer: tokens.tresorier, cashier: tokens.caissier, volunteer: tokens.benevole };
  if (options.consumers !== false) await system.startConsumers();
  return system;
}

/** A sale.completed payload: lines `[kind, categoryName, totalCents]`, paid in full by one method. */
export function buildSale(
  saleId: number,
  lines: Array<[kind: 'product' | 'donation' | 'discount' | 'raffle' | 'giftbasket', categoryName: string, totalCents: number]>,
  overrides: Partial<EventPayloads['sale.completed']> & { method?: 'ESP' | 'CHQ' | 'CB' } = {},
): EventPayloads['sale.completed'] {
  const { method = 'ESP', ...rest } = overrides;
  const totalCents = lines.reduce((sum, [, , cents]) => sum + cents, 0);
  return {
    saleId,
    reference: `V-${String(saleId).padStart(6, '0')}`,
    eventId: 1,
    checkoutId: 1,
    claimId: null,
    buyer: null,
    lines: lines.map(([kind, categoryName, cents], index) => ({
      productId: kind === 'donation' ? -1 : kind === 'discount' ? -2 : 100 + index,
      name: `Article ${index + 1}`,
      categoryId: 1,
      categoryName,
      unitPriceCents: cents,
      quantity: 1,
      totalCents: cents,
      kind,
    })),
    tickets: [],
    bets: [],
    payments: [{ method, amountCents: totalCents, reference: '' }],
    totalCents,
    paymentMode: method === 'CHQ' ? 1 : method === 'ESP' ? 2 : 3,
    paymentStatus: method === 'CHQ' ? 2 : 1,
    receipt: null,
    completedAt: '2026-05-16T14:30:00.000Z',
    ...rest,
  };
}
