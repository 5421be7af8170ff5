/**
 * The Kermesse processes of the cluster test: each service replica and the gateway run as
 * `node --import tsx <entry>` on a fixed loopback port, with its output in a log file, and can be
 * killed (-9) and started again on the same port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { waitFor } from './natsCluster.ts';

export interface Proc {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  /** Starts the process and waits until it is ready (`/readyz` 200, or `/healthz` 200 where there is no /readyz yet). */
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function defineProc(root: string, logDir: string, name: string, entry: string, port: number, env: Record<string, string>): Proc {
  const proc: Proc = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    async start() {
      const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      proc.child = child;
      let exited = false;
      child.once('exit', () => {
        exited = true;
      });
      await waitFor(
        async () => {
          if (exited) throw new Error(`${name} exited during start-up (see ${path.join(logDir, `${name}.log`)})`);
          return isReady(proc.url);
        },
        90_000,
        `${name} to be ready`,
      );
    },
    async kill(signal = 'SIGKILL') {
      const child = proc.child;
      proc.child = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
  return proc;
}

async function isReady(url: string): Promise<boolean> {
  const ready = await fetch(`${url}/readyz`).catch(() => undefined);
  if (!ready) return false;
  await ready.body?.cancel();
  if (ready.status === 200) return true;
  if (ready.status !== 404) return false;
  const health = await fetch(`${url}/healthz`).catch(() => undefined);
  await health?.body?.cancel();
  return health?.status === 200;
}
