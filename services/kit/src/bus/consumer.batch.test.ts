import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// The kit's sample event, registered like a service's catalogue.
import './sampleEvents.ts';
import { createDb, inTransaction, type Db, type Trx } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createLogger } from '../http/logger.ts';
import { connectBus, type Bus } from './bus.ts';
import { startConsumer } from './consumer.ts';
import type { EventEnvelope } from './eventSchemas.ts';
import { recordEvent, startOutboxRelay } from './outbox.ts';
import { createTestDatabase, deleteTestStream, eventually, testNamespace, TEST_NATS_URL, type TestDatabase } from '../testing/index.ts';

const logger = createLogger('consumer-batch-test', 'error');
const SCHEMA = 'batchtest';
type Created = EventEnvelope<'sample.created'>;

let database: TestDatabase;
let db: Db;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema: SCHEMA });
  await migrateLatest(db, {
    schema: SCHEMA,
    migrations: {
      '001_seen': {
        async up(knex) {
          await knex.schema.withSchema(SCHEMA).createTable('seen', (t) => {
            t.increments('id');
            t.integer('event_id').notNullable();
            t.text('consumer').notNullable();
          });
        },
      },
    },
  });
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

async function openBus(namespace: string): Promise<Bus> {
  cleanups.push(() => deleteTestStream(namespace));
  const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'consumer-batch-test' });
  cleanups.push(() => bus.close());
  return bus;
}

/** Records sample.created for `eventId` in the outbox (the relay publishes it). */
const record = (eventId: number): Promise<Created> =>
  inTransaction(db, (trx) => recordEvent(trx, 'batchtest', 'sample.created', { eventId, name: `Événement ${eventId}` }));

const seen = async (consumer: string): Promise<Map<number, number>> => {
  const rows: { event_id: number; count: number }[] = await db('seen')
    .where({ consumer })
    .groupBy('event_id')
    .select('event_id', db.raw('count(*)::int as count'));
  return new Map(rows.map((r) => [r.event_id, r.count]));
};

describe('a consumer handling the events waiting in batches', () => {
  it('applies each event of a batch once: a duplicate, an event already handled, and one that fails until it is fixed without blocking the others', async () => {
    const name = 'batched';
    const bus = await openBus(testNamespace());
    const relay = startOutboxRelay({ db, bus, logger, pollMs: 60_000 });
    cleanups.push(() => relay.stop());

    // Queued before the consumer starts, in this order: 1, 2 (already handled), 3, 3 again
    // (published a second time under another message id), 4 (fails until fixed), 5.
    await record(1);
    const handledBefore = await record(2);
    await db('inbox').insert({ consumer: name, event_id: handledBefore.id, type: handledBefore.type });
    const duplicated = await record(3);
    await relay.flush();
    await bus.js.publish(bus.subjectOf(duplicated), new TextEncoder().encode(JSON.stringify(duplicated)), {
      msgID: `${duplicated.id}-again`,
    });
    await record(4);
    await record(5);
    await relay.flush();
    expect((await bus.jsm.streams.info(bus.stream)).state.messages).toBe(6);

    let fixed = false;
    let failures = 0;
    const batches: number[][] = [];
    const apply = async (event: Created, trx: Trx) => {
      await trx('seen').insert({ event_id: event.payload.eventId, consumer: name });
      if (event.payload.eventId === 4 && !fixed) {
        failures += 1;
        throw new Error('this event cannot be handled yet');
      }
    };
    const consumer = await startConsumer<'sample.created'>({
      db,
      bus,
      logger,
      name,
      type: 'sample.created',
      batchSize: 50,
      handle: apply,
      async handleBatch(events, trx) {
        batches.push(events.map((e) => e.payload.eventId));
        for (const event of events) await apply(event, trx);
      },
    });
    cleanups.push(() => consumer.stop());

    // The others are applied once while event 4 keeps failing; it never blocks them.
    await eventually(async () => {
      const counts = await seen(name);
      return [1, 3, 5].every((id) => counts.get(id) === 1) && failures >= 2;
    }, 15_000);
    // Event 4 was in a batch with others (the batch failed, then each was handled alone)...
    expect(batches.some((batch) => batch.includes(4) && batch.length >= 2)).toBe(true);
    // ...and the duplicate of 3 never reached a handler beside the first, nor did the event already handled.
    expect(batches.flat().filter((id) => id === 3).length).toBe(1);
    expect(batches.flat()).not.toContain(2);
    let counts = await seen(name);
    expect(counts.get(4)).toBeUndefined();
    expect(counts.get(2)).toBeUndefined();

    fixed = true;
    await eventually(async () => (await seen(name)).get(4) === 1, 20_000);
    // Once fixed, a new event still goes through; every event handled exactly once.
    await record(6);
    await relay.flush();
    await eventually(async () => (await seen(name)).get(6) === 1, 15_000);
    counts = await seen(name);
    expect(Object.fromEntries(counts)).toEqual({ 1: 1, 3: 1, 4: 1, 5: 1, 6: 1 });
    const inbox = await db('inbox').where({ consumer: name }).count<{ count: number }[]>('* as count');
    expect(inbox[0]!.count).toBe(6);
  });

  it('takes every event waiting together under load, and each once', async () => {
    const name = 'batched-load';
    const bus = await openBus(testNamespace());
    const relay = startOutboxRelay({ db, bus, logger, pollMs: 60_000 });
    cleanups.push(() => relay.stop());
    for (let id = 100; id < 300; id++) await record(id);
    await relay.flush();

    const batches: number[] = [];
    const consumer = await startConsumer<'sample.created'>({
      db,
      bus,
      logger,
      name,
      type: 'sample.created',
      batchSize: 64,
      async handle(event, trx) {
        await trx('seen').insert({ event_id: event.payload.eventId, consumer: name });
      },
      async handleBatch(events, trx) {
        batches.push(events.length);
        await trx('seen').insert(events.map((event) => ({ event_id: event.payload.eventId, consumer: name })));
      },
    });
    cleanups.push(() => consumer.stop());
    await eventually(async () => (await seen(name)).size === 200, 20_000);
    const counts = await seen(name);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    // 200 events waiting: a few transactions, none above the batch size.
    expect(Math.max(...batches)).toBeLessThanOrEqual(64);
    expect(batches.length).toBeLessThan(20);
  });
});
