/**
 * `runService()`: the one start-up of a service, so every `server.ts` reads the same. In order:
 * environment, logger, database, bus, outbox relay, the service's own resources (`setup`), its
 * consumers, the token verifier, its Koa app, listen, periodic jobs; and the shutdown in the reverse
 * order (drain the listener, stop the jobs, the consumers, the service's resources, the relay, the
 * bus, the database pool).
 *
 * NATS is not needed to start: when it does not answer within `natsWaitMs` the service listens and
 * sells anyway (the outbox keeps the events), and its consumers attach as soon as NATS answers.
 *
 *   await runService({
 *     name: 'stock', schema,
 *     consumers: (deps) => startStockConsumers(deps),
 *     buildApp: (deps) => buildApp(deps),
 *     jobs: [{ name: 'expire claims', everyMs: 30_000, run: ({ db }) => expireClaims(db) }],
 *   });
 */
import type Koa from 'koa';
import { openBus, type Bus } from './bus/bus.ts';
import { startOutboxRelay, type OutboxRelay } from './bus/outbox.ts';
import { createDb, type Db } from './db/db.ts';
import { readServiceEnv, type ServiceEnv } from './env.ts';
import { createLogger, type Logger } from './http/logger.ts';
import { listen, onShutdown, type RunningServer } from './http/server.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verifier.ts';
import { unauthorized } from './http/errors.ts';
import type { ServiceName } from './topology.ts';
import { withAssociation } from './tenancy/association.ts';
import { createAssociationLister, type AssociationLister } from './tenancy/associations.ts';

/** What a service's env reader returns: the kit's `ServiceEnv` (identity has no `identityUrl` to ask). */
export type RunServiceEnv = Omit<ServiceEnv, 'identityUrl'> & { identityUrl?: string };

/** What every callback of `runService` receives. */
export interface ServiceDeps<E extends RunServiceEnv = ServiceEnv> {
  name: string;
  env: E;
  logger: Logger;
  db: Db;
  bus: Bus;
  /**
   * The outbox relay (`relay: false` gives a stand-in whose wake/flush/stop do nothing). Events
   * recorded with `recordEvent` wake it by themselves after their commit.
   */
  relay: OutboxRelay;
  /**
   * The token verifier on `env.identityUrl`. With `verifier: false` (identity verifies its own
   * tokens) or no identityUrl, one that refuses every token (401): never a door left open.
   */
  verifier: TokenVerifier;
}

/** Something `runService` stops at shutdown. */
export interface Stoppable {
  stop(): Promise<unknown> | unknown;
}

/** A periodic job: runs every `everyMs` (never twice at once); a failure is logged and retried next time. */
export interface PeriodicJob<D> {
  name: string;
  everyMs: number;
  run(deps: D): Promise<unknown> | unknown;
  /** Also run once right after listening (default false). */
  atStart?: boolean;
}

export interface RunServiceOptions<E extends RunServiceEnv, X extends object> {
  /** The service's name (logger, NATS connection name, `readServiceEnv`'s default port). */
  name: ServiceName | (string & {});
  /** The service's database schema. */
  schema: string;
  /** Reads the environment; default `readServiceEnv(name)`. Tests pass their own values. */
  env?: () => E;
  /** Database pool size (default the kit's, 10). */
  poolMax?: number;
  /**
   * Start the outbox relay (default true); false for a service that publishes nothing. `wakeDelayMs`
   * groups the events of a burst of commits into one publish batch (the register: 25).
   */
  relay?: boolean | { pollMs?: number; wakeDelayMs?: number };
  /** Create the token verifier from `env.identityUrl` (default true), or use this one (tests: `testTokenVerifier()`). */
  verifier?: boolean | TokenVerifier;
  /**
   * The service's own resources, built after the relay and before the consumers (a delivery worker,
   * a journal, clients of other services): what it returns is merged into the deps every later
   * callback receives. `stopSetup` stops them.
   */
  setup?(deps: ServiceDeps<E>): X | Promise<X>;
  /** Stops what `setup` started; runs after the consumers stopped, before the relay. */
  stopSetup?(deps: ServiceDeps<E> & X): Promise<unknown> | unknown;
  /** Starts the consumers; what it returns (one or several `{ stop }`) is stopped at shutdown. */
  consumers?(deps: ServiceDeps<E> & X): Promise<Stoppable | Stoppable[] | void> | Stoppable | Stoppable[] | void;
  /** The service's Koa app. */
  buildApp(deps: ServiceDeps<E> & X): Koa | Promise<Koa>;
  jobs?: Array<PeriodicJob<ServiceDeps<E> & X>>;
  /** Runs once listening: extra log lines, warm-ups. */
  started?(deps: ServiceDeps<E> & X & { server: RunningServer }): Promise<unknown> | unknown;
  /**
   * Stop on SIGTERM/SIGINT through `onShutdown` (drain, then the cleanups, then exit). Default true;
   * tests pass false and call `stop()`.
   */
  handleSignals?: boolean;
  /**
   * How long the start waits for NATS before listening without it (ms, default 300): the consumers
   * then attach in the background once it answers.
   */
  natsWaitMs?: number;
}

export interface RunningService<E extends RunServiceEnv, X extends object> {
  deps: ServiceDeps<E> & X;
  server: RunningServer;
  /** The cleanups in order (what a signal runs after draining), without exiting the process. */
  stop(): Promise<void>;
}

/** For a service without a remote verifier: every token is refused. */
const refusingVerifier: TokenVerifier = {
  verify: async () => {
    throw unauthorized('Jeton invalide ou expiré.');
  },
  forget: () => undefined,
  peek: () => undefined,
};

const idleRelay: OutboxRelay = { wake: () => undefined, flush: async () => 0, stop: async () => undefined };

export async function runService<E extends RunServiceEnv = ServiceEnv, X extends object = Record<never, never>>(
  options: RunServiceOptions<E, X>,
): Promise<RunningService<E, X>> {
  const { name } = options;
  const env = options.env ? options.env() : (readServiceEnv(name as ServiceName) as unknown as E);
  const logger = createLogger(name, env.logLevel);
  const db = createDb(env.databaseUrl, { schema: options.schema, poolMax: options.poolMax });
  const bus = openBus({
    url: env.natsUrl,
    namespace: env.natsNamespace,
    name,
    onRetry(err, failures) {
      if (failures === 1 || failures % 30 === 0)
        logger.warn("NATS ne répond pas : le service sert quand même (l'outbox garde les événements), nouvel essai chaque seconde", {
          err: String(err),
          failures,
        });
    },
  });
  await Promise.race([bus.ready, delay(options.natsWaitMs ?? 300)]);
  const relay =
    options.relay === false
      ? idleRelay
      : startOutboxRelay({ db, bus, logger, ...(typeof options.relay === 'object' ? options.relay : {}) });
  const verifier =
    typeof options.verifier === 'object'
      ? options.verifier
      : options.verifier !== false && env.identityUrl
        ? createTokenVerifier({ identityUrl: env.identityUrl })
        : refusingVerifier;
  const base: ServiceDeps<E> = { name, env, logger, db, bus, relay, verifier };
  const extras = options.setup ? await options.setup(base) : ({} as X);
  const deps = { ...base, ...extras } as ServiceDeps<E> & X;
  const consumers: Stoppable[] = [];
  let stopping = false;
  const attachConsumers = async () => {
    const started = await options.consumers?.(deps);
    const attached = !started ? [] : Array.isArray(started) ? started : [started];
    // Stopped meanwhile: these would otherwise run on after the shutdown.
    if (stopping) await Promise.all(attached.map((consumer) => consumer.stop()));
    else consumers.push(...attached);
  };
  let attaching: Promise<void> | undefined;
  if (bus.connected || !options.consumers) await attachConsumers();
  else attaching = attachWhenConnected(bus, attachConsumers, logger, () => stopping);
  const app = await options.buildApp(deps);
  const server = await listen(app, env.port, env.host);
  logger.info(`${name} listening`, { port: server.port });

  const associations = createAssociationLister(env.identityUrl ?? `http://127.0.0.1:${env.port}`);
  const timers = (options.jobs ?? []).map((job) => startJob(job, deps, logger, associations));
  await options.started?.({ ...deps, server });

  const cleanups: Array<() => Promise<unknown>> = [
    () => server.close(),
    async () => {
      for (const stopJob of timers) await stopJob();
    },
    async () => {
      stopping = true;
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
    async () => options.stopSetup?.(deps),
    () => relay.stop(),
    async () => {
      await bus.close();
      await attaching;
    },
    () => db.destroy(),
  ];
  if (options.handleSignals !== false) onShutdown(logger, cleanups);
  let stopped: Promise<void> | undefined;
  return {
    deps,
    server,
    stop: () =>
      (stopped ??= (async () => {
        for (const cleanup of cleanups) {
          try {
            await cleanup();
          } catch (err) {
            logger.warn('cleanup failed', { err: String(err) });
          }
        }
      })()),
  };
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Attaches the consumers once NATS answers (a service started without it); tried again every 5 s if
 * that fails (every consumer is durable and idempotent through its inbox).
 */
async function attachWhenConnected(bus: Bus, attach: () => Promise<void>, logger: Logger, stopped: () => boolean): Promise<void> {
  logger.warn('consumers wait for NATS');
  await Promise.race([bus.ready, until(stopped)]);
  while (!stopped()) {
    try {
      await attach();
      logger.info('NATS answers: consumers attached');
      return;
    } catch (err) {
      logger.error('consumers could not attach; trying again in 5 s', { err: String(err) });
      await delay(5_000);
    }
  }
}

/** Resolves once `done()` turns true (checked every 200 ms). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await delay(200);
}

/** Starts one periodic job; returns the function that stops it (waiting for a run in progress). */
/** Runs a periodic job in every association, one after the other; one failing does not stop the others. */
function startJob<D>(job: PeriodicJob<D>, deps: D, logger: Logger, associations: AssociationLister): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        for (const id of await associations.ids()) {
          await withAssociation(id, async () => job.run(deps)).catch((err: unknown) =>
            logger.warn(`${job.name} failed`, { err: String(err), association: id }),
          );
        }
      } catch (err) {
        logger.warn(`${job.name} failed`, { err: String(err) });
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  if (job.atStart) tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
