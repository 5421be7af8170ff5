import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { EventType } from './eventSchemas.ts';

/** A service's connection to NATS JetStream, scoped to one namespace (subject prefix and stream). */
export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  namespace: string;
  stream: string;
  subject(type: EventType): string;
  /** True when the connection is up (used by /healthz). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export interface BusOptions {
  url: string;
  /** Subject prefix; one JetStream stream holds `<namespace>.>`. Tests use a random namespace. */
  namespace?: string;
  name: string;
}

/** JetStream drops a second publish with the same Nats-Msg-Id within this window. */
const DUPLICATE_WINDOW_NS = 10 * 60 * 1e9;

export const streamName = (namespace: string) => `${namespace.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;

/**
 * Connects (retrying for ever once connected: a NATS outage must not kill a service, the outbox
 * holds events meanwhile) and creates the stream if it does not exist yet.
 */
export async function connectBus(options: BusOptions): Promise<Bus> {
  const namespace = options.namespace ?? 'kermesse';
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
    timeout: 5_000,
  });
  const jsm = await jetstreamManager(nc, { timeout: 5_000 });
  const js = jetstream(nc, { timeout: 3_000 });
  const stream = streamName(namespace);
  await ensureStream(jsm, stream, `${namespace}.>`);
  return {
    nc,
    js,
    jsm,
    namespace,
    stream,
    subject: (type) => `${namespace}.${type}`,
    async healthy() {
      if (nc.isClosed()) return false;
      try {
        await Promise.race([nc.flush(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1_000))]);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
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
