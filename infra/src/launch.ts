/**
 * The launcher: brings the whole system up on one machine — Postgres (DATABASE_URL or embedded),
 * NATS JetStream (NATS_URL or a local nats-server), migrations, demo data, front-end builds, every
 * service, then the gateway — and takes it down again in the reverse order. Used by `npm start`
 * (through cli.ts), by the integration tests and by the bench.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrateLatest, type ServiceMigrations } from '@kermesse/kit/db';
import { withAssociation, type DemoVariant } from '@kermesse/kit/tenancy';
import { HOST_DEMO_ACCOUNT, HOSTING_DEMO_ASSOCIATIONS, seedHostingDemo } from '@kermesse/identity/demo';

const HOST_DEMO_EMAIL = HOST_DEMO_ACCOUNT.email;
import { resolveDemoPassword } from './demoPassword.ts';
import { resolveSecretKey } from './secretKey.ts';
import { LaunchAborted, LaunchError } from './errors.ts';
import { buildFrontEnds } from './frontEnds.ts';
import { findNatsServer, NATS_MISSING, natsAnswers, startNats, type StartedNats } from './nats.ts';
import { choosePort, isPortFree } from './ports.ts';
import { describeDbError, ensureDatabase, startEmbeddedPostgres, type StartedPostgres } from './postgres.ts';
import {
  answers200,
  consoleOutput,
  describeExit,
  isAlive,
  ManagedProcess,
  waitUntil,
  type Output,
  type SupervisedProcess,
} from './processes.ts';
import { jsonLog, Supervised, type SupervisedOptions } from './supervisor.ts';
import { DEMO_ACCOUNTS, planPorts, serviceUrlVar, SERVICES, type ServiceName } from './topology.ts';

/** The repository root (infra/src/launch.ts → ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LaunchOptions {
  /** Read for every setting not given below; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Repository root; default the one holding this file. */
  rootDir?: string;
  /** `KERMESSE_DATA_DIR`, default `<root>/.data`: embedded Postgres, NATS store, demo password. */
  dataDir?: string;
  /** `DATABASE_URL`; when absent the embedded Postgres is started. */
  databaseUrl?: string;
  /** `NATS_URL`; when absent a local nats-server is started. */
  natsUrl?: string;
  /** `NATS_NAMESPACE`, default `kermesse`. */
  natsNamespace?: string;
  /** Gateway port; default `portBase` when given, else `PORT`, else 8080. */
  port?: number;
  /** Shifts every default port (gateway = portBase, identity = portBase + 21, …) to run a second system. */
  portBase?: number;
  /**
   * Load the demo data (default true; `KERMESSE_DEMO=0` says false): without it no account exists,
   * and the first visit creates the first administrator.
   */
  demo?: boolean;
  /** `DEMO_PASSWORD`; default the one saved in the data folder, or a new one. */
  demoPassword?: string;
  /** Build the front ends first (default true unless `KERMESSE_SKIP_BUILD=1`); up-to-date builds are kept. */
  build?: boolean;
  /** `LOG_LEVEL` given to the services, default `info`. */
  logLevel?: string;
  /** Where the launcher and its children write (default the console). */
  output?: Output;
  /** Aborts the start-up (what was started is stopped, launch() rejects with LaunchAborted). */
  signal?: AbortSignal;
  /** Services to run (default all of SERVICES, in its order); the gateway answers 502 for the others. */
  services?: readonly ServiceName[];
  /** How long each part may take to answer /readyz (default 60 s). */
  healthTimeoutMs?: number;
  /** Supervisor: first restart delay (default 1 s, doubling up to 30 s) and liveness probe period (5 s). */
  restartDelayMs?: number;
  probeIntervalMs?: number;
}

export interface DemoAccount {
  email: string;
  role: string;
  password: string;
}

/**
 * How a running system ended: `crash` names the part that died on its own during the start-up, or
 * the embedded Postgres given up after failing to come back (`message`: what to do, in French).
 */
export interface StopReport {
  crash?: { name: string; exit: string; message?: string };
}

/** Failed restarts in a row of the embedded Postgres before everything is stopped. */
export const POSTGRES_MAX_RESTARTS = 5;

export interface RunningSystem {
  /** The gateway, e.g. `http://127.0.0.1:8080`. */
  url: string;
  accounts: DemoAccount[];
  databaseUrl: string;
  natsUrl: string;
  natsNamespace: string;
  /** Where each running service listens (its planned port, or another one when that was taken). */
  serviceUrls: Partial<Record<ServiceName, string>>;
  /** The processes running now (services, gateway, nats-server, postgres): pids change on restarts. */
  readonly processes: { name: string; pid: number }[];
  /** How many times the supervisor restarted each part. */
  restarts(name: string): number;
  /** Resolves once everything is stopped, by stop() or after a part died (then `crash` is set). */
  stopped: Promise<StopReport>;
  /** Stops gateway, services, NATS and Postgres (those it started), in that order. Idempotent. */
  stop(): Promise<void>;
}

/** Starts the whole system; see RunningSystem. Rejects with LaunchError (a message for humans) on failure. */
export async function launch(options: LaunchOptions = {}): Promise<RunningSystem> {
  const env = options.env ?? process.env;
  const output = options.output ?? consoleOutput;
  const rootDir = options.rootDir ?? REPO_ROOT;
  const dataDir = path.resolve(rootDir, options.dataDir ?? (env.KERMESSE_DATA_DIR || '.data'));
  const natsNamespace = options.natsNamespace ?? (env.NATS_NAMESPACE || 'kermesse');
  const logLevel = options.logLevel ?? (env.LOG_LEVEL || 'info');
  const healthTimeoutMs = options.healthTimeoutMs ?? 60_000;
  const withDemo = options.demo ?? !['0', 'false', 'non'].includes((env.KERMESSE_DEMO ?? '').trim().toLowerCase());
  const hosting = env.KERMESSE_HOSTING === '1';
  const build = options.build ?? !['1', 'true'].includes(env.KERMESSE_SKIP_BUILD ?? '');
  const serviceNames = options.services ? SERVICES.filter((name) => options.services!.includes(name)) : SERVICES;
  // An explicit portBase wins over the environment's PORT (a second system beside the first).
  const gatewayPort = options.port ?? (options.portBase === undefined ? parsePort(env.PORT) : undefined);
  const ports = planPorts({ portBase: options.portBase, gatewayPort });

  // Everything started so far, stopped in reverse by shutdown().
  let postgres: StartedPostgres | undefined;
  let nats: StartedNats | undefined;
  let builder: Promise<void> | undefined;
  const builds: ManagedProcess[] = [];
  const services: Supervised[] = [];
  let gateway: Supervised | undefined;
  let natsPart: Supervised | undefined;
  let postgresPart: Supervised | undefined;
  let dependencyWatch: NodeJS.Timeout | undefined;
  const supervisorLog = jsonLog(output);
  let shuttingDown: Promise<void> | undefined;

  let reportStop!: (report: StopReport) => void;
  const stopped = new Promise<StopReport>((resolve) => {
    reportStop = resolve;
  });
  // Rejects as soon as a started part dies on its own, or the caller aborts: every wait races it.
  let interrupt!: (err: Error) => void;
  const interrupted = new Promise<never>((_, reject) => {
    interrupt = reject;
  });
  interrupted.catch(() => undefined);
  let launched = false;
  let firstCrash: StopReport['crash'];

  const onAbort = () => interrupt(new LaunchAborted());
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const checkAborted = () => {
    if (options.signal?.aborted) throw new LaunchAborted();
  };

  // Last resort when the launcher exits without stop(): don't leave servers behind.
  const killAll = () => {
    for (const child of [gateway?.current, ...services.map((s) => s.current), ...builds, natsPart?.current]) {
      if (child?.running) child.kill('SIGTERM');
    }
    if (postgres?.pid && isAlive(postgres.pid)) process.kill(postgres.pid, 'SIGINT');
  };
  process.on('exit', killAll);

  // While the system starts, a part that dies fails the start-up (reported, not retried); once it
  // runs, the supervisor restarts that part and the others keep serving.
  const supervise = (
    name: string,
    spawn: () => Promise<SupervisedProcess> | SupervisedProcess,
    urls: { ready?: string; alive?: string } = {},
    extra: Pick<SupervisedOptions, 'maxRestarts' | 'onGiveUp' | 'onBack'> = {},
  ) =>
    new Supervised({
      name,
      spawn,
      ...extra,
      log: supervisorLog,
      ready: urls.ready ? () => answers200(urls.ready!) : undefined,
      alive: urls.alive ? () => answers200(urls.alive!) : undefined,
      probeIntervalMs: options.probeIntervalMs,
      readyTimeoutMs: healthTimeoutMs,
      backoff: options.restartDelayMs === undefined ? undefined : { initialMs: options.restartDelayMs, maxMs: 30_000, stableMs: 60_000 },
      onUnexpectedExit: (exit) => {
        if (launched || shuttingDown) return !shuttingDown;
        firstCrash ??= { name, exit: describeExit(exit) };
        interrupt(
          new LaunchError(
            `« ${name} » s'est arrêté pendant le démarrage (${describeExit(exit)}).`,
            `${name} stopped during start-up (${describeExit(exit)}).`,
          ),
        );
        return false;
      },
    });

  /** What a service needs came back: a service waiting in a long backoff restarts from the first delay. */
  const dependencyBack = (what: string) => {
    for (const part of services) part.dependencyBack(what);
  };

  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      options.signal?.removeEventListener('abort', onAbort);
      clearInterval(dependencyWatch);
      if (gateway) await gateway.stop();
      await Promise.all([...services, ...builds].map((child) => child.stop()));
      await builder?.catch(() => undefined);
      if (natsPart) await natsPart.stop();
      if (postgresPart) await postgresPart.stop();
      process.removeListener('exit', killAll);
      reportStop({ crash: firstCrash });
    })();
    return shuttingDown;
  };

  try {
    await mkdir(dataDir, { recursive: true });
    await ensureGatewayPortFree(ports.gateway);

    // Front ends build meanwhile (rspack takes a while); awaited before the gateway starts.
    if (build) {
      builder = buildFrontEnds({ rootDir, env, output, track: (child) => builds.push(child) });
      builder.catch(() => undefined);
    }

    // NATS problems (URL not answering, no nats-server) are reported before anything is started.
    let natsUrl = options.natsUrl ?? env.NATS_URL;
    const natsBinary = natsUrl ? undefined : await findNatsServer(env);
    if (natsUrl) await ensureNatsAnswers(natsUrl);
    else if (!natsBinary) throw NATS_MISSING;

    // Postgres
    let databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
    if (databaseUrl) {
      await Promise.race([ensureDatabase(databaseUrl), interrupted]);
    } else {
      // A restarted Postgres keeps its port (the services know it) and its cluster: crash recovery
      // takes a fraction of a second, the services' pools reconnect, requests meanwhile get 503.
      postgresPart = supervise(
        'postgres',
        async () => {
          postgres = await startEmbeddedPostgres({ dataDir, output, avoidPorts: Object.values(ports.services), port: postgres?.port });
          return postgres.process;
        },
        {},
        {
          maxRestarts: POSTGRES_MAX_RESTARTS,
          onBack: () => dependencyBack('Postgres'),
          onGiveUp: (attempts) => {
            const message =
              `Postgres embarqué ne redémarre pas (${attempts} essais) : tout le système s'arrête. ` +
              `Lisez les dernières lignes « postgres » ci-dessus (disque plein ? dossier ${path.join(dataDir, 'postgres')} abîmé ?), ` +
              'corrigez, puis relancez npm start.';
            supervisorLog({ level: 'error', msg: message, process: 'postgres', attempts });
            firstCrash ??= { name: 'postgres', exit: `${attempts} redémarrages échoués`, message };
            void shutdown();
          },
        },
      );
      await postgresPart.start();
      databaseUrl = postgres!.url;
    }
    checkAborted();

    // NATS
    if (!natsUrl && natsBinary) {
      const natsOptions = {
        binary: natsBinary,
        natsDir: path.join(dataDir, 'nats'),
        cwd: rootDir,
        output,
        avoidPorts: [...Object.values(ports.services), ...(postgres ? [postgres.port] : [])],
      };
      // A restarted nats-server keeps its port (the services know it) and its JetStream store.
      natsPart = supervise(
        'nats',
        async () => {
          nats = await startNats({ ...natsOptions, port: nats ? Number(new URL(nats.url).port) : undefined });
          return nats.process;
        },
        {},
        { onBack: () => dependencyBack('NATS') },
      );
      await natsPart.start();
      natsUrl = nats!.url;
    }
    if (!natsUrl) throw NATS_MISSING; // checked above; tells the compiler
    checkAborted();

    // Schemas and demo data, service by service (identity first: it owns the accounts).
    const demo = withDemo ? await resolveDemoPassword(dataDir, options.demoPassword ?? env.DEMO_PASSWORD) : undefined;
    const secretKey = await resolveSecretKey(dataDir, env);
    for (const name of serviceNames) {
      await Promise.race([prepareService(name, databaseUrl, demo?.password, hosting), interrupted]);
      checkAborted();
    }

    // Services: identity first (the others verify tokens with its keys), then the rest together.
    const servicePorts = await assignServicePorts(ports.services, serviceNames, [
      ports.gateway,
      postgres?.port,
      nats && new URL(nats.url).port,
    ]);
    const serviceUrls = Object.fromEntries(
      Object.entries(servicePorts).map(([name, port]) => [serviceUrlVar(name as ServiceName), `http://127.0.0.1:${port}`]),
    );
    const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
      ...env,
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NATS_NAMESPACE: natsNamespace,
      // Every service may call another directly (register → raffle claims), and links sent to
      // buyers (receipts) point at the public gateway.
      ...serviceUrls,
      PUBLIC_URL: env.PUBLIC_URL || `http://127.0.0.1:${ports.gateway}`,
      LOG_LEVEL: logLevel,
      KERMESSE_DATA_DIR: dataDir,
      ...secretKey,
      ...extra,
    });
    const startService = async (name: ServiceName) => {
      const base = `http://127.0.0.1:${servicePorts[name]}`;
      const part = supervise(
        name,
        () =>
          new ManagedProcess(name, process.execPath, ['--import', 'tsx', `services/${name}/src/server.ts`], {
            cwd: rootDir,
            // Services stay on loopback whatever HOST the gateway was given: only the gateway is public.
            env: childEnv({ PORT: String(servicePorts[name]), HOST: '127.0.0.1' }),
            output,
          }),
        { ready: `${base}/readyz`, alive: `${base}/healthz` },
      );
      services.push(part);
      await part.start();
      await waitHealthy(name, `${base}/readyz`);
    };
    const waitHealthy = (name: string, url: string) =>
      waitUntil(name, () => answers200(url), { timeoutMs: healthTimeoutMs, abort: interrupted }).catch((err) => {
        if (err instanceof LaunchError || err instanceof LaunchAborted) throw err;
        throw new LaunchError(
          `« ${name} » ne répond pas sur ${url} : ${(err as Error).message}`,
          `${name} does not answer on ${url}: ${(err as Error).message}`,
        );
      });

    const [first, ...others] = serviceNames;
    if (first) await startService(first);
    await Promise.all(others.map(startService));
    checkAborted();

    if (builder) await Promise.race([builder, interrupted]);
    const gatewayHealth = `http://127.0.0.1:${ports.gateway}/healthz`;
    gateway = supervise(
      'gateway',
      () =>
        new ManagedProcess('gateway', process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
          cwd: rootDir,
          env: childEnv({ ...serviceUrls, PORT: String(ports.gateway), KERMESSE_ROOT: rootDir }),
          output,
        }),
      { ready: gatewayHealth, alive: gatewayHealth },
    );
    await gateway.start();
    await waitHealthy('gateway', gatewayHealth);
    checkAborted();

    const url = `http://127.0.0.1:${ports.gateway}`;
    const accounts = demo ? DEMO_ACCOUNTS.map((account) => ({ ...account, password: demo.password })) : [];
    // With hosting, the bare address is the host console: its demo account is the host operator's.
    const firstAccount = hosting && demo ? { email: HOST_DEMO_EMAIL, role: 'host', password: demo.password } : accounts[0];
    if (demo && !(await demoLoginWorks(url, firstAccount!))) {
      output(
        `[kermesse] Attention : ${firstAccount!.email} ne se connecte pas avec le mot de passe affiché — les comptes de démonstration existaient déjà avec un autre (${demo.source === 'env' ? 'DEMO_PASSWORD' : demo.file}). / ` +
          `Warning: the demo accounts already existed with another password than the one shown.`,
        'err',
      );
    }
    launched = true;
    for (const part of [postgresPart, natsPart, ...services, gateway]) part?.watchLiveness();
    dependencyWatch = watchNats(natsUrl, () => dependencyBack('NATS'));
    // Printed with localhost, the same server by name: passkeys need a domain name and browsers refuse
    // an IP address as one (README « Passkeys »), so the address people copy is the one where they work.
    printBanner(
      output,
      url.replace('127.0.0.1', 'localhost'),
      accounts,
      demo?.source === 'generated' ? demo.file : undefined,
      nats,
      hosting,
    );

    const parts = [postgresPart, natsPart, ...services, gateway].filter((part): part is Supervised => part !== undefined);
    const runningUrls = Object.fromEntries(serviceNames.map((name) => [name, serviceUrls[serviceUrlVar(name)]!]));
    return {
      url,
      accounts,
      databaseUrl,
      natsUrl,
      natsNamespace,
      serviceUrls: runningUrls,
      stopped,
      stop: shutdown,
      get processes() {
        return parts.flatMap((part) => (part.current?.running && part.pid ? [{ name: part.name, pid: part.pid }] : []));
      },
      restarts: (name: string) => parts.find((part) => part.name === name)?.restarts ?? 0,
    };
  } catch (err) {
    await shutdown();
    if (options.signal?.aborted) throw new LaunchAborted();
    throw err;
  }
}

/**
 * Asks NATS every second whether it greets a client (a frozen server does not) and calls `onBack`
 * when it does again after not doing so: services in a long backoff then restart at once.
 */
function watchNats(natsUrl: string, onBack: () => void): NodeJS.Timeout {
  const first = natsUrl.split(',')[0]!.trim();
  const parsed = new URL(first.includes('://') ? first : `nats://${first}`);
  let answering = true;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void natsAnswers(Number(parsed.port || 4222), parsed.hostname)
      .then((now) => {
        if (now && !answering) onBack();
        answering = now;
      })
      .finally(() => {
        checking = false;
      });
  }, 1_000);
  timer.unref();
  return timer;
}

function parsePort(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new LaunchError(`PORT doit être un numéro de port (reçu « ${raw} »).`, `PORT must be a port number (got "${raw}").`);
  }
  return port;
}

async function ensureGatewayPortFree(port: number): Promise<void> {
  // Both loopback and every interface: the gateway is the public port.
  if ((await isPortFree(port, '127.0.0.1')) && (await isPortFree(port, '0.0.0.0'))) return;
  throw new LaunchError(
    `Le port ${port} est déjà utilisé. Choisissez-en un autre : PORT=${port + 1} npm start`,
    `Port ${port} is already in use. Choose another one: PORT=${port + 1} npm start`,
  );
}

/** Each service's planned port, or another free one when something else holds it (they are internal). */
async function assignServicePorts(
  planned: Record<ServiceName, number>,
  running: readonly ServiceName[],
  taken: (number | string | undefined)[],
): Promise<Record<ServiceName, number>> {
  const avoid = new Set(taken.filter((port) => port !== undefined).map(Number));
  const result = { ...planned };
  for (const name of Object.keys(planned) as ServiceName[]) {
    if (running.includes(name)) {
      result[name] = await choosePort(planned[name], { avoid });
    }
    avoid.add(result[name]);
  }
  return result;
}

/**
 * Migrates one service's schema and, given the demo password, seeds its demo data (both idempotent).
 * With hosting, the demo holds two associations (a school fair and a comité des fêtes, docs/hosting.md),
 * each seeded with every service's demo, and identity's host directory and operator.
 */
async function prepareService(name: ServiceName, databaseUrl: string, password: string | undefined, hosting: boolean): Promise<void> {
  const service = (await import(`@kermesse/${name}/migrations`)) as ServiceMigrations;
  const { schema } = service;
  const { seedDemo } = (await import(`@kermesse/${name}/demo`)) as {
    seedDemo(deps: { db: ReturnType<typeof createDb>; password: string; variant?: DemoVariant }): Promise<unknown>;
  };
  const db = createDb(databaseUrl, { schema, poolMax: 2 });
  try {
    // Its appendOnly and updatableColumns too, as deploy/migrate.ts does: the till law's records stay out of reach of updates.
    await migrateLatest(db, service);
    if (password !== undefined && !hosting) await seedDemo({ db, password });
    if (password !== undefined && hosting) {
      if (name === 'identity') await seedHostingDemo({ db, password });
      // Each association its own demo: the school fair, the comité des fêtes' village fête.
      for (const association of HOSTING_DEMO_ASSOCIATIONS) {
        await withAssociation(association.id, () => seedDemo({ db, password, variant: association.demo }));
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'ECONNREFUSED') throw describeDbError(databaseUrl, err);
    throw new LaunchError(
      `Échec de la migration ou des données de démonstration de « ${name} » : ${(err as Error).message}`,
      `Migrating or seeding ${name} failed: ${(err as Error).stack ?? err}`,
    );
  } finally {
    await db.destroy();
  }
}

async function ensureNatsAnswers(natsUrl: string): Promise<void> {
  const first = natsUrl.split(',')[0]!.trim();
  const parsed = new URL(first.includes('://') ? first : `nats://${first}`);
  if (await natsAnswers(Number(parsed.port || 4222), parsed.hostname)) return;
  throw new LaunchError(
    `NATS ne répond pas sur ${first}. Vérifiez NATS_URL (serveur avec JetStream), ou retirez-la pour que le lanceur démarre nats-server (apt-get install nats-server).`,
    `NATS does not answer on ${first}. Check NATS_URL (a server with JetStream), or unset it so that the launcher starts nats-server (apt-get install nats-server).`,
  );
}

async function demoLoginWorks(url: string, account: DemoAccount): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status !== 401;
  } catch {
    return true; // unknown: say nothing rather than something false
  }
}

function printBanner(
  output: Output,
  url: string,
  accounts: DemoAccount[],
  savedIn: string | undefined,
  nats: StartedNats | undefined,
  hosting: boolean,
): void {
  const port = new URL(url).port;
  const lines = [
    '',
    `  Kermesse est prête / is ready : ${url}${hosting ? ' (console de l’hébergeur / host console)' : ''}`,
    ...(hosting && accounts.length
      ? [
          ...HOSTING_DEMO_ASSOCIATIONS.map((a) => `    ${a.name.padEnd(34)} http://${a.slug}.localhost:${port}`),
          `    Console : ${HOST_DEMO_EMAIL.padEnd(28)} host`,
        ]
      : []),
    '',
    ...(accounts.length
      ? [
          `  Comptes de démonstration / demo accounts — mot de passe / password : ${accounts[0]?.password}`,
          ...(savedIn ? [`  (généré et enregistré dans / generated and saved in ${savedIn} ; DEMO_PASSWORD pour le choisir)`] : []),
          ...accounts.map((account) => `    ${account.email.padEnd(28)} ${account.role}`),
        ]
      : [
          `  Sans données de démonstration (KERMESSE_DEMO=0) : ouvrez ${url} pour créer le premier compte administrateur,`,
          '  puis la première fête. / No demo data: the first visit creates the first administrator.',
        ]),
    '',
    ...(nats && !nats.syncAlways
      ? [
          `  NATS : ${nats.version} sans sync_interval (2.10+) — l'outbox Postgres reste la référence. / no sync_interval: the Postgres outbox stays the record.`,
          '',
        ]
      : []),
    '  Ctrl-C pour arrêter / to stop.',
    '',
  ];
  for (const line of lines) output(line, 'out');
}
