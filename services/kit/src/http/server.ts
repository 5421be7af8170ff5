import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (only the gateway is public). Port 0 picks a free port (tests). */
export function listen(app: Koa, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    // Longer than the gateway's idle keep-alive so the gateway closes idle sockets first.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        close: () => new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
        }),
      });
    });
  });
}

/**
 * Stops cleanly on SIGTERM/SIGINT: stop accepting requests, let running ones finish, then run the
 * cleanups (consumers, relay, NATS drain, database pool) in order. A second signal forces the exit.
 */
export function onShutdown(logger: Logger, cleanups: Array<() => Promise<unknown>>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
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
