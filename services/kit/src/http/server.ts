import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Stops accepting connections, lets the requests in flight finish (each answered with
   * `Connection: close`), closes every kept-alive connection as soon as it is idle; resolves once
   * the last one is closed.
   */
  close(): Promise<void>;
  /**
   * First step of a rolling restart: `/readyz` answers 503 from now on (see `isDraining`) while
   * requests are still served, so the gateway's health check takes this replica out of rotation;
   * resolves once nothing but health checks has come in for `quietMs`, or after `maxMs`.
   * Optional so that hand-made RunningServer objects stay valid.
   */
  drain?(options?: DrainOptions): Promise<void>;
}

export interface DrainOptions {
  /** No request (other than /readyz, /healthz) for this long means the balancers have let go (ms). */
  quietMs?: number;
  /** Gives up waiting after this long (ms). */
  maxMs?: number;
}

const DRAINING = Symbol.for('kermesse.draining');

/** True once `drain()` was called on the server running this app: `/readyz` answers 503 then. */
export function isDraining(app: Koa): boolean {
  return (app as unknown as Record<symbol, boolean>)[DRAINING] === true;
}

/** The servers `listen` started in this process, drained by `onShutdown` before its cleanups. */
const running = new Set<RunningServer>();

const HEALTH_PATHS = new Set(['/readyz', '/healthz']);

/** Listens on 127.0.0.1 (only the gateway is public). Port 0 picks a free port (tests). */
export function listen(app: Koa, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    // Longer than the gateway's idle keep-alive so the gateway closes idle sockets first.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    let lastRequestAt = 0;
    let closing = false;
    // Only once a drain or a close has begun: nothing is added to a request's path before that.
    let watching = false;
    const watch = () => {
      if (watching) return;
      watching = true;
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const url = req.url ?? '';
        const query = url.indexOf('?');
        if (!HEALTH_PATHS.has(query === -1 ? url : url.slice(0, query))) lastRequestAt = Date.now();
        // Closing: this answer is the connection's last, the client opens its next one elsewhere.
        if (closing) res.shouldKeepAlive = false;
      });
    };
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      let closed: Promise<void> | undefined;
      const handle: RunningServer = {
        server,
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          (closed ??= new Promise<void>((done) => {
            closing = true;
            watch();
            running.delete(handle);
            // Kept-alive connections whose request is still running are closed once it is answered.
            const sweep = setInterval(() => server.closeIdleConnections(), 50);
            server.close(() => {
              clearInterval(sweep);
              done();
            });
            server.closeIdleConnections();
          })),
        async drain({ quietMs = 500, maxMs = 5_000 }: DrainOptions = {}) {
          (app as unknown as Record<symbol, boolean>)[DRAINING] = true;
          watch();
          const started = Date.now();
          // Whatever came in just before counts: a request in transit still has to arrive.
          lastRequestAt = Math.max(lastRequestAt, started);
          while (Date.now() - lastRequestAt < quietMs && Date.now() - started < maxMs) {
            await new Promise((wake) => setTimeout(wake, Math.min(50, quietMs)));
          }
        },
      };
      running.add(handle);
      resolve(handle);
    });
  });
}

export interface ShutdownOptions {
  /**
   * Drain the servers `listen` started before the cleanups (default true): `/readyz` turns 503 and
   * the shutdown waits until the balancers stop sending (see `RunningServer.drain`). `DRAIN_QUIET_MS`
   * (500) and `DRAIN_DELAY_MS` (the longest wait, 5000) tune it.
   */
  drain?: boolean;
}

/**
 * Stops cleanly on SIGTERM/SIGINT (a rolling restart): `/readyz` answers 503 while requests are
 * still served until the balancers have let go, then stop accepting requests, let running ones
 * finish, then run the cleanups (consumers, relay, NATS drain, database pool) in order. A second
 * signal forces the exit.
 */
export function onShutdown(logger: Logger, cleanups: Array<() => Promise<unknown>>, options: ShutdownOptions = {}): void {
  let stopping = false;
  const quietMs = readMs('DRAIN_QUIET_MS', 500);
  const maxMs = readMs('DRAIN_DELAY_MS', 5_000);
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000 + (options.drain === false ? 0 : maxMs));
    force.unref();
    if (options.drain !== false) {
      await Promise.all([...running].map((server) => server.drain?.({ quietMs, maxMs })));
    }
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (err) {
        logger.warn('cleanup failed', { err: String(err) });
      }
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

function readMs(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(value) && value >= 0
    ? Math.min(value, 60_000)
    : fallback;
}
