import { execFile } from 'node:child_process';
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { LaunchError } from './errors.ts';
import { clearLeftover } from './leftovers.ts';
import { choosePort } from './ports.ts';
import { describeExit, ManagedProcess, waitUntil, type Output } from './processes.ts';

const run = promisify(execFile);

export const NATS_PREFERRED_PORT = 4223;

/** `nats-server: v2.9.10` → [2, 9, 10]. */
export function parseNatsVersion(text: string): [number, number, number] | undefined {
  const match = /v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** `jetstream { sync_interval }` exists since nats-server 2.10; 2.9 refuses the whole file. */
export function supportsSyncInterval(version: readonly number[]): boolean {
  const [major = 0, minor = 0] = version;
  return major > 2 || (major === 2 && minor >= 10);
}

/** The nats-server configuration the launcher writes to `<data>/nats/nats-server.conf`. */
export function natsConfigText(options: { port: number; storeDir: string; pidFile: string; syncAlways: boolean; host?: string }): string {
  const lines = [
    '# Written by the Kermesse launcher (infra/src/nats.ts) at each start: edits are lost.',
    `listen: ${JSON.stringify(`${options.host ?? '127.0.0.1'}:${options.port}`)}`,
    'server_name: kermesse',
    `pid_file: ${JSON.stringify(options.pidFile)}`,
    'jetstream {',
    `  store_dir: ${JSON.stringify(options.storeDir)}`,
  ];
  if (options.syncAlways) {
    // fsync every write before the ack: an acked event survives a power cut, not just a crash.
    lines.push('  sync_interval: always');
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** Path of `nats-server`: the PATH first, then the sbin folders Debian installs it in (not on a user's PATH). */
export async function findNatsServer(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, 'nats-server');
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

export const NATS_MISSING = new LaunchError(
  'NATS introuvable : définissez NATS_URL (ex. nats://127.0.0.1:4222, serveur avec JetStream), ou installez nats-server (Debian : apt-get install nats-server) pour que le lanceur le démarre.',
  'NATS not found: set NATS_URL (e.g. nats://127.0.0.1:4222, a server with JetStream), or install nats-server (Debian: apt-get install nats-server) so that the launcher starts it.',
);

/** True once a NATS server at host:port greets a client with its INFO line. */
export function natsAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (chunk) => done(chunk.toString('utf8').startsWith('INFO ')));
  });
}

export interface StartedNats {
  url: string;
  process: ManagedProcess;
  /** False on nats-server < 2.10, which has no `sync_interval`. */
  syncAlways: boolean;
  version: string;
}

/** Starts nats-server with JetStream, its store in `<natsDir>/jetstream`, on a free port. */
export async function startNats(options: {
  binary: string;
  natsDir: string;
  cwd: string;
  output: Output;
  avoidPorts?: number[];
  /** The port to use (a restart by the supervisor keeps the one the services know). */
  port?: number;
}): Promise<StartedNats> {
  const { stdout } = await run(options.binary, ['--version']);
  const version = stdout.trim();
  const parsed = parseNatsVersion(version);
  const syncAlways = parsed ? supportsSyncInterval(parsed) : false;
  if (!syncAlways) {
    options.output(
      `[kermesse] ${version} has no jetstream sync_interval (2.10+): an acked event may sit in the OS cache until the periodic sync (2 min); the services' Postgres outbox stays the system of record. / ` +
        "un événement acquitté peut rester dans le cache du système jusqu'à la synchronisation périodique ; l'outbox Postgres des services reste la référence.",
      'out',
    );
  }
  await mkdir(options.natsDir, { recursive: true });
  const pidFile = path.join(options.natsDir, 'nats-server.pid');
  await clearLeftover({
    pidFile,
    processName: 'nats-server',
    stopSignal: 'SIGTERM',
    label: 'nats-server',
    dataDir: options.natsDir,
    output: options.output,
  });
  const port = options.port ?? (await choosePort(NATS_PREFERRED_PORT, { avoid: options.avoidPorts }));
  const configFile = path.join(options.natsDir, 'nats-server.conf');
  await writeFile(configFile, natsConfigText({ port, storeDir: options.natsDir, pidFile, syncAlways }));
  const child = new ManagedProcess('nats', options.binary, ['-c', configFile], {
    cwd: options.cwd,
    env: process.env,
    output: options.output,
  });
  const died = child.exited.then((exit) => {
    throw new Error(`nats-server stopped during start-up (${describeExit(exit)})`);
  });
  try {
    await waitUntil('nats-server', () => natsAnswers(port), { timeoutMs: 15_000, abort: died });
  } catch (err) {
    await child.stop('SIGKILL', 1_000);
    throw err;
  }
  return { url: `nats://127.0.0.1:${port}`, process: child, syncAlways, version };
}
