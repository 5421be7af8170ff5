import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { EventType } from './eventSchemas.ts';
import { currentAssociation, SINGLE_ASSOCIATION_ID } from '../tenancy/association.ts';

/** A service's connection to NATS JetStream, scoped to one namespace (subject prefix and stream). */
export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  namespace: string;
  stream: string;
  /**
   * The NATS subject an event is published on: `<namespace>.<type>.<association id>` (by default the
   * current association's, the install's one without hosting). The association is in the subject so
   * a consumer sees whose event a message is without reading it, and keeps each association's
   * messages apart (docs/decisions/012-fair-consumers.md).
   */
  subject(type: EventType | (string & {}), associationId?: string): string;
  /** The subject of an envelope: its type, its association (`associationId`, or the install's one). */
  subjectOf(envelope: { type: string; associationId?: string }): string;
  /** Every association's subject of an event type (`<namespace>.<type>.*`), for subscribing. */
  subjects(type: EventType | (string & {})): string;
  /** True when the connection is up (used by /healthz). */
  healthy(): Promise<boolean>;
  /**
   * False until the first connection (and the stream) is made: until then `nc`, `js` and `jsm`
   * throw {@link BusNotConnectedError}. Always true for `connectBus`; see `openBus`.
   */
  readonly connected: boolean;
  /** Resolves once connected (never rejects; stays pending when closed first). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** What `nc`, `js` or `jsm` of a bus opened with `openBus` throw before NATS first answered. */
export class BusNotConnectedError extends Error {
  constructor() {
    super('NATS has not answered yet');
    this.name = 'BusNotConnectedError';
  }
}

export interface BusOptions {
  url: string;
  /**
   * Subject prefix; one JetStream stream holds `<namespace>.>` (which takes the subjects with an
   * association as they are: a stream made before them needs no change). Tests use a random namespace.
   */
  namespace?: string;
  name: string;
}

/** JetStream drops a second publish with the same Nats-Msg-Id within this window. */
const DUPLICATE_WINDOW_NS = 10 * 60 * 1e9;

export const streamName = (namespace: string) => `${namespace.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;

interface Connection {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/**
 * One connection (retrying for ever once connected: a NATS outage must not kill a service, the
 * outbox holds events meanwhile) with the stream created if it does not exist yet.
 */
async function openConnection(options: BusOptions, namespace: string, stream: string, timeoutMs: number): Promise<Connection> {
  const nc = await connect({
    // `nats://a:4222,nats://b:4222`: every node of a cluster (nats.js takes a list, not a string of them).
    servers: options.url
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    name: options.name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: timeoutMs,
  });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 5_000 });
    const js = jetstream(nc, { timeout: 3_000 });
    await ensureStream(jsm, stream, `${namespace}.>`);
    return { nc, js, jsm };
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw err;
  }
}

/** The Bus over a connection that may not be there yet (`current()` undefined). */
function busOver(
  namespace: string,
  stream: string,
  current: () => Connection | undefined,
  ready: Promise<void>,
  close: () => Promise<void>,
): Bus {
  const live = (): Connection => {
    const connection = current();
    if (!connection) throw new BusNotConnectedError();
    return connection;
  };
  return {
    get nc() {
      return live().nc;
    },
    get js() {
      return live().js;
    },
    get jsm() {
      return live().jsm;
    },
    get connected() {
      return current() !== undefined;
    },
    ready,
    namespace,
    stream,
    subject: (type, associationId) => `${namespace}.${type}.${associationId ?? currentAssociation() ?? SINGLE_ASSOCIATION_ID}`,
    subjectOf: (envelope) => `${namespace}.${envelope.type}.${envelope.associationId ?? SINGLE_ASSOCIATION_ID}`,
    subjects: (type) => `${namespace}.${type}.*`,
    async healthy() {
      const nc = current()?.nc;
      if (!nc || nc.isClosed()) return false;
      try {
        await Promise.race([nc.flush(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1_000))]);
        return true;
      } catch {
        return false;
      }
    },
    close,
  };
}

/** Connects now (rejects when NATS does not answer within 5 s) and creates the stream if missing. */
export async function connectBus(options: BusOptions): Promise<Bus> {
  const namespace = options.namespace ?? 'kermesse';
  const stream = streamName(namespace);
  const connection = await openConnection(options, namespace, stream, 5_000);
  const { nc } = connection;
  return busOver(
    namespace,
    stream,
    () => connection,
    Promise.resolve(),
    async () => {
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  );
}

export interface OpenBusOptions extends BusOptions {
  /** Pause between two attempts while NATS does not answer (ms, default 1000). */
  retryMs?: number;
  /** How long one attempt waits for NATS's greeting (ms, default 2000: a frozen server never sends it). */
  attemptTimeoutMs?: number;
  /** Each failed attempt, with the count so far (for a log line now and then). */
  onRetry?(err: unknown, failures: number): void;
}

/**
 * A bus returned at once, connecting in the background until NATS answers: a service starts and
 * serves while NATS is away — its outbox keeps the events, the relay publishes them and the
 * consumers attach once `ready` resolves (`runService`, docs/platform.md). Once connected it
 * behaves as `connectBus`'s (reconnecting for ever).
 */
export function openBus(options: OpenBusOptions): Bus {
  const namespace = options.namespace ?? 'kermesse';
  const stream = streamName(namespace);
  let connection: Connection | undefined;
  let closed = false;
  let wakeUp: (() => void) | undefined;
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const attempts = (async () => {
    for (let failures = 0; !closed;) {
      try {
        const opened = await openConnection(options, namespace, stream, options.attemptTimeoutMs ?? 2_000);
        if (closed) {
          await opened.nc.close().catch(() => undefined);
          return;
        }
        connection = opened;
        connected();
        return;
      } catch (err) {
        failures += 1;
        options.onRetry?.(err, failures);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.retryMs ?? 1_000);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();
  return busOver(
    namespace,
    stream,
    () => connection,
    ready,
    async () => {
      closed = true;
      wakeUp?.();
      await attempts;
      const nc = connection?.nc;
      if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  );
}

/** Idempotent: several services starting at once may all try to create the same stream. */
async function ensureStream(jsm: JetStreamManager, name: string, subject: string): Promise<void> {
  try {
    await jsm.streams.info(name);
    return;
  } catch {
    // not there yet
  }
  try {
    await jsm.streams.add({
      name,
      subjects: [subject],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      duplicate_window: DUPLICATE_WINDOW_NS,
      max_age: 30 * 24 * 3600 * 1e9,
    });
  } catch (err) {
    // Another process created it between our info() and add(): fine.
    await jsm.streams.info(name).catch(() => {
      throw err;
    });
  }
}
