/**
 * The test bed most service tests build by hand, folded: a fresh database migrated to the service's
 * schema, optionally NATS on a namespace of its own with the outbox relay and the consumers, the
 * service app on a free port with the test token verifier, tokens for the demo accounts, and a
 * `close()` that undoes everything in order.
 *
 *   const system = await startTestSystem({ name: 'stock', schema, migrations, nats: true,
 *     consumers: (deps) => startStockConsumers(deps), buildApp: (deps) => buildApp(deps) });
 *   const res = await system.call('GET', '/api/stock/1', { as: 'admin' });
 */
import type Koa from 'koa';
import type { Bus } from '../bus/bus.ts';
import { connectBus } from '../bus/bus.ts';
import { startOutboxRelay, type OutboxRelay } from '../bus/outbox.ts';
import { createDb, type Db } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import type { Migration } from '../db/migration.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { listen, type RunningServer } from '../http/server.ts';
import type { TokenVerifier } from '../auth/verifier.ts';
import { buildEnvelope } from '../bus/envelope.ts';
import type { EventEnvelope, EventPayloads, EventType } from '../bus/eventSchemas.ts';
import { createTestDatabase, deleteTestStream, testNamespace, TEST_NATS_URL, type TestDatabase } from './resources.ts';
import { testTokens, testTokenVerifier, type Revocations, type TestAccount } from './tokens.ts';

export interface TestSystemDeps {
  name: string;
  db: Db;
  logger: Logger;
  /** Present with `nats: true`. */
  bus?: Bus;
  relay?: OutboxRelay;
  verifier: TokenVerifier;
}

export interface TestSystemOptions {
  name: string;
  schema: string;
  migrations: Record<string, Migration>;
  /** NATS on a namespace of the test's own, the outbox relay (polling every 50 ms) and the consumers. */
  nats?: boolean;
  poolMax?: number;
  /** Runs after the migrations (demo rows, a test event). */
  seed?(db: Db): Promise<unknown>;
  /** Started with `nats: true` only; what it returns is stopped by close(). */
  consumers?(
    deps: TestSystemDeps & { bus: Bus; relay: OutboxRelay },
  ): Promise<{ stop(): Promise<unknown> } | Array<{ stop(): Promise<unknown> }>>;
  buildApp(deps: TestSystemDeps): Koa | Promise<Koa>;
}

export interface CallOptions {
  /** Sends the token of this demo account. */
  as?: TestAccount;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (multipart, text). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * Publishes an event as another service would (a valid envelope, straight to JetStream with its id as
 * message id): what a consumer test feeds its consumer with. Resolves to the envelope.
 */
export async function publishTestEvent<T extends EventType>(
  bus: Bus,
  source: string,
  type: T,
  payload: EventPayloads[T],
): Promise<EventEnvelope<T>> {
  const envelope = buildEnvelope(source, type, payload);
  await bus.js.publish(bus.subjectOf(envelope), new TextEncoder().encode(JSON.stringify(envelope)), { msgID: envelope.id });
  return envelope;
}

export interface TestSystem extends TestSystemDeps {
  database: TestDatabase;
  namespace?: string;
  /** `http://127.0.0.1:<port>` of the app. */
  base: string;
  server: RunningServer;
  tokens: Record<TestAccount, string>;
  /** The test verifier's revocations: `revoke(jti)` makes the service refuse that token. */
  revocations: Revocations;
  /** Publishes an event as `source` would (`nats: true` only; see publishTestEvent). */
  publish<T extends EventType>(source: string, type: T, payload: EventPayloads[T]): Promise<EventEnvelope<T>>;
  /** `fetch` against the app with a demo account's token (or none). */
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestSystem(options: TestSystemOptions): Promise<TestSystem> {
  const logger = createLogger(`${options.name}-test`, 'error');
  const database = await createTestDatabase();
  const db = createDb(database.url, { schema: options.schema, poolMax: options.poolMax });
  await migrateLatest(db, { schema: options.schema, migrations: options.migrations });
  await options.seed?.(db);
  const verifier = testTokenVerifier();
  const deps: TestSystemDeps = { name: options.name, db, logger, verifier };
  let namespace: string | undefined;
  const consumers: Array<{ stop(): Promise<unknown> }> = [];
  if (options.nats) {
    namespace = testNamespace();
    const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: `${options.name}-test` });
    const relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });
    Object.assign(deps, { bus, relay });
    const started = await options.consumers?.({ ...deps, bus, relay });
    if (started) consumers.push(...(Array.isArray(started) ? started : [started]));
  }
  const server = await listen(await options.buildApp(deps), 0);
  const base = `http://127.0.0.1:${server.port}`;
  const tokens = await testTokens();
  let closed: Promise<void> | undefined;
  return {
    ...deps,
    database,
    namespace,
    base,
    server,
    tokens,
    revocations: verifier,
    publish(source, type, payload) {
      if (!deps.bus) throw new Error('startTestSystem({ nats: true }) publishes events');
      return publishTestEvent(deps.bus, source, type, payload);
    },
    call(method, path, { as, body, raw, headers = {} } = {}) {
      return fetch(base + path, {
        method,
        headers: {
          ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      });
    },
    close: () =>
      (closed ??= (async () => {
        await server.close();
        for (const consumer of consumers) await consumer.stop();
        await deps.relay?.stop();
        await deps.bus?.close();
        if (namespace) await deleteTestStream(namespace);
        await db.destroy();
        await database.drop();
      })()),
  };
}
