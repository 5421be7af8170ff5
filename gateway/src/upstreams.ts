/**
 * The services behind the gateway, each as one or more replicas (`REGISTER_URL=http://a,http://b`),
 * with what the gateway knows of their health.
 *
 * A replica is marked down at once when a connection to it fails (refused, unreachable, connect
 * timeout) or when its `/readyz` answers 5xx or nothing; it comes back as soon as `/readyz` answers
 * again. Every replica's `/readyz` is asked every `checkIntervalMs`. Requests go round-robin to the
 * replicas that are up; when none is, the proxy answers the French 503 at once instead of waiting on
 * a socket (see proxy.ts).
 *
 * `/readyz` is the kit's contract (200 when the database answers and migrations are done, 503
 * otherwise). A service that does not have it yet (404) is judged by being reachable at all.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Pool } from 'undici';
import type { Logger } from '@kermesse/kit/http';

/** Connection failures where the replica never received a byte: safe to retry elsewhere, any method. */
export const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNTIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

class ConnectTimeoutError extends Error {
  readonly code = 'ECONNTIMEOUT';
}

/** One process of a service, with its pool of kept-alive sockets. */
export interface Replica {
  readonly service: string;
  readonly origin: string;
  readonly hostname: string;
  readonly port: number;
  readonly agent: http.Agent;
  readonly request: typeof http.request;
  /** undici pool for the hot path (bodiless GET/HEAD of the fast path): cheaper per request than the Agent. */
  readonly pool: Pool;
  /** False from a failed connection or a refusing `/readyz` until `/readyz` answers again. */
  up: boolean;
  /** Why it is down (logs, `/readyz` of the gateway). */
  reason: string;
  /** A `/readyz` check is under way. */
  checking: boolean;
}

/** A service and its replicas. */
export interface Upstream {
  readonly name: string;
  readonly replicas: readonly Replica[];
  /**
   * The next replica that is up (round-robin), other than `except`; undefined when none is, so the
   * caller answers 503 at once.
   */
  pick(except?: Replica): Replica | undefined;
  markDown(replica: Replica, reason: string): void;
  markUp(replica: Replica): void;
  /** Drops the pooled sockets (shutdown, tests). */
  close(): void;
}

export interface UpstreamOptions {
  connectTimeoutMs?: number;
  logger?: Logger;
}

/** Splits `http://a,http://b` (or a list) into base URLs without trailing slash. */
export function replicaUrls(urls: string | readonly string[]): string[] {
  const list = typeof urls === 'string' ? urls.split(',') : [...urls];
  return list.map((u) => u.trim().replace(/\/+$/, '')).filter(Boolean);
}

function createReplica(service: string, baseUrl: string, connectTimeoutMs: number): Replica {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const agentOptions: http.AgentOptions = {
    keepAlive: true,
    // Idle sockets are closed before the services' 65 s keep-alive, so the gateway closes first
    // and never writes to a socket the service is closing.
    timeout: 30_000,
    maxFreeSockets: 256,
    scheduling: 'lifo',
  };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  // On the agent rather than per request: only new connections need a connect timer.
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const socket = createConnection(options, callback);
    if (socket instanceof net.Socket && socket.connecting) {
      const timer = setTimeout(() => socket.destroy(new ConnectTimeoutError(`connect timeout (${service})`)), connectTimeoutMs);
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('close', clear);
    }
    return socket;
  };
  const pool = new Pool(url.origin, {
    connect: { timeout: connectTimeoutMs },
    // Closed before the services' 65 s keep-alive, like the Agent's sockets.
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 30_000,
    // The response timeout is given per request; a body that has started may take its time.
    headersTimeout: 0,
    bodyTimeout: 0,
    pipelining: 1,
  });
  return {
    service,
    origin: url.origin,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (secure ? 443 : 80),
    agent,
    request: secure ? https.request : http.request,
    pool,
    up: true,
    reason: '',
    checking: false,
  };
}

/**
 * One service with its replicas, all taken as up until a connection or a check says otherwise.
 * `urls` is one base URL, a comma-separated list, or an array.
 */
export function createUpstream(name: string, urls: string | readonly string[], options: UpstreamOptions = {}): Upstream {
  const list = replicaUrls(urls);
  if (list.length === 0) throw new Error(`no URL for the service ${name}`);
  const replicas = list.map((url) => createReplica(name, url, options.connectTimeoutMs ?? 2_000));
  const logger = options.logger;
  const count = replicas.length;
  let next = 0;

  return {
    name,
    replicas,
    pick(except) {
      for (let i = 0; i < count; i += 1) {
        const index = (next + i) % count;
        const replica = replicas[index] as Replica;
        if (replica.up && replica !== except) {
          next = index + 1 === count ? 0 : index + 1;
          return replica;
        }
      }
      return undefined;
    },
    markDown(replica, reason) {
      replica.reason = reason;
      if (!replica.up) return;
      // Its sockets stay: requests in flight on a replica that is only draining must finish.
      replica.up = false;
      logger?.warn('upstream down', { upstream: name, replica: replica.origin, reason });
    },
    markUp(replica) {
      replica.reason = '';
      if (replica.up) return;
      replica.up = true;
      logger?.info('upstream up', { upstream: name, replica: replica.origin });
    },
    close() {
      for (const replica of replicas) {
        replica.agent.destroy();
        void replica.pool.destroy().catch(() => undefined);
      }
    },
  };
}

export interface HealthChecks {
  /** Runs one round of checks now and resolves when every answer (or timeout) is in. */
  checkNow(): Promise<void>;
  stop(): void;
}

/**
 * Asks every replica's `/readyz` every `intervalMs` (timers unref'd, at most one check per replica
 * at a time); a 5xx, an error or no answer within `timeoutMs` marks it down, any other answer up.
 */
export function startHealthChecks(
  upstreams: Iterable<Upstream>,
  { intervalMs = 1_000, timeoutMs = 1_500 }: { intervalMs?: number; timeoutMs?: number } = {},
): HealthChecks {
  const all = [...upstreams];

  function check(upstream: Upstream, replica: Replica): Promise<void> {
    if (replica.checking) return Promise.resolve();
    replica.checking = true;
    return new Promise<void>((resolve) => {
      let done = false;
      const finish = (up: boolean, reason: string) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        replica.checking = false;
        if (up) upstream.markUp(replica);
        else upstream.markDown(replica, reason);
        resolve();
      };
      const req = replica.request({
        agent: replica.agent,
        hostname: replica.hostname,
        port: replica.port,
        method: 'GET',
        path: '/readyz',
        headers: { 'user-agent': 'kermesse-gateway-health' },
      });
      const timer = setTimeout(() => {
        finish(false, 'readyz timeout');
        req.destroy();
      }, timeoutMs);
      req.on('response', (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        finish(status < 500, `readyz ${status}`);
      });
      req.on('error', (err: NodeJS.ErrnoException) => finish(false, err.code ?? err.message));
      req.end();
    });
  }

  const checkNow = () => Promise.all(all.flatMap((u) => u.replicas.map((r) => check(u, r)))).then(() => undefined);
  const timer = setInterval(() => void checkNow(), intervalMs);
  timer.unref();
  void checkNow();
  return {
    checkNow,
    stop: () => clearInterval(timer),
  };
}
