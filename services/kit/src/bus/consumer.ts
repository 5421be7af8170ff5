import { AckPolicy, DeliverPolicy, type ConsumerConfig, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
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
  /**
   * How many messages of one association the consumer holds (waiting or being handled) before it
   * parks that association's next ones in JetStream for a while (default 64, or 2 batches).
   */
  laneCap?: number;
  /** How many associations' messages are handled at the same time (default 2). */
  lanes?: number;
}

/**
 * Creates the durable consumer, or brings an existing one up to date. One made before subjects
 * carried the association (its filter is `<namespace>.<type>`) is made again on `<namespace>.<type>.*`
 * from its first unacknowledged message, and a second durable, `<durable>_legacy`, reads what is left
 * on the old subject from the same point (the inbox, shared by both, drops what was handled already).
 * That second durable is removed at a later start once it has nothing left. Returns its name while
 * it is to be read.
 */
async function ensureConsumer(bus: Bus, durable: string, type: EventType, ackWait: number, log: Logger): Promise<string | undefined> {
  const filter = bus.subjects(type);
  const oldFilter = filter.slice(0, -2);
  const legacy = `${durable}_legacy`;
  // Parked messages wait unacknowledged: the default cap (1,000) would stop the reading behind a backlog.
  const config: Partial<ConsumerConfig> & { durable_name: string } = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: filter,
    ack_wait: ackWait,
    max_deliver: -1,
    max_ack_pending: -1,
  };
  const infoOf = (name: string) => bus.jsm.consumers.info(bus.stream, name).catch(() => undefined);
  const addOrKeep = (added: typeof config) =>
    bus.jsm.consumers.add(bus.stream, added).catch(async (err) => {
      // Another replica made it first: fine.
      if (!(await infoOf(added.durable_name))) throw err;
    });
  const existing = await infoOf(durable);
  if (!existing) await addOrKeep(config);
  else if (existing.config.filter_subject === filter) {
    await bus.jsm.consumers.update(bus.stream, durable, { ack_wait: ackWait, max_ack_pending: -1 });
  } else if (existing.config.filter_subject === oldFilter) {
    const from = existing.ack_floor.stream_seq + 1;
    log.info('consumer moved to the subjects with an association', { from });
    await addOrKeep({
      ...config,
      durable_name: legacy,
      filter_subject: oldFilter,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: from,
    });
    // Checked again: another replica starting at the same time may have moved it already.
    if ((await infoOf(durable))?.config.filter_subject === oldFilter)
      await bus.jsm.consumers.delete(bus.stream, durable).catch(() => undefined);
    await addOrKeep({ ...config, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from });
    return legacy;
  } else {
    throw new Error(`consumer ${durable} reads ${existing.config.filter_subject ?? 'everything'}, not ${filter}`);
  }
  const left = await infoOf(legacy);
  if (!left) return undefined;
  if (left.num_pending === 0 && left.num_ack_pending === 0) {
    await bus.jsm.consumers.delete(bus.stream, legacy).catch(() => undefined);
    return undefined;
  }
  return legacy;
}

/**
 * Tries the consumer's set-up again a few times: while a JetStream cluster elects its leaders, or
 * several replicas of a service start at once, its API may time out for a few seconds — that must not
 * stop the service's start. What still fails after that is a real fault, thrown.
 */
async function settingUp<R>(work: () => Promise<R>, log: Logger, attempts = 6): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts) throw err;
      log.warn('consumer set-up failed, trying again', { attempt, error: String(err) });
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

const decoder = new TextDecoder();

/** Messages of one association a consumer keeps in memory before it parks the next ones. */
export const DEFAULT_LANE_CAP = 64;
/** Associations whose messages a consumer handles at the same time. */
export const DEFAULT_LANES = 2;
/** A parked message is redelivered after at least this long (the lane reads it itself before, in turn)… */
const MIN_PARK_MS = 30_000;
/** …and at most this long. */
const MAX_PARK_MS = 5 * 60_000;

/** A message to handle: delivered by the consumer, or read back from the stream by a lane (parked). */
interface Delivery {
  seq: number;
  subject: string;
  data: Uint8Array;
  deliveryCount: number;
  ack(): void;
  nak(delayMs: number): void;
  term(): void;
}

const delivered = (msg: JsMsg): Delivery => ({
  seq: msg.seq,
  subject: msg.subject,
  data: msg.data,
  deliveryCount: msg.info.deliveryCount,
  ack: () => msg.ack(),
  nak: (delayMs) => msg.nak(delayMs),
  term: () => msg.term(),
});

/**
 * One association's messages in a consumer, in stream order: the first `laneCap` in memory, the
 * others as their stream sequence only (parked). Handled a batch at a time, while the other
 * associations' lanes go on (docs/decisions/012-fair-consumers.md).
 */
interface Lane {
  id: string;
  queue: Array<{ seq: number; msg?: JsMsg }>;
  /** Messages of `queue` kept in memory, and those being handled. */
  inMemory: number;
  /**
   * Parked messages, by stream sequence: waiting in `queue` (undefined), or handled here and to be
   * acknowledged (or terminated) when JetStream delivers them again.
   */
  parked: Map<number, 'ack' | 'term' | undefined>;
  /** Messages handled per second in full batches (moving average): when a parked message is due. */
  rate: number;
  working: boolean;
  scheduled: boolean;
}

/**
 * A durable pull consumer with explicit acks. Each event is handled once per consumer: its id goes
 * into the inbox in the same transaction as the effect, so a redelivery (after a crash, a lost ack
 * or a duplicate publish) is acknowledged without running the handler again.
 *
 * Fair between associations: messages go into one lane per association (the last token of their
 * subject), in stream order; the lanes take turns, `lanes` of them at once, a batch each. A lane
 * keeps `laneCap` messages in memory; past that it keeps only the sequence of the next ones and
 * parks them in JetStream (a nak with a long delay), so the consumer reads on and another
 * association's event behind a backlog is applied without waiting for the backlog. The lane reads
 * its parked messages back from the stream when their turn comes, in order, and acknowledges each
 * when JetStream delivers it again (after a restart, the inbox recognises those already handled).
 */
export async function startConsumer<T extends EventType>(options: ConsumerOptions<T>): Promise<EventConsumer> {
  const { db, bus, logger, name, type } = options;
  const durable = name.replace(/[^A-Za-z0-9_-]/g, '_');
  const log = logger.child({ consumer: durable });
  const legacy = await settingUp(() => ensureConsumer(bus, durable, type, (options.ackWaitMs ?? 30_000) * 1e6, log), log);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1));
  const laneCap = Math.max(batchSize, Math.floor(options.laneCap ?? Math.max(DEFAULT_LANE_CAP, 2 * batchSize)));
  const lanesAtOnce = Math.max(1, Math.floor(options.lanes ?? DEFAULT_LANES));
  const prefetch = options.prefetch ?? Math.max(64, 2 * batchSize);
  // What every lane together keeps in memory: past it the reading waits for the lanes.
  const maxInMemory = Math.max(prefetch, laneCap * lanesAtOnce * 2);
  const prefix = bus.subjects(type).slice(0, -1);

  const lanes = new Map<string, Lane>();
  const turns: Lane[] = [];
  let working = 0;
  let inMemory = 0;
  let wakeReader: (() => void) | undefined;
  let idle: (() => void) | undefined;
  let stopping = false;

  const streams: ConsumerMessages[] = await Promise.all(
    [durable, ...(legacy ? [legacy] : [])].map(async (durableName) =>
      (await bus.js.consumers.get(bus.stream, durableName)).consume({ max_messages: prefetch }),
    ),
  );
  const read = async (messages: ConsumerMessages) => {
    for await (const msg of messages) {
      admit(msg);
      while (inMemory >= maxInMemory)
        await new Promise<void>((resolve) => {
          wakeReader = resolve;
        });
    }
  };
  const readers = streams.map((messages) => read(messages).catch((err) => log.error('consumer loop stopped', { err: String(err) })));

  /** The association a message is for: its subject's last token (the envelope's for a message from before). */
  function laneOf(msg: JsMsg): string {
    if (msg.subject.startsWith(prefix)) return msg.subject.slice(prefix.length);
    try {
      return associationOf(JSON.parse(decoder.decode(msg.data)) as { associationId?: string });
    } catch {
      return '';
    }
  }

  function admit(msg: JsMsg): void {
    const id = laneOf(msg);
    let lane = lanes.get(id);
    if (!lane) lanes.set(id, (lane = { id, queue: [], inMemory: 0, parked: new Map(), rate: 0, working: false, scheduled: false }));
    if (lane.parked.has(msg.seq)) {
      const settled = lane.parked.get(msg.seq);
      // Handled here already, from the stream: JetStream learns it now.
      if (settled) {
        lane.parked.delete(msg.seq);
        if (settled === 'ack') msg.ack();
        else msg.term();
        forgetIfDone(lane);
        return;
      }
      // Still waiting its turn in the lane.
      return park(
        msg,
        lane,
        lane.queue.findIndex((entry) => entry.seq === msg.seq),
      );
    }
    if (lane.inMemory >= laneCap) {
      lane.parked.set(msg.seq, undefined);
      lane.queue.push({ seq: msg.seq });
      park(msg, lane, lane.queue.length);
    } else {
      lane.queue.push({ seq: msg.seq, msg });
      lane.inMemory += 1;
      inMemory += 1;
    }
    if (!lane.working && !lane.scheduled) {
      lane.scheduled = true;
      turns.push(lane);
    }
    schedule();
  }

  /**
   * Lets JetStream hold a message the lane will read back itself: it is delivered again only if
   * the lane has not handled it by then (after a restart, or a lane far slower than its pace).
   */
  function park(msg: JsMsg, lane: Lane, position: number): void {
    // Before a lane's first full batch its pace is guessed (a batch each 50 ms).
    const pace = lane.rate > 0 ? lane.rate : Math.max(200, batchSize * 20);
    msg.nak(Math.round(Math.min(MAX_PARK_MS, MIN_PARK_MS + (Math.max(0, position) / pace) * 1000)));
  }

  function forgetIfDone(lane: Lane): void {
    if (lane.queue.length === 0 && lane.parked.size === 0 && !lane.working && !lane.scheduled) lanes.delete(lane.id);
  }

  function schedule(): void {
    while (!stopping && working < lanesAtOnce && turns.length > 0) {
      const lane = turns.shift()!;
      lane.scheduled = false;
      lane.working = true;
      working += 1;
      void take(lane);
    }
  }

  /** A parked message read back from the stream; settled when JetStream delivers it again. */
  async function fetchParked(lane: Lane, seq: number): Promise<Delivery | undefined> {
    try {
      const stored = await bus.jsm.streams.getMessage(bus.stream, { seq });
      if (!stored) throw new Error('no such message');
      return {
        seq,
        subject: stored.subject,
        data: stored.data,
        deliveryCount: 1,
        ack: () => lane.parked.set(seq, 'ack'),
        term: () => lane.parked.set(seq, 'term'),
        // Not handled: JetStream's own redelivery brings it back, as a message of its own.
        nak: () => lane.parked.delete(seq),
      };
    } catch (err) {
      // Gone from the stream (its age limit) or unreadable now: JetStream's redelivery decides.
      log.warn('parked event not read back; left to its redelivery', { seq, err: String(err) });
      lane.parked.delete(seq);
      return undefined;
    }
  }

  /** One turn of a lane: a batch of its messages, in order; then it goes to the back of the line. */
  async function take(lane: Lane): Promise<void> {
    const entries = lane.queue.splice(0, batchSize);
    const fromMemory = entries.filter((entry) => entry.msg).length;
    const started = performance.now();
    try {
      const batch = await Promise.all(entries.map((entry) => (entry.msg ? delivered(entry.msg) : fetchParked(lane, entry.seq))));
      await handleBatch(batch.filter((delivery): delivery is Delivery => delivery !== undefined));
    } catch (err) {
      log.error('batch not handled', { err: String(err) });
    }
    // The pace is learnt from full batches only: a batch is small because little was waiting, and
    // reading its pace as the lane's would park the next messages too long.
    if (entries.length === batchSize) {
      const pace = entries.length / Math.max(0.001, (performance.now() - started) / 1000);
      lane.rate = lane.rate > 0 ? 0.7 * lane.rate + 0.3 * pace : pace;
    }
    lane.inMemory -= fromMemory;
    inMemory -= fromMemory;
    lane.working = false;
    working -= 1;
    if (lane.queue.length > 0) {
      lane.scheduled = true;
      turns.push(lane);
    } else forgetIfDone(lane);
    const reader = wakeReader;
    wakeReader = undefined;
    reader?.();
    schedule();
    if (working === 0) idle?.();
  }

  /** The envelope of a message, or undefined (and the message terminated) when it is malformed. */
  function parse(msg: Delivery): EventEnvelope<T> | undefined {
    let envelope: EventEnvelope<T>;
    try {
      const parsed: unknown = JSON.parse(decoder.decode(msg.data));
      assertValidEnvelope(parsed);
      envelope = parsed as EventEnvelope<T>;
    } catch (err) {
      // It can never succeed: keep it out of the way, loudly.
      log.error('event refused (malformed)', { err: String(err), seq: msg.seq });
      msg.term();
      return undefined;
    }
    // Published for one association and claiming another: applying it would write into the wrong
    // association's rows (or into the one of the subject on someone's say-so). Never applied.
    if (msg.subject.startsWith(prefix) && msg.subject.slice(prefix.length) !== associationOf(envelope)) {
      log.error('event refused (its subject names another association)', {
        seq: msg.seq,
        eventId: envelope.id,
        subject: msg.subject,
        associationId: associationOf(envelope),
      });
      msg.term();
      return undefined;
    }
    return envelope;
  }

  async function handleBatch(msgs: Delivery[]): Promise<void> {
    if (msgs.length === 0) return;
    if (msgs.length === 1) return handleMessage(msgs[0]!);
    const parsed = msgs.map((msg) => ({ msg, event: parse(msg) }));
    const valid = parsed.filter((p): p is { msg: Delivery; event: EventEnvelope<T> } => p.event !== undefined);
    // One transaction sees one association: a batch mixing several (messages from before the
    // subjects carried it) is handled as one batch each.
    const byAssociation = new Map<string, typeof valid>();
    for (const p of valid) {
      const id = associationOf(p.event);
      byAssociation.set(id, [...(byAssociation.get(id) ?? []), p]);
    }
    for (const [id, group] of byAssociation) await withAssociation(id, () => handleSameAssociation(group));
  }

  async function handleSameAssociation(valid: Array<{ msg: Delivery; event: EventEnvelope<T> }>): Promise<void> {
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
  async function acknowledge(msg: Delivery, event: EventEnvelope<T>): Promise<void> {
    try {
      await options.beforeAck?.(event);
      msg.ack();
    } catch (err) {
      retryLater(msg, event, err);
    }
  }

  function retryLater(msg: Delivery, event: EventEnvelope<T>, err: unknown): void {
    if (err instanceof InvalidEventError) {
      msg.term();
      return;
    }
    const delayMs = Math.min(30_000, 500 * 2 ** Math.min(msg.deliveryCount, 6));
    log.warn('event handling failed; will retry', { eventId: event.id, err: String(err), delayMs });
    msg.nak(delayMs);
  }

  async function handleMessage(msg: Delivery) {
    const event = parse(msg);
    if (!event) return;
    await withAssociation(associationOf(event), () => handleOne(msg, event));
  }

  async function handleOne(msg: Delivery, event: EventEnvelope<T>) {
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
      await Promise.all(streams.map((messages) => messages.close().catch(() => undefined)));
      await Promise.all(readers);
      // The batches being handled finish (and are acknowledged); the messages still waiting go back
      // to JetStream at once, for another replica or the next start (parked ones at their delay).
      stopping = true;
      for (const lane of lanes.values()) for (const entry of lane.queue.splice(0)) entry.msg?.nak();
      if (working > 0)
        await new Promise<void>((resolve) => {
          idle = resolve;
        });
    },
  };
}
