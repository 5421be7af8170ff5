/**
 * A 3-node nats-server JetStream cluster on loopback, each node with its own store, that a test can
 * kill (-9) and restart node by node. `sync_interval: always` is set when the server knows it (2.10+;
 * Debian's 2.9 does not, then the cluster runs with the server's default and says so).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@kermesse/kit/testing';

export interface NatsNode {
  name: string;
  url: string;
  monitorUrl: string;
  child: ChildProcess | null;
}

export interface NatsCluster {
  nodes: NatsNode[];
  /** The server's version, and whether `sync_interval: always` is in force. */
  version: string;
  syncAlways: boolean;
  kill(index: number): Promise<void>;
  start(index: number): Promise<void>;
  /** Resolves once every running node reports a JetStream meta leader. */
  waitForLeader(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function serverVersion(): string {
  const out = execFileSync('nats-server', ['--version'], { encoding: 'utf8' });
  return /v?(\d+\.\d+\.\d+)/.exec(out)?.[1] ?? '0.0.0';
}

function atLeast(version: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

export async function startNatsCluster(dir: string, size = 3): Promise<NatsCluster> {
  const version = serverVersion();
  const syncAlways = atLeast(version, 2, 10);
  const ports = [];
  for (let i = 0; i < size; i += 1) ports.push({ client: await freePort(), cluster: await freePort(), monitor: await freePort() });
  const routes = ports.map((p) => `nats-route://127.0.0.1:${p.cluster}`).join(', ');
  const nodes: NatsNode[] = ports.map((p, i) => ({
    name: `nats-${i}`,
    url: `nats://127.0.0.1:${p.client}`,
    monitorUrl: `http://127.0.0.1:${p.monitor}`,
    child: null,
  }));
  const configs = ports.map((p, i) => {
    const store = path.join(dir, `nats-${i}`);
    mkdirSync(store, { recursive: true });
    const file = path.join(dir, `nats-${i}.conf`);
    writeFileSync(
      file,
      [
        `server_name: nats-${i}`,
        `listen: 127.0.0.1:${p.client}`,
        `http: 127.0.0.1:${p.monitor}`,
        'jetstream {',
        `  store_dir: "${store}"`,
        syncAlways ? '  sync_interval: always' : '',
        '}',
        'cluster {',
        '  name: kermesse',
        `  listen: 127.0.0.1:${p.cluster}`,
        `  routes: [${routes}]`,
        '}',
      ].join('\n'),
    );
    return file;
  });

  const cluster: NatsCluster = {
    nodes,
    version,
    syncAlways,
    async start(index) {
      const node = nodes[index]!;
      const log = createWriteStream(path.join(dir, `${node.name}.log`), { flags: 'a' });
      const child = spawn('nats-server', ['-c', configs[index]!], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      node.child = child;
      await waitFor(
        async () => (await fetch(`${node.monitorUrl}/healthz`).catch(() => undefined))?.ok === true,
        15_000,
        `${node.name} to answer`,
      );
    },
    async kill(index) {
      const node = nodes[index]!;
      const child = node.child;
      node.child = null;
      if (!child || child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    async waitForLeader(timeoutMs = 30_000) {
      await waitFor(
        async () => {
          for (const node of nodes) {
            if (!node.child) continue;
            const jsz = (await (await fetch(`${node.monitorUrl}/jsz`)).json()) as { meta_cluster?: { leader?: string } };
            if (!jsz.meta_cluster?.leader) return false;
          }
          return true;
        },
        timeoutMs,
        'a JetStream meta leader',
      );
    },
    async stop() {
      await Promise.all(nodes.map((_, i) => cluster.kill(i)));
    },
  };
  await Promise.all(nodes.map((_, i) => cluster.start(i)));
  await cluster.waitForLeader();
  return cluster;
}

/** Polls `check` every 100 ms until it returns true; throws naming `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
