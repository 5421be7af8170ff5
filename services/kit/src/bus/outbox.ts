import type { Db, Trx } from '../db/db.ts';
import type { Logger } from '../http/logger.ts';
import type { Bus } from './bus.ts';
import { buildEnvelope } from './envelope.ts';
import { startPoller, type Poller } from '../poller.ts';
import type { EventEnvelope, EventPayloads, EventType } from './eventSchemas.ts';

/**
 * Writes an event into the service's outbox inside the caller's transaction, so the event exists
 * if and only if the state change committed. The relay publishes it later.
 */
export async function recordEvent<T extends EventType>(
  trx: Trx,
  source: string,
  type: T,
  payload: EventPayloads[T],
): Promise<EventEnvelope<T>> {
  const { envelope, row } = outboxRow(source, type, payload);
  await trx('outbox').insert(row);
  return envelope;
}

/**
 * The outbox row of a new event (validated envelope included), for a command that writes it within
 * a larger statement of its own; recordEvent is the usual way.
 */
export function outboxRow<T extends EventType>(source: string, type: T, payload: EventPayloads[T]): {
  envelope: EventEnvelope<T>;
  row: { id: string; type: T; version: number; envelope: string; occurred_at: string };
} {
  const envelope = buildEnvelope(source, type, payload);
  return {
    envelope,
    row: { id: envelope.id, type, version: envelope.version, envelope: JSON.stringify(envelope), occurred_at: envelope.occurredAt },
  };
}

/** `wake()` after committing a transaction that recorded events; `flush()` publishes everything pending. */
export type OutboxRelay = Poller;

export interface OutboxRelayOptions {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Idle polling interval: picks up rows written by other processes or left by a failure. */
  pollMs?: number;
  batchSize?: number;
  /**
   * How long a published row is kept (for investigation) before it is deleted. Events may carry
   * personal data (a receipt's phone or e-mail), so they are not kept for ever; JetStream keeps
   * the stream 30 days.
   */
  retentionMs?: number;
}

/** Published outbox rows are kept a week. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

const encoder = new TextEncoder();

/**
 * Publishes outbox rows in order. Rows are claimed with FOR UPDATE SKIP LOCKED so several relays
 * never publish the same row at once; each publish carries Nats-Msg-Id = event id so JetStream
 * drops a duplicate if a relay dies between publishing and marking the row.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus, logger } = options;
  const pollMs = options.pollMs ?? 250;
  const batchSize = options.batchSize ?? 200;
  const retentionMs = options.retentionMs ?? OUTBOX_RETENTION_MS;
  let lastPrune = 0;

  async function publishBatch(): Promise<{ sent: number; error?: string }> {
    return db.transaction(async (trx) => {
      const rows: { seq: number; id: string; type: string; envelope: EventEnvelope }[] = await trx('outbox')
        .select('seq', 'id', 'type', 'envelope')
        .whereNull('published_at')
        .orderBy('seq')
        .limit(batchSize)
        .forUpdate()
        .skipLocked();
      if (rows.length === 0) return { sent: 0 };
      // Publish concurrently (JetStream keeps per-subject order by arrival; ids make retries safe).
      const results = await Promise.allSettled(rows.map((row) =>
        bus.js.publish(bus.subject(row.type as EventType), encoder.encode(JSON.stringify(row.envelope)), {
          msgID: row.id,
          timeout: 3_000,
        })));
      const sent = rows.filter((_, i) => results[i]!.status === 'fulfilled').map((r) => r.seq);
      const failed = rows.filter((_, i) => results[i]!.status === 'rejected');
      if (sent.length) await trx('outbox').whereIn('seq', sent).update({ published_at: trx.fn.now() });
      if (failed.length) {
        const reason = String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason);
        await trx('outbox').whereIn('seq', failed.map((r) => r.seq)).update({ attempts: trx.raw('attempts + 1'), last_error: reason.slice(0, 500) });
        return { sent: sent.length, error: reason };
      }
      return { sent: sent.length };
    });
  }

  async function pruneOldRows(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await db('outbox').whereNotNull('published_at').andWhere('published_at', '<', new Date(Date.now() - retentionMs)).delete();
  }

  async function drain(): Promise<number> {
    await pruneOldRows();
    let total = 0;
    for (;;) {
      const { sent, error } = await publishBatch();
      total += sent;
      if (error) throw new Error(`outbox publish failed: ${error}`);
      if (sent < batchSize) return total;
    }
  }

  // Back off while NATS is unreachable, up to 5 s between tries.
  return startPoller({
    drain,
    pollMs,
    maxBackoffMs: 5_000,
    onFailure(err, failures) {
      if (failures === 1 || failures % 20 === 0) logger.warn('outbox relay cannot publish yet; will retry', { err: String(err), failures });
    },
  });
}
