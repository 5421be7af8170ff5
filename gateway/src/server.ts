/**
 * Starts the gateway: `node --import tsx gateway/src/server.ts` (PORT, default 8080). Also exports
 * `startGateway` so the launcher and the bench can run it in-process.
 */
import { pathToFileURL } from 'node:url';
import { createLogger, listen, onShutdown, type Logger, type RunningServer } from '@kermesse/kit/http';
import type { Bus } from '@kermesse/kit/bus';
import { buildApp, type GatewayDeps } from './app.ts';
import { readEnv, type GatewayEnv } from './env.ts';

export interface RunningGateway extends Omit<RunningServer, 'drain'> {
  url: string;
  /** `/readyz` answers 503 from now on (first step of a graceful stop). */
  drain(): void;
}

/** Builds and listens; `close()` stops accepting requests, then drops the pooled upstream sockets. */
export async function startGateway(env: GatewayEnv = readEnv(), overrides: Partial<GatewayDeps> = {}): Promise<RunningGateway> {
  const app = buildApp({
    upstreams: env.upstreams,
    root: env.root,
    remoteOrigins: env.remoteOrigins,
    remoteEntries: env.remoteEntries,
    trustProxy: env.trustProxy,
    trustedProxies: env.trustedProxies,
    loginRateLimit: env.loginRateLimit,
    checkIntervalMs: env.checkIntervalMs,
    connectTimeoutMs: env.connectTimeoutMs,
    hosting: env.hosting,
    ...overrides,
  });
  const running = await listen(app, env.port, env.host);
  const revocations = env.natsUrl
    ? listenToRevocations(app, env.natsUrl, env.natsNamespace, overrides.logger ?? createLogger('gateway'))
    : undefined;
  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  return {
    ...running,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${running.port}`,
    drain: () => app.drain(),
    async close() {
      await running.close();
      app.closeUpstreams();
      await revocations?.close();
    },
  };
}

/**
 * Connects to NATS in the background (the gateway never waits for it, nor fails without it) and, once
 * connected, has the app drop the tokens identity revokes; retries every 5 s until closed.
 */
function listenToRevocations(app: ReturnType<typeof buildApp>, url: string, namespace: string | undefined, logger: Logger) {
  let bus: Bus | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = async () => {
    try {
      // Loaded only when NATS is configured: the gateway's requests never need it.
      const { connectBus } = await import('@kermesse/kit/bus');
      await import('./events.ts');
      const connected = await connectBus({ url, namespace, name: 'gateway' });
      if (closed) return void (await connected.close());
      bus = connected;
      app.watchRevocations(connected);
      app.watchDirectory(connected);
    } catch (err) {
      if (closed) return;
      logger.warn('NATS unreachable: revocations reach this gateway within the cache time only', { err: String(err) });
      timer = setTimeout(() => void attempt(), 5_000);
      timer.unref();
    }
  };
  void attempt();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await bus?.close();
    },
  };
}

async function main() {
  const logger = createLogger('gateway');
  let env: GatewayEnv;
  try {
    env = readEnv();
  } catch (err) {
    logger.error('invalid configuration', { err: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  const gateway = await startGateway(env, { logger });
  logger.info('listening', { url: gateway.url, root: env.root });
  // SIGTERM: /readyz turns 503 so a load balancer stops sending new requests, the listener closes
  // after DRAIN_DELAY_MS (what a Kubernetes endpoint update takes), requests in flight finish.
  const { drainDelayMs } = env;
  onShutdown(
    logger,
    [
      async () => {
        gateway.drain();
        if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      },
      () => gateway.close(),
    ],
    { drain: false },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
