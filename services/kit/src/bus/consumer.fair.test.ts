import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
// The kit's sample event, registered like a service's catalogue.
import './sampleEvents.ts';
import { createDb, type Db, type Trx } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createLogger } from '../http/logger.ts';
import { withAssociation } from '../tenancy/association.ts';
import { connectBus, type Bus } from './bus.ts';
import { startConsumer, type ConsumerOptions } from './consumer.ts';
import { buildEnvelope } from './envelope.ts';
import type { EventEnvelope } from './eventSchemas.ts';
import { createTestDatabase, deleteTestStream, eventually, testNamespace, TEST_NATS_URL, type TestDatabase } from '../testing/index.ts';

const logger = createLogger('consumer-fair-test', 'error');
const SCHEMA = 'fairtest';
const A = '0a000000-0000-4000-8000-00000000000a';
const B = '0b000000-0000-4000-8000-00000000000b';
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
      '001_applied': {
        async up(knex) {
          await knex.schema.withSchema(SCHEMA).createTable('applied', (t) => {
            t.increments('id');
            t.text('consumer').notNullable();
            t.uuid('association').notNullable();
            t.integer('event_id').notNullable();
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

async function openBus(): Promise<Bus> {
  const namespace = testNamespace();
  cleanups.push(() => deleteTestStream(namespace));
  const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'consumer-fair-test' });
  cleanups.push(() => bus.close());
  return bus;
}

const created = (associationId: string, eventId: number): Created =>
  withAssociation(associationId, () => buildEnvelope('fairtest', 'sample.created', { eventId, name: `Événement ${eventId}` }));

const publish = (bus: Bus, envelope: Created, subject = bus.subjectOf(envelope)) =>
  bus.js.publish(subject, new TextEncoder().encode(JSON.stringify(envelope)), { msgID: envelope.id });

/** Each applied event of a consumer, in the order applied (each association reads its own rows). */
async function applied(consumer: string): Promise<{ association: string; event_id: number }[]> {
  const rows = await Promise.all(
    [A, B].map((association) =>
      // Awaited inside: a knex query runs (and takes its association) when awaited.
      withAssociation(association, async (): Promise<{ id: number; association: string; event_id: number }[]> =>
        db('applied').where({ consumer }).select('id', 'association', 'event_id'),
      ),
    ),
  );
  return rows
    .flat()
    .sort((x, y) => x.id - y.id)
    .map(({ association, event_id }) => ({ association, event_id }));
}

/** A consumer that records what it applies, at about a thousand events a second (a batch of 50 in 50 ms). */
async function recording(bus: Bus, name: string, more: Partial<ConsumerOptions<'sample.created'>> = {}) {
  const write = (events: Created[], trx: Trx) =>
    trx('applied').insert(events.map((event) => ({ consumer: name, association: event.associationId, event_id: event.payload.eventId })));
  const consumer = await startConsumer<'sample.created'>({
    db,
    bus,
    logger,
    name,
    type: 'sample.created',
    batchSize: 50,
    handle: async (event, trx) => void (await write([event], trx)),
    async handleBatch(events, trx) {
      await trx.raw('select pg_sleep(0.05)');
      await write(events, trx);
    },
    ...more,
  });
  cleanups.push(() => consumer.stop());
  return consumer;
}

describe('a consumer shared by several associations', () => {
  it('applies an association’s one event before another association’s backlog of 5,000 has drained, and the backlog once each, in order', async () => {
    const bus = await openBus();
    const backlog = 5_000;
    for (let from = 1; from <= backlog; from += 500)
      await Promise.all(Array.from({ length: 500 }, (_, i) => publish(bus, created(A, from + i))));
    await publish(bus, created(B, 1));
    expect(bus.subject('sample.created', B)).toBe(`${bus.namespace}.sample.created.${B}`);

    await recording(bus, 'fair');
    await eventually(async () => (await applied('fair')).some((row) => row.association === B), 60_000);
    const whenB = (await applied('fair')).filter((row) => row.association === A).length;
    // B's event was published after the whole backlog, and applied before the backlog was.
    expect(whenB).toBeLessThan(backlog);

    await eventually(async () => (await applied('fair')).length === backlog + 1, 120_000);
    const rows = await applied('fair');
    // Each once, and in the order published (one connection publishes in order): the parked ones too.
    const order = rows.filter((row) => row.association === A).map((row) => row.event_id);
    expect(order).toEqual(Array.from({ length: backlog }, (_, i) => i + 1));
    console.log(`B's event applied when ${whenB} of A's ${backlog} waiting events were`);
  }, 180_000);

  it('refuses a message whose subject names another association than its envelope, and goes on with the next', async () => {
    const bus = await openBus();
    const forged = created(A, 7);
    // A's event on B's subject: applying it would write into A's rows on B's behalf.
    await publish(bus, forged, bus.subject('sample.created', B));
    await publish(bus, created(B, 8));
    await recording(bus, 'forged');
    await eventually(async () => (await applied('forged')).length === 1, 20_000);
    // Terminated, not left to come back: nothing waits for an acknowledgement.
    await eventually(async () => (await bus.jsm.consumers.info(bus.stream, 'forged')).num_ack_pending === 0, 20_000);
    expect(await applied('forged')).toEqual([{ association: B, event_id: 8 }]);
    for (const association of [A, B])
      expect(
        await withAssociation(association, async () => db('inbox').where({ consumer: 'forged', event_id: forged.id }).first()),
      ).toBeUndefined();
  }, 60_000);

  it('takes over a durable made before subjects carried the association: what it had left is applied once, and what follows', async () => {
    const bus = await openBus();
    const name = 'upgraded';
    const oldSubject = `${bus.namespace}.sample.created`;
    await bus.jsm.consumers.add(bus.stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: oldSubject,
    });
    // Handled by the former version: applied, in the inbox, acknowledged.
    const handled = created(A, 1);
    await publish(bus, handled, oldSubject);
    const old = await (await bus.js.consumers.get(bus.stream, name)).next({ expires: 10_000 });
    await withAssociation(A, async () => {
      await db('applied').insert({ consumer: name, association: A, event_id: 1 });
      await db('inbox').insert({ consumer: name, event_id: handled.id, type: handled.type });
    });
    await old!.ackAck();
    // Left on the old subject, then one published by an upgraded producer.
    await publish(bus, created(A, 2), oldSubject);
    await publish(bus, created(A, 3));

    const first = await recording(bus, name);
    await eventually(async () => (await applied(name)).length === 3, 30_000);
    expect((await applied(name)).map((row) => row.event_id).sort()).toEqual([1, 2, 3]);
    expect((await bus.jsm.consumers.info(bus.stream, name)).config.filter_subject).toBe(`${oldSubject}.*`);
    await eventually(async () => (await bus.jsm.consumers.info(bus.stream, `${name}_legacy`)).num_ack_pending === 0, 20_000);
    await first.stop();

    // The next start finds nothing left on the old subject: its durable goes.
    await recording(bus, name);
    await publish(bus, created(B, 4));
    await eventually(async () => (await applied(name)).length === 4, 30_000);
    expect((await bus.jsm.consumers.list(bus.stream).next()).map((c) => c.name)).toEqual([name]);
  }, 90_000);
});
