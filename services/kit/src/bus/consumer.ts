import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Db, Trx } from '../db/db.ts';
import type { Logger } from '../http/logger.ts';
import type { Bus } from './bus.ts';
import { assertValidEnvelope, associationOf, InvalidEventError } from './envelope.ts';
import { withAssociation } from '../tenancy/association.ts';
import type { EventEnvelope, EventType } from './eventSchemas.ts';

export interface EventConsumer {
  stop(): Promise<void>;
}

export interface ConsumerOptions<T extends EventType> {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Durable name, unique per service and event type, e.g. `stock-sale-completed`. */
  name: string;
  type: T;
  /** Runs inside the transaction that records the event in the inbox. */
  handle(event: EventEnvelope<T>, trx: Trx): Promise<void>;
  /** How long JetStream waits for an ack before redelivering. */
  ackWaitMs?: number;
  /** Test hook: runs after the commit and before the ack (to simulate a crash in between). */
  beforeAck?(event: EventEnvelope<T>): Promise<void> | void;
  /**
   * Up to this many events waiting are handled in one transaction (1, the default: one by one).
   * Under load the waiting events are taken together: one inbox statement for all of them, the
   * effects (`handleBatch`, or `handle` for each), one commit, then an ack each. If the batch fails,
   * its events are handled again one by one, so one event that cannot be handled never blocks or
   * doubles the others.
   */
  batchSize?: number;
  /**
   * Optional: handles the new events of a batch together (already de-duplicated against the inbox
   * and within the batch, in delivery order), inside the batch's transaction. Without it `handle`
   * runs for each. A single event (batch of one, or the one-by-one fallback) goes to `handle`.
   */
  handleBatch?(events: EventEnvelope<T>[], trx: Trx): Promise<void>;
  /** How many messages the client keeps pulled ahead of the handler (default 64, or 2 batches). */
  prefetch?: number;
}

const decoder = new TextDecoder();

/**
 * A durable pull consumer with explicit acks. Each event is handled once per consumer: its id goes
 * into the inbox in the same transaction as the effect, so a redelivery (after a crash, a lost ack
 * or a duplicate publish) is acknowledged without running the handler again.
 */
export async function startConsumer<T extends EventType>(options: ConsumerOptions<T>): Promise<EventConsumer> {
  const { db, bus, logger, name, type } = options;
  const durable = name.replace(/[^A-Za-z0-9_-]/g, '_');
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: bus.subject(type),
    ack_wait: (options.ackWaitMs ?? 30_000) * 1e6,
    max_deliver: -1,
  };
  try {
    await bus.jsm.consumers.info(bus.stream, durable);
    await bus.jsm.consumers.update(bus.stream, durable, { ack_wait: config.ack_wait });
  } catch {
    await bus.jsm.consumers.add(bus.stream, config);
  }
  const consumer = await bus.js.consumers.get(bus.stream, durable);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1));
  const prefetch = options.prefetch ?? Math.max(64, 2 * batchSize);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: prefetch });
  const log = logger.child({ consumer: durable });

  const loop = (
    batchSize === 1
      ? (async () => {
          for await (const msg of messages) await handleMessage(msg);
        })()
      : batchLoop()
  ).catch((err) => log.error('consumer loop stopped', { err: String(err) }));

  /** The envelope of a message, or undefined (and the message terminated) when it is malformed. */
  function parse(msg: JsMsg): EventEnvelope<T> | undefined {
    try {
      const parsed: unknown = JSON.parse(decoder.decode(msg.data));
      assertValidEnvelope(parsed);
      return parsed as EventEnvelope<T>;
    } catch (err) {
      // It can never succeed: keep it out of the way, loudly.
      log.error('event refused (malformed)', { err: String(err), seq: msg.seq });
      msg.term();
      return undefined;
    }
  }

  /**
   * Messages are taken from the subscription as they arrive; whenever the handler is free it takes
   * every message waiting (up to batchSize) at once: one at a time when idle (no added latency),
   * whole batches under load. The queue stops pulling while a full batch is already waiting.
   */
  async function batchLoop(): Promise<void> {
    const queue: JsMsg[] = [];
    let ended = false;
    let wakeWorker: (() => void) | undefined;
    let wakePump: (() => void) | undefined;
    const pump = (async () => {
      try {
        for await (const msg of messages) {
          queue.push(msg);
          wakeWorker?.();
          while (queue.length >= batchSize)
            await new Promise<void>((resolve) => {
              wakePump = resolve;
            });
        }
      } finally {
        ended = true;
        wakeWorker?.();
      }
    })();
    for (;;) {
      if (queue.length === 0) {
        if (ended) break;
        await new Promise<void>((resolve) => {
          wakeWorker = resolve;
        });
        wakeWorker = undefined;
        continue;
      }
      const batch = queue.splice(0, batchSize);
      const pumping = wakePump;
      wakePump = undefined;
      pumping?.();
      await handleBatch(batch);
    }
    await pump;
  }

  async function handleBatch(msgs: JsMsg[]): Promise<void> {
    if (msgs.length === 1) return handleMessage(msgs[0]!);
    const parsed = msgs.map((msg) => ({ msg, event: parse(msg) }));
    const valid = parsed.filter((p): p is { msg: JsMsg; event: EventEnvelope<T> } => p.event !== undefined);
    // One transaction sees one association: a batch mixing several is handled as one batch each.
    const byAssociation = new Map<string, typeof valid>();
    for (const p of valid) {
      const id = associationOf(p.event);
      byAssociation.set(id, [...(byAssociation.get(id) ?? []), p]);
    }
    for (const [id, group] of byAssociation) await withAssociation(id, () => handleSameAssociation(group));
  }

  async function handleSameAssociation(valid: Array<{ msg: JsMsg; event: EventEnvelope<T> }>): Promise<void> {
    if (valid.length === 0) return;
    try {
      await db.transaction(async (trx) => {
        // One statement for the whole batch: the events already handled come back as not inserted.
        const inserted: { event_id: string }[] = await trx('inbox')
          .insert(valid.map(({ event }) => ({ consumer: durable, event_id: event.id, type: event.type })))
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        const fresh = new Set(inserted.map((row) => row.event_id));
        // The same event twice in one batch (a redelivery while the first was waiting) counts once.
        const events = valid.map((p) => p.event).filter((event) => fresh.delete(event.id));
        if (events.length === 0) return;
        if (options.handleBatch) await options.handleBatch(events, trx);
        else for (const event of events) await options.handle(event, trx);
      });
    } catch (err) {
      // Nothing of the batch was written: each event is tried alone, so only the faulty one waits.
      log.warn('batch failed; handling its events one by one', { events: valid.length, err: String(err) });
      for (const { msg } of valid) await handleMessage(msg);
      return;
    }
    for (const { msg, event } of valid) await acknowledge(msg, event);
  }

  /** After the commit: the test hook, then the ack (a failure there leaves the message to come back). */
  async function acknowledge(msg: JsMsg, event: EventEnvelope<T>): Promise<void> {
    try {
      await options.beforeAck?.(event);
      msg.ack();
    } catch (err) {
      retryLater(msg, event, err);
    }
  }

  function retryLater(msg: JsMsg, event: EventEnvelope<T>, err: unknown): void {
    if (err instanceof InvalidEventError) {
      msg.term();
      return;
    }
    const delayMs = Math.min(30_000, 500 * 2 ** Math.min(msg.info.deliveryCount, 6));
    log.warn('event handling failed; will retry', { eventId: event.id, err: String(err), delayMs });
    msg.nak(delayMs);
  }

  async function handleMessage(msg: JsMsg) {
    const event = parse(msg);
    if (!event) return;
    await withAssociation(associationOf(event), () => handleOne(msg, event));
  }

  async function handleOne(msg: JsMsg, event: EventEnvelope<T>) {
    try {
      await db.transaction(async (trx) => {
        const inserted = await trx('inbox')
          .insert({ consumer: durable, event_id: event.id, type: event.type })
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        if (inserted.length === 0) return; // already handled: only the ack is missing
        await options.handle(event, trx);
      });
    } catch (err) {
      retryLater(msg, event, err);
      return;
    }
    await acknowledge(msg, event);
  }

  return {
    async stop() {
      await messages.close().catch(() => undefined);
      await loop;
    },
  };
}
