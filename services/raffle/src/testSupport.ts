/**
 * Test bed of the raffle service's integration tests: a fresh database, the real identity service
 * issuing the tokens, the raffle app on a free port, and optionally NATS (own namespace) with the
 * outbox relay and the consumers running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  connectBus, createDb, createLogger, createTokenVerifier, listen, migrateLatest, startOutboxRelay,
  type Bus, type Db, type EventConsumer, type OutboxRelay, type RunningServer,
} from '@kermesse/kit';
import { createTestDatabase, deleteTestStream, testNamespace, TEST_NATS_URL, type TestDatabase } from '@kermesse/kit/testing';
// The real identity service issues the tokens (test-only dependency).
import { buildApp as buildIdentity } from '@kermesse/identity/app';
import * as identityMigrations from '@kermesse/identity/migrations';
import { seedDemo as seedIdentity } from '@kermesse/identity/demo';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startRaffleConsumers } from './consumers/index.ts';
import { upsertEvent } from './repositories/events.ts';

const PASSWORD = 'tombola-tests-2026';
export const logger = createLogger('raffle-test', 'error');

export interface Testbed {
  db: Db;
  base: string;
  identityUrl: string;
  uploadsDir: string;
  tokens: Record<'admin' | 'caissier' | 'benevole' | 'tresorier', string>;
  bus?: Bus;
  namespace?: string;
  relay?: OutboxRelay;
  /** `fetch` against the raffle service with a role's token (or none). */
  call(method: string, path: string, options?: { as?: keyof Testbed['tokens']; body?: unknown; headers?: Record<string, string>; raw?: BodyInit }): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestbed(options: { nats?: boolean; claimTtlMs?: number; eventId?: number } = {}): Promise<Testbed> {
  const database: TestDatabase = await createTestDatabase();
  const identityDb = createDb(database.url, { schema: identityMigrations.schema });
  await migrateLatest(identityDb, identityMigrations);
  await seedIdentity({ db: identityDb, password: PASSWORD });
  const identity: RunningServer = await listen(await buildIdentity({ db: identityDb, logger }), 0);
  const identityUrl = `http://127.0.0.1:${identity.port}`;

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
    db, logger, bus, uploadsDir, claimTtlMs: options.claimTtlMs,
    verifier: createTokenVerifier({ identityUrl }),
  });
  const raffle = await listen(app, 0);
  const base = `http://127.0.0.1:${raffle.port}`;

  const tokens = {} as Testbed['tokens'];
  for (const who of ['admin', 'caissier', 'benevole', 'tresorier'] as const) {
    const res = await fetch(`${identityUrl}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${who}@kermesse.local`, password: PASSWORD }),
    });
    tokens[who] = ((await res.json()) as { token: string }).token;
  }

  return {
    db, base, identityUrl, uploadsDir, tokens, bus, namespace, relay,
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
      await identity.close();
      await db.destroy();
      await identityDb.destroy();
      await database.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
