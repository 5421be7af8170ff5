import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Db, Trx } from '../db/db.ts';
import type { Logger } from '../http/logger.ts';
import type { Bus } from './bus.ts';
import { assertValidEnvelope, InvalidEventError } from './envelope.ts';
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
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 64 });
  const log = logger.child({ consumer: durable });

  const loop = (async () => {
    for await (const msg of messages) await handleMessage(msg);
  })().catch((err) => log.error('consumer loop stopped', { err: String(err) }));

  async function handleMessage(msg: JsMsg) {
    let event: EventEnvelope<T>;
    try {
      const parsed: unknown = JSON.parse(decoder.decode(msg.data));
      assertValidEnvelope(parsed);
      event = parsed as EventEnvelope<T>;
    } catch (err) {
      // It can never succeed: keep it out of the way, loudly.
      log.error('event refused (malformed)', { err: String(err), seq: msg.seq });
      msg.term();
      return;
    }
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
      await options.beforeAck?.(event);
      msg.ack();
    } catch (err) {
      if (err instanceof InvalidEventError) {
        msg.term();
        return;
      }
      const delayMs = Math.min(30_000, 500 * 2 ** Math.min(msg.info.deliveryCount, 6));
      log.warn('event handling failed; will retry', { eventId: event.id, err: String(err), delayMs });
      msg.nak(delayMs);
    }
  }

  return {
    async stop() {
      await messages.close().catch(() => undefined);
      await loop;
    },
  };
}
