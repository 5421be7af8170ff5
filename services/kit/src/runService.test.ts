import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import './bus/sampleEvents.ts';
import Router from '@koa/router';
import { connectBus } from './bus/bus.ts';
import { startConsumer } from './bus/consumer.ts';
import { recordEvent } from './bus/outbox.ts';
import { createServiceApp } from './http/app.ts';
import { readServiceEnv } from './env.ts';
import { createDb } from './db/db.ts';
import { migrateLatest } from './db/migrate.ts';
import { runService } from './runService.ts';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  freePort,
  testNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from './testing/index.ts';

const SCHEMA = 'runservice_test';

describe('runService', () => {
  let database: TestDatabase;
  const namespace = testNamespace();

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = createDb(database.url, { schema: SCHEMA });
    await migrateLatest(db, { schema: SCHEMA, migrations: {} });
    await db.destroy();
  });
  afterAll(async () => {
    await deleteTestStream(namespace);
    await database.drop();
  });

  it('starts everything in order, runs the jobs, and stops in the reverse order', async () => {
    const seen: string[] = [];
    let jobRuns = 0;
    const running = await runService({
      name: 'stock',
      schema: SCHEMA,
      handleSignals: false,
      env: () => ({
        ...readServiceEnv('stock', {
          PORT: '0',
          DATABASE_URL: database.url,
          NATS_URL: TEST_NATS_URL,
          NATS_NAMESPACE: namespace,
          LOG_LEVEL: 'error',
        }),
      }),
      setup: (deps) => {
        seen.push('setup');
        expect(deps.db).toBeDefined();
        expect(deps.bus.namespace).toBe(namespace);
        return { worker: { label: 'worker' } };
      },
      stopSetup: (deps) => {
        seen.push(`stop ${deps.worker.label}`);
      },
      consumers: (deps) => {
        seen.push(`consumers with ${deps.worker.label}`);
        return [
          {
            stop: async () => {
              seen.push('stop consumer 1');
            },
          },
          {
            stop: async () => {
              seen.push('stop consumer 2');
            },
          },
        ];
      },
      buildApp: (deps) => {
        seen.push('app');
        expect(deps.verifier).toBeDefined();
        const router = new Router();
        router.get('/api/hello', (ctx) => {
          ctx.body = { worker: deps.worker.label };
        });
        return createServiceApp({ name: deps.name, logger: deps.logger, db: deps.db, bus: deps.bus, routers: [router] });
      },
      jobs: [
        {
          name: 'count',
          everyMs: 20,
          atStart: true,
          run: async () => {
            jobRuns += 1;
          },
        },
      ],
      started: ({ server }) => {
        seen.push(`started on ${server.port > 0}`);
      },
    });

    const base = `http://127.0.0.1:${running.server.port}`;
    expect(await (await fetch(`${base}/api/hello`)).json()).toEqual({ worker: 'worker' });
    expect((await (await fetch(`${base}/healthz`)).json()).status).toBe('ok');
    await eventually(() => jobRuns >= 3);
    await running.stop();
    expect(seen).toEqual(['setup', 'consumers with worker', 'app', 'started on true', 'stop consumer 1', 'stop consumer 2', 'stop worker']);
    const runsAtStop = jobRuns;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(jobRuns).toBe(runsAtStop);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    // A second stop is the same one.
    await running.stop();
  });

  it('a failing job is logged and runs again', async () => {
    let runs = 0;
    const running = await runService({
      name: 'swapmeet',
      schema: SCHEMA,
      handleSignals: false,
      relay: false,
      verifier: false,
      env: () =>
        readServiceEnv('swapmeet', {
          PORT: '0',
          DATABASE_URL: database.url,
          NATS_URL: TEST_NATS_URL,
          NATS_NAMESPACE: namespace,
          LOG_LEVEL: 'error',
        }),
      buildApp: (deps) => {
        expect(deps.verifier.peek('x')).toBeUndefined();
        return createServiceApp({ name: deps.name, logger: deps.logger, db: deps.db, routers: [] });
      },
      jobs: [
        {
          name: 'flaky',
          everyMs: 10,
          run: async () => {
            runs += 1;
            throw new Error('boom');
          },
        },
      ],
    });
    // Without a remote verifier, every token is refused (never a door left open).
    await expect(running.deps.verifier.verify('x')).rejects.toMatchObject({ status: 401 });
    await eventually(() => runs >= 2);
    await running.stop();
  });

  it('starts and sells while its NATS is frozen (kill -STOP), then publishes what waited and attaches its consumers once NATS answers', async () => {
    // A nats-server of this test's own: the machine's shared one is never stopped.
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'kermesse-frozen-nats-'));
    const nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
    const natsUrl = `nats://127.0.0.1:${port}`;
    try {
      const probe = await eventually(() => connectBus({ url: natsUrl, name: 'probe' }).catch(() => undefined), 10_000, 100);
      await probe.close();
      process.kill(nats.pid!, 'SIGSTOP');

      const handled: string[] = [];
      const started = performance.now();
      const running = await runService({
        name: 'stock',
        schema: SCHEMA,
        handleSignals: false,
        natsWaitMs: 300,
        env: () => readServiceEnv('stock', { PORT: '0', DATABASE_URL: database.url, NATS_URL: natsUrl, LOG_LEVEL: 'error' }),
        consumers: ({ db, bus, logger }) =>
          startConsumer({
            db,
            bus,
            logger,
            name: 'runservice-frozen-nats',
            type: 'sample.created',
            handle: async (event) => {
              handled.push(event.payload.name);
            },
          }),
        buildApp: (deps) => {
          const router = new Router();
          router.post('/api/events', async (ctx) => {
            await deps.db.transaction((trx) => recordEvent(trx, 'stock', 'sample.created', { eventId: 7, name: 'Kermesse' }));
            ctx.status = 201;
          });
          return createServiceApp({ name: deps.name, logger: deps.logger, db: deps.db, bus: deps.bus, routers: [router] });
        },
      });
      try {
        // Serving within seconds, NATS still frozen: a write goes through, its event waits in the outbox.
        expect(performance.now() - started).toBeLessThan(5_000);
        const base = `http://127.0.0.1:${running.server.port}`;
        expect((await fetch(`${base}/api/events`, { method: 'POST' })).status).toBe(201);
        const health = await fetch(`${base}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'degraded', database: 'ok', nats: 'down' });
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        expect(handled).toEqual([]);

        process.kill(nats.pid!, 'SIGCONT');
        await eventually(() => handled.length === 1, 20_000, 100);
        expect(handled).toEqual(['Kermesse']);
        const waiting = async () =>
          Number((await running.deps.db('outbox').whereNull('published_at').count<{ c: number }[]>({ c: '*' }))[0]!.c);
        await eventually(async () => (await waiting()) === 0, 10_000, 100);
      } finally {
        await running.stop();
      }
    } finally {
      process.kill(nats.pid!, 'SIGCONT');
      nats.kill('SIGKILL');
      rmSync(store, { recursive: true, force: true });
    }
  }, 60_000);
});
