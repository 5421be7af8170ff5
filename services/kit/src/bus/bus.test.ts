import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// The kit's sample event, registered like a service's catalogue.
import './sampleEvents.ts';
import { createDb, inTransaction, type Db } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createLogger } from '../http/logger.ts';
import { connectBus, type Bus } from './bus.ts';
import { startConsumer, type ConsumerOptions, type EventConsumer } from './consumer.ts';
import { recordEvent, startOutboxRelay, type OutboxRelay } from './outbox.ts';
import {
  createTestDatabase,
  deleteTestStream,
  eventually,
  startOwnNatsServer,
  testNamespace,
  TEST_NATS_URL,
  type OwnNatsServer,
  type TestDatabase,
} from '../testing/index.ts';

const logger = createLogger('bus-test', 'error');
const SCHEMA = 'bustest';

let database: TestDatabase;
let db: Db;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema: SCHEMA });
  await migrateLatest(db, {
    schema: SCHEMA,
    migrations: {
      '001_events': {
        async up(knex) {
          await knex.schema.withSchema(SCHEMA).createTable('events', (t) => {
            t.increments('id');
            t.text('name').notNullable();
          });
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

/** A state change and its event, in one transaction — the way every command writes. */
async function createEvent(name: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const [row] = await trx('events').insert({ name }).returning('id');
    await recordEvent(trx, 'bustest', 'sample.created', { eventId: row.id, name });
    return row.id as number;
  });
}

async function openBus(url: string, namespace: string): Promise<Bus> {
  const bus = await connectBus({ url, namespace, name: 'bus-test' });
  cleanups.push(() => bus.close());
  return bus;
}

function relay(bus: Bus, pollMs = 100): OutboxRelay {
  const r = startOutboxRelay({ db, bus, logger, pollMs });
  cleanups.push(() => r.stop());
  return r;
}

type EventCreatedOptions = ConsumerOptions<'sample.created'>;

async function consume(bus: Bus, name: string, extra: Partial<EventCreatedOptions> = {}): Promise<EventConsumer> {
  const consumer = await startConsumer<'sample.created'>({
    db,
    bus,
    logger,
    name,
    type: 'sample.created',
    async handle(event, trx) {
      await trx('seen').insert({ event_id: event.payload.eventId, consumer: name });
    },
    ...extra,
  });
  cleanups.push(() => consumer.stop());
  return consumer;
}

const seenCount = async (consumer: string, eventId?: number) => {
  const q = db('seen').where({ consumer });
  if (eventId !== undefined) q.andWhere({ event_id: eventId });
  const rows = await q.count({ count: '*' });
  return Number(rows[0]?.count);
};

describe('outbox and consumers on real NATS JetStream', () => {
  it('delivers an event recorded while NATS is down exactly once after NATS comes back', async () => {
    const nats: OwnNatsServer = await startOwnNatsServer();
    cleanups.push(() => nats.destroy());
    const namespace = testNamespace();
    const bus = await openBus(nats.url, namespace);
    relay(bus);
    await consume(bus, 'outage');

    await nats.stop();
    const eventId = await createEvent('Kermesse pendant la panne');
    // The sale-side transaction committed although NATS is down: the event waits in the outbox.
    await new Promise((r) => setTimeout(r, 800));
    const [pending] = await db('outbox')
      .whereNull('published_at')
      .whereRaw("envelope->'payload'->>'eventId' = ?", [String(eventId)]);
    expect(pending).toBeDefined();

    await nats.start();
    await eventually(() => seenCount('outage', eventId), 20_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await seenCount('outage', eventId)).toBe(1);
    const stream = await bus.jsm.streams.info(bus.stream);
    expect(stream.state.messages).toBe(1);
  });

  it('handles a redelivered event once when the consumer dies between commit and ack', async () => {
    const namespace = testNamespace();
    cleanups.push(() => deleteTestStream(namespace));
    const bus = await openBus(TEST_NATS_URL, namespace);
    const r = relay(bus);
    let crashes = 0;
    await consume(bus, 'crashy', {
      ackWaitMs: 1_000,
      beforeAck: () => {
        if (crashes++ === 0) throw new Error('process killed before ack');
      },
    });
    const eventId = await createEvent('Loto de Noël');
    r.wake();
    await eventually(() => crashes >= 2, 15_000);
    expect(await seenCount('crashy', eventId)).toBe(1);
    const inbox = await db('inbox').where({ consumer: 'crashy' });
    expect(inbox).toHaveLength(1);
  });

  it('retries a handler that fails and applies its effect once', async () => {
    const namespace = testNamespace();
    cleanups.push(() => deleteTestStream(namespace));
    const bus = await openBus(TEST_NATS_URL, namespace);
    relay(bus);
    let attempts = 0;
    await consume(bus, 'flaky', {
      async handle(event, trx) {
        await trx('seen').insert({ event_id: event.payload.eventId, consumer: 'flaky' });
        if (attempts++ === 0) throw new Error('database hiccup');
      },
    });
    const eventId = await createEvent('Vide-grenier');
    await eventually(() => seenCount('flaky', eventId), 15_000);
    expect(attempts).toBe(2);
    expect(await seenCount('flaky', eventId)).toBe(1);
  });

  it('publishes each row once when several relays run at the same time', async () => {
    const namespace = testNamespace();
    cleanups.push(() => deleteTestStream(namespace));
    const bus = await openBus(TEST_NATS_URL, namespace);
    const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => createEvent(`Événement ${i}`)));
    const relays = [relay(bus, 5), relay(bus, 5), relay(bus, 5)];
    await Promise.all(relays.map((r) => r.flush()));
    await eventually(async () => (await db('outbox').whereNull('published_at').count({ c: '*' }))[0]!.c === 0, 10_000);
    const stream = await bus.jsm.streams.info(bus.stream);
    expect(stream.state.messages).toBe(60);
    await consume(bus, 'counter');
    await eventually(async () => (await seenCount('counter')) === 60, 15_000);
    for (const id of ids.slice(0, 5)) expect(await seenCount('counter', id)).toBe(1);
  });

  it('refuses to record an event whose payload breaks its schema', async () => {
    await expect(inTransaction(db, (trx) => recordEvent(trx, 'bustest', 'sample.created', { eventId: -1, name: '' }))).rejects.toThrow(
      /invalid sample.created payload/,
    );
  });
});

describe('outbox retention', () => {
  it('deletes published rows past the retention time and keeps the others', async () => {
    const namespace = testNamespace();
    cleanups.push(() => deleteTestStream(namespace));
    const bus = await openBus(TEST_NATS_URL, namespace);
    const old = await createEvent('Kermesse 2019');
    const recent = await createEvent('Kermesse 2026');
    const r = relay(bus);
    await r.flush();
    await db('outbox')
      .whereRaw("envelope->'payload'->>'eventId' = ?", [String(old)])
      .update({ published_at: new Date(Date.now() - 8 * 24 * 3600_000) });
    const unpublished = await inTransaction(db, async (trx) => {
      await recordEvent(trx, 'bustest', 'sample.created', { eventId: 999_999, name: 'Pas encore publié' });
      return 1;
    });
    expect(unpublished).toBe(1);
    // A fresh relay prunes on its first run.
    const pruning = startOutboxRelay({ db, bus, logger, pollMs: 60_000 });
    cleanups.push(() => pruning.stop());
    await pruning.flush();
    const ids = (await db('outbox').select(db.raw("envelope->'payload'->>'eventId' as id"))).map((row: { id: string }) => Number(row.id));
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
    expect(ids).toContain(999_999);
  });
});
