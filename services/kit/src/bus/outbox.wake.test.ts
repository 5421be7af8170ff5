import { afterAll, beforeAll, expect, it } from 'vitest';
// The kit's sample event, registered like a service's catalogue.
import './sampleEvents.ts';
import { createDb, inTransaction, type Db } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createLogger } from '../http/logger.ts';
import { connectBus, type Bus } from './bus.ts';
import { recordEvent, startOutboxRelay, wakeRelayAfterCommit } from './outbox.ts';
import { createTestDatabase, deleteTestStream, eventually, testNamespace, TEST_NATS_URL, type TestDatabase } from '../testing/index.ts';

const logger = createLogger('outbox-wake-test', 'error');
const SCHEMA = 'outboxwake';
const namespace = testNamespace();
let database: TestDatabase;
let db: Db;
let bus: Bus;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema: SCHEMA });
  await migrateLatest(db, { schema: SCHEMA, migrations: {} });
  bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'outbox-wake-test' });
});

afterAll(async () => {
  await bus?.close();
  await deleteTestStream(namespace);
  await db?.destroy();
  await database?.drop();
});

const unpublished = async () => Number((await db('outbox').whereNull('published_at').count({ c: '*' }))[0]!.c);

it('recordEvent wakes the relay once its transaction commits (no poll needed), not before, not on rollback', async () => {
  // A relay that would not poll during the test: only the after-commit wake-up can publish.
  const relay = startOutboxRelay({ db, bus, logger, pollMs: 600_000 });
  try {
    await relay.flush();
    await expect(
      inTransaction(db, async (trx) => {
        await recordEvent(trx, 'test', 'sample.created', { eventId: 1, name: 'Annulée' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await inTransaction(db, async (trx) => {
      await recordEvent(trx, 'test', 'sample.created', { eventId: 2, name: 'Fête' });
      // A savepoint inside: the wake-up still waits for the outermost commit.
      await trx.transaction(async (inner) => {
        await recordEvent(inner, 'test', 'sample.created', { eventId: 3, name: 'Loto' });
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await unpublished()).toBe(0); // not visible yet to the relay
    });
    await eventually(async () => (await db('outbox').whereNotNull('published_at').count({ c: '*' }))[0]!.c === 2, 5_000);
    expect(await unpublished()).toBe(0);
    // Outside a transaction the row is committed at once: the wake-up follows the insert.
    await recordEvent(db as never, 'test', 'sample.created', { eventId: 4, name: 'Brocante' });
    await eventually(async () => (await unpublished()) === 0 && (await db('outbox').count({ c: '*' }))[0]!.c === 3, 5_000);
    // relay.wake() keeps working for the services that still call it.
    relay.wake();
  } finally {
    await relay.stop();
  }
});

it('a stopped relay is no longer woken; wakeRelayAfterCommit without a relay does nothing', async () => {
  const relay = startOutboxRelay({ db, bus, logger, pollMs: 600_000, wakeDelayMs: 10 });
  await relay.stop();
  await inTransaction(db, async (trx) => {
    await recordEvent(trx, 'test', 'sample.created', { eventId: 5, name: 'Kermesse' });
    wakeRelayAfterCommit(trx);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await unpublished()).toBe(1);
});
