/**
 * `npm run bench backlog`: one association's event behind another association's backlog, on real
 * NATS JetStream and Postgres, through the kit's consumer (batches of 100, one insert per batch,
 * each event in the inbox, as the services' busiest consumers).
 *
 * 1. B alone: the consumer idle, B publishes one event at a time (BENCH_SAMPLES, 20): how long until
 *    it is applied (committed), median and worst.
 * 2. Behind a backlog: the consumer stopped, A publishes BENCH_BACKLOG events (20,000: a reconnect
 *    burst of sales), then B one; the consumer starts. Prints how long B's event waited until
 *    applied, how many of A's were applied by then, and how long A's backlog took to drain — what
 *    B's event waited before lanes, when a consumer took the messages in stream order.
 * Checks every event was applied once, A's in the order published.
 */
import { randomUUID } from 'node:crypto';
import '../services/kit/src/bus/sampleEvents.ts';
import { buildEnvelope, connectBus, startConsumer, type Bus, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db, type Trx } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { withAssociation } from '@kermesse/kit/tenancy';
import { createTestDatabase, deleteTestStream, testNamespace, TEST_NATS_URL } from '@kermesse/kit/testing';
import { machineLoad, percentile } from './support/system.ts';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const A = '0a000000-0000-4000-8000-00000000000a';
const B = '0b000000-0000-4000-8000-00000000000b';
const SCHEMA = 'backlogbench';
type Created = EventEnvelope<'sample.created'>;

const created = (associationId: string, eventId: number): Created =>
  withAssociation(associationId, () => buildEnvelope('backlogbench', 'sample.created', { eventId, name: `Vente ${eventId}` }));

const publish = (bus: Bus, envelope: Created) =>
  bus.js.publish(bus.subjectOf(envelope), new TextEncoder().encode(JSON.stringify(envelope)), { msgID: envelope.id });

export default async function backlogBench(): Promise<void> {
  const database = await createTestDatabase();
  const db: Db = createDb(database.url, { schema: SCHEMA });
  const namespace = testNamespace();
  const bus = await connectBus({ url: TEST_NATS_URL, namespace, name: 'backlog-bench' });
  const logger = createLogger('backlog-bench', 'error');
  let consumer: EventConsumer | undefined;
  try {
    await migrateLatest(db, {
      schema: SCHEMA,
      migrations: {
        '001_applied': {
          async up(knex) {
            await knex.schema.withSchema(SCHEMA).createTable('applied', (t) => {
              t.increments('id');
              t.integer('event_id').notNullable();
            });
          },
        },
      },
    });
    // Called after each event's commit: when it counts as applied.
    const waiting = new Map<string, () => void>();
    const orderOfA: number[] = [];
    let appliedOfA = 0;
    let appliedOfB = 0;
    const write = (events: Created[], trx: Trx) => trx('applied').insert(events.map((event) => ({ event_id: event.payload.eventId })));
    // One durable for both parts: the second starts where the first stopped.
    const name = `backlog_${randomUUID().slice(0, 8)}`;
    const start = () =>
      startConsumer<'sample.created'>({
        db,
        bus,
        logger,
        name,
        type: 'sample.created',
        batchSize: 100,
        handle: async (event, trx) => void (await write([event], trx)),
        handleBatch: async (events, trx) => void (await write(events, trx)),
        beforeAck(event) {
          if (event.associationId === A) {
            appliedOfA += 1;
            orderOfA.push(event.payload.eventId);
          } else appliedOfB += 1;
          waiting.get(event.id)?.();
        },
      });
    const appliedWhen = (envelope: Created) =>
      new Promise<number>((resolve) => {
        waiting.set(envelope.id, () => resolve(performance.now()));
      });

    // 1. B alone.
    consumer = await start();
    const alone: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const envelope = created(B, 1_000_000 + i);
      const applied = appliedWhen(envelope);
      const sent = performance.now();
      await publish(bus, envelope);
      const ms = (await applied) - sent;
      if (i >= 3) alone.push(ms); // the first ones warm the code paths and the pools
    }
    await consumer.stop();
    consumer = undefined;
    alone.sort((x, y) => x - y);
    console.log(
      `B alone: its event applied in ${percentile(alone, 50).toFixed(1)} ms (median of ${SAMPLES}), worst ${alone.at(-1)!.toFixed(1)} ms`,
    );

    // 2. Behind A's backlog.
    const publishStarted = performance.now();
    for (let from = 1; from <= BACKLOG; from += 1_000)
      await Promise.all(Array.from({ length: Math.min(1_000, BACKLOG - from + 1) }, (_, i) => publish(bus, created(A, from + i))));
    const bEvent = created(B, 2_000_000);
    await publish(bus, bEvent);
    console.log(`A's backlog: ${BACKLOG} events published in ${((performance.now() - publishStarted) / 1000).toFixed(1)} s, then B's one`);
    const bApplied = appliedWhen(bEvent);
    const began = performance.now();
    consumer = await start();
    const bMs = (await bApplied) - began;
    const aWhenB = appliedOfA;
    while (appliedOfA < BACKLOG) await new Promise((resolve) => setTimeout(resolve, 20));
    const drainMs = performance.now() - began;
    await consumer.stop();
    consumer = undefined;

    console.log(
      `B behind A's backlog: its event applied ${bMs.toFixed(0)} ms after the consumer started, when ${aWhenB} of A's ${BACKLOG} were`,
    );
    console.log(
      `A's backlog drained in ${(drainMs / 1000).toFixed(1)} s (${Math.round(BACKLOG / (drainMs / 1000))} events/s) — in stream order, B's event would have waited that long`,
    );
    console.log(`machine: ${machineLoad()}`);
    const inOrder = orderOfA.every((id, i) => id === i + 1);
    const rows = Number((await withAssociation(A, async () => db('applied').count<{ n: string }[]>({ n: '*' })))[0]!.n);
    console.log(
      `checks: A's ${BACKLOG} applied once each (${rows} rows), in the order published: ${inOrder ? 'yes' : 'NO'}; B's applied: ${appliedOfB}`,
    );
    if (!inOrder || rows !== BACKLOG) throw new Error('the backlog was not applied once each, in order');
  } finally {
    await consumer?.stop();
    await bus.close();
    await deleteTestStream(namespace);
    await db.destroy();
    await database.drop();
  }
}
