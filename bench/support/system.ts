/**
 * What the benches that start the real system share: the launcher (`build: false`) on a private
 * database and NATS namespace — the machine's Postgres and NATS when they answer, else the
 * launcher's embedded Postgres and its own nats-server — and the figures they print.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, deleteTestStream, freePort, TEST_NATS_URL, type TestDatabase } from '@kermesse/kit/testing';
import { launch, type RunningSystem } from '../../infra/src/launch.ts';
import type { ServiceName } from '../../infra/src/topology.ts';

export interface BenchSystem {
  system: RunningSystem;
  cleanup(): Promise<void>;
}

async function natsAnswers(): Promise<boolean> {
  const { connect } = await import('@nats-io/transport-node');
  try {
    const nc = await connect({ servers: TEST_NATS_URL, timeout: 1_000, reconnect: false });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

/** `services` (and the gateway) on their own database and NATS namespace; `name` tags the data directory and namespace. */
export async function startBenchSystem(name: string, services: ServiceName[]): Promise<BenchSystem> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kermesse-bench-${name}-`));
  chmodSync(dataDir, 0o755); // the embedded Postgres runs as user postgres
  const namespace = `bench${name}${randomBytes(4).toString('hex')}`;
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase();
  } catch {
    database = undefined;
  }
  const sharedNats = await natsAnswers();
  const lines: string[] = [];
  let system: RunningSystem;
  try {
    system = await launch({
      dataDir,
      databaseUrl: database?.url,
      natsUrl: sharedNats ? TEST_NATS_URL : undefined,
      natsNamespace: namespace,
      portBase: await freePort(),
      build: false,
      services,
      demoPassword: randomBytes(12).toString('base64url'),
      logLevel: 'warn',
      output: (line) => lines.push(line),
      healthTimeoutMs: 120_000,
    });
  } catch (err) {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    console.error(lines.slice(-20).join('\n'));
    throw err;
  }
  return {
    system,
    async cleanup() {
      await system.stop();
      if (sharedNats) await deleteTestStream(namespace).catch(() => undefined);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bearer token of the demo account with `role` (the launcher prints and returns their passwords). */
export async function signInAs(system: RunningSystem, role: string): Promise<string> {
  const account = system.accounts.find((a) => a.role === role);
  if (!account) throw new Error(`the system has no ${role} account`);
  const res = await fetch(`${system.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${role}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The value below which p % of the sorted values fall. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The machine's load, printed next to each figure: the machine is shared. */
export const machineLoad = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores`;

/** CPU time (user + system) a process has used, in ms; undefined off Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
