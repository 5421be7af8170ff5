/**
 * sale.completed, consumed in batches: a durable pull consumer with explicit acks, like the kit's
 * `startConsumer`, except that the messages waiting when the previous batch commits are handled
 * together — their event ids in the inbox and their entries in the journal in one transaction.
 * A sale costs a few statements per batch instead of a few per sale, which is what lets the
 * journal catch up on a day of sales after an outage. A batch that fails is retried message by
 * message, so one bad event never holds the others back.
 */
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { assertValidEnvelope, InvalidEventError, type Bus, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { postSaleBatch } from '../commands/postSales.ts';

const decoder = new TextDecoder();

export interface SaleBatchConsumerOptions {
  db: Db;
  bus: Bus;
  logger: Logger;
  name: string;
  /** Largest batch handled in one transaction. */
  maxBatch?: number;
  ackWaitMs?: number;
  beforeAck?(event: EventEnvelope): Promise<void> | void;
}

export async function startSaleBatchConsumer(options: SaleBatchConsumerOptions): Promise<EventConsumer> {
  const { db, bus, logger, name } = options;
  const maxBatch = options.maxBatch ?? 500;
  const durable = name.replace(/[^A-Za-z0-9_-]/g, '_');
  const ackWait = (options.ackWaitMs ?? 30_000) * 1e6;
  try {
    await bus.jsm.consumers.info(bus.stream, durable);
    await bus.jsm.consumers.update(bus.stream, durable, { ack_wait: ackWait });
  } catch {
    await bus.jsm.consumers.add(bus.stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: bus.subject('sale.completed'),
      ack_wait: ackWait,
      max_deliver: -1,
    });
  }
  const consumer = await bus.js.consumers.get(bus.stream, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: maxBatch * 2 });
  const log = logger.child({ consumer: durable });

  const queue: JsMsg[] = [];
  const signal: { wake: (() => void) | null } = { wake: null };
  let closed = false;
  const reader = (async () => {
    for await (const msg of messages) {
      queue.push(msg);
      signal.wake?.();
    }
  })()
    .catch((err) => log.error('consumer loop stopped', { err: String(err) }))
    .finally(() => {
      closed = true;
      signal.wake?.();
    });

  const worker = (async () => {
    for (;;) {
      if (queue.length === 0) {
        if (closed) return;
        await new Promise<void>((resolve) => {
          signal.wake = resolve;
        });
        signal.wake = null;
        continue;
      }
      await handleBatch(queue.splice(0, maxBatch));
    }
  })().catch((err) => log.error('consumer worker stopped', { err: String(err) }));

  async function handleBatch(batch: JsMsg[]): Promise<void> {
    const events: Array<{ msg: JsMsg; event: EventEnvelope<'sale.completed'> }> = [];
    for (const msg of batch) {
      try {
        const parsed: unknown = JSON.parse(decoder.decode(msg.data));
        assertValidEnvelope(parsed);
        events.push({ msg, event: parsed as EventEnvelope<'sale.completed'> });
      } catch (err) {
        log.error('event refused (malformed)', { err: String(err), seq: msg.seq });
        msg.term();
      }
    }
    if (events.length === 0) return;
    try {
      await postSaleBatch(
        db,
        durable,
        events.map((e) => e.event),
      );
      for (const { msg, event } of events) {
        await options.beforeAck?.(event);
        msg.ack();
      }
    } catch (err) {
      if (events.length === 1) {
        const [{ msg, event }] = events as [(typeof events)[number]];
        if (err instanceof InvalidEventError) return msg.term();
        const delayMs = Math.min(30_000, 500 * 2 ** Math.min(msg.info.deliveryCount, 6));
        log.warn('event handling failed; will retry', { eventId: event.id, err: String(err), delayMs });
        msg.nak(delayMs);
        return;
      }
      log.warn('batch failed; retrying its events one by one', { size: events.length, err: String(err) });
      for (const one of events) await handleBatch([one.msg]);
    }
  }

  return {
    async stop() {
      await messages.close().catch(() => undefined);
      await reader;
      await worker;
    },
  };
}
