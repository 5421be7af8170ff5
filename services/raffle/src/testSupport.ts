/**
 * Test bed of the raffle service's integration tests: a fresh database, test tokens signed by the
 * kit's one test signer (no identity service), the raffle app on a free port, and optionally NATS (own namespace) with the
 * outbox relay and the consumers running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TokenVerifier } from '@kermesse/kit/auth';
import { connectBus, startOutboxRelay, type Bus, type EventConsumer, type OutboxRelay } from '@kermesse/kit/bus';
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
