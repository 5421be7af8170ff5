import type { Db, Trx } from '../db/db.ts';
import { ownerOf } from '../db/owner.ts';
import { RELAY_ROLE } from '../tenancy/roles.ts';
import type { Logger } from '../http/logger.ts';
import { BusNotConnectedError, type Bus } from './bus.ts';
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
  wakeRelayAfterCommit(trx);
  return envelope;
}

/*
 * The wake-up, written once. When a transaction that recorded events commits, the relays started on
 * the same knex instance publish at once instead of at their next poll.
 *
 * Chosen: an after-commit hook on the knex transaction (its `executionPromise`, resolved on commit,
 * rejected on rollback), rather than `pg_notify` + `LISTEN`. It costs no statement inside the
 * caller's transaction (a sale is one round trip: pg_notify would add one, or a change to every
 * single-statement command) and no dedicated LISTEN connection kept outside the pool with its own
 * reconnection; the only thing pg_notify adds — waking the relays of the *other* replicas — is not
 * needed: any replica's relay publishes any row, and the idle poll (250 ms) still picks up rows
 * written by another process. A rolled-back transaction wakes nothing.
 */

/** What a relay registers: its wake-up, found again from any transaction of its knex instance. */
const wakersByInstance = new WeakMap<object, Set<() => void>>();
/** Transactions already hooked (several events recorded in one transaction wake once). */
const hooked = new WeakSet<object>();

interface KnexInternals {
  client?: { config?: object };
  executionPromise?: Promise<unknown>;
  parentTransaction?: KnexInternals;
  isTransaction?: boolean;
}

/** The key of a knex instance, shared by the instance and every transaction opened on it. */
const instanceKey = (db: Db | Trx): object | undefined => (db as unknown as KnexInternals).client?.config;

/**
 * Wakes the relays of this database once `trx` has committed (at once when `trx` is no transaction:
 * the insert is already committed). `recordEvent` calls it; a command that writes `outboxRow(...)`
 * in a statement of its own calls it with its transaction.
 */
export function wakeRelayAfterCommit(trx: Db | Trx): void {
  const key = instanceKey(trx);
  const wakers = key ? wakersByInstance.get(key) : undefined;
  if (!wakers?.size) return;
  let outer = trx as unknown as KnexInternals;
  // A savepoint's promise settles at its release: the rows are visible only once the outermost commits.
  while (outer.parentTransaction) outer = outer.parentTransaction;
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  if (!outer.isTransaction || !outer.executionPromise) return wakeAll();
  if (hooked.has(outer)) return;
  hooked.add(outer);
  outer.executionPromise.then(wakeAll, () => undefined);
}

/**
 * The outbox row of a new event (validated envelope included), for a command that writes it within
 * a larger statement of its own; recordEvent is the usual way.
 */
export function outboxRow<T extends EventType>(
  source: string,
  type: T,
  payload: EventPayloads[T],
): {
  envelope: EventEnvelope<T>;
  row: { id: string; type: T; version: number; envelope: string; occurred_at: string };
} {
  const envelope = buildEnvelope(source, type, payload);
  return {
    envelope,
    row: { id: envelope.id, type, version: envelope.version, envelope: JSON.stringify(envelope), occurred_at: envelope.occurredAt },
  };
}

/**
 * `flush()` publishes everything pending. `wake()` runs it now; events recorded with `recordEvent`
 * (or followed by `wakeRelayAfterCommit`) already wake it after their commit, so callers need not.
 */
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
  /**
   * After a commit that recorded events, wait this long before publishing (default 0): the events of
   * a burst of commits go out in one batch. `wake()` itself never waits.
   */
  wakeDelayMs?: number;
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
  const { bus, logger } = options;
  // The relay publishes every association's events: it reads the outbox as the relay's role, whose
  // policy shows it every row of the outbox and whose grants reach no other table.
  const owner = ownerOf(options.db);
  // Made on the first publish (the bus entry point does not load knex by itself).
  let relayDb: Db | undefined;
  const relayConnection = async (): Promise<Db> => {
    if (!owner?.schema) return options.db;
    const { createDb } = await import('../db/db.ts');
    return (relayDb ??= createDb(owner.url, { schema: owner.schema, role: RELAY_ROLE, poolMax: 2 }));
  };
  const pollMs = options.pollMs ?? 250;
  const batchSize = options.batchSize ?? 200;
  const retentionMs = options.retentionMs ?? OUTBOX_RETENTION_MS;
  let lastPrune = 0;

  async function publishBatch(): Promise<{ sent: number; error?: string }> {
    const db = await relayConnection();
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
      // Each on its association's subject (a row from before hosting: the install's association).
      const results = await Promise.allSettled(
        rows.map((row) =>
          bus.js.publish(bus.subjectOf(row.envelope), encoder.encode(JSON.stringify(row.envelope)), {
            msgID: row.id,
            timeout: 3_000,
          }),
        ),
      );
      const sent = rows.filter((_, i) => results[i]!.status === 'fulfilled').map((r) => r.seq);
      const failed = rows.filter((_, i) => results[i]!.status === 'rejected');
      if (sent.length) await trx('outbox').whereIn('seq', sent).update({ published_at: trx.fn.now() });
      if (failed.length) {
        const reason = String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason);
        await trx('outbox')
          .whereIn(
            'seq',
            failed.map((r) => r.seq),
          )
          .update({ attempts: trx.raw('attempts + 1'), last_error: reason.slice(0, 500) });
        return { sent: sent.length, error: reason };
      }
      return { sent: sent.length };
    });
  }

  async function pruneOldRows(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    const db = await relayConnection();
    await db('outbox')
      .whereNotNull('published_at')
      .andWhere('published_at', '<', new Date(Date.now() - retentionMs))
      .delete();
  }

  async function drain(): Promise<number> {
    await pruneOldRows();
    // NATS not reached yet since the start (openBus): the rows wait, nothing is locked for nothing.
    if (!bus.connected) throw new BusNotConnectedError();
    let total = 0;
    for (;;) {
      const { sent, error } = await publishBatch();
      total += sent;
      if (error) throw new Error(`outbox publish failed: ${error}`);
      if (sent < batchSize) return total;
    }
  }

  // Back off while NATS is unreachable, up to 5 s between tries.
  const poller = startPoller({
    drain,
    pollMs,
    maxBackoffMs: 5_000,
    onFailure(err, failures) {
      if (failures === 1 || failures % 20 === 0) logger.warn('outbox relay cannot publish yet; will retry', { err: String(err), failures });
    },
  });

  // Commits that recorded events wake this relay (see wakeRelayAfterCommit), coalesced.
  const wakeDelayMs = options.wakeDelayMs ?? 0;
  let pending: NodeJS.Timeout | null = null;
  const wakeAfterCommit = () => {
    pending ??= setTimeout(() => {
      pending = null;
      poller.wake();
    }, wakeDelayMs);
  };
  // The first connection (a service started while NATS was away) publishes what waited at once.
  void bus.ready.then(() => poller.wake());
  const key = instanceKey(options.db);
  if (key) {
    let wakers = wakersByInstance.get(key);
    if (!wakers) wakersByInstance.set(key, (wakers = new Set()));
    wakers.add(wakeAfterCommit);
  }
  return {
    wake: () => poller.wake(),
    flush: () => poller.flush(),
    async stop() {
      if (key) wakersByInstance.get(key)?.delete(wakeAfterCommit);
      if (pending) clearTimeout(pending);
      pending = null;
      await poller.stop();
      await relayDb?.destroy();
    },
  };
}
