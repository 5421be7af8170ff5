/** Test helpers shared by every service's integration tests: real Postgres, real NATS. */
import { randomBytes } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { streamName } from '../bus/bus.ts';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file; `drop()` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `kermesse_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A NATS namespace no other test uses; `deleteTestStream` removes its stream afterwards. */
export const testNamespace = () => `t${randomBytes(5).toString('hex')}`;

export async function deleteTestStream(namespace: string, url = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName(namespace)).catch(() => false);
  } finally {
    await nc.close();
  }
}

/**
 * An address where nothing listens and nothing ever will during a run: port 1 lies below the range the
 * system hands out for port 0, so no test server can be given it, unlike a port freed a moment ago.
 */
export const REFUSING_URL = 'http://127.0.0.1:1';

/** Ports this process has handed out: a server given one may not listen yet, so the system still thinks it free. */
const handedOut = new Set<number>();

/** The first port the system hands out for port 0 and outgoing connections (32768 on Linux by default). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 1024) return low;
  } catch {
    // Not Linux: its usual range.
  }
  return 32768;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1 for a server a test starts a moment later. It is chosen below the range
 * the system uses for port 0 and for outgoing connections: a port from that range, freed, can be taken
 * by any connection before the server listens (and then the server fails, or another one answers in
 * its place). Never the same port twice in one process.
 */
export async function freePort(): Promise<number> {
  const top = Math.min(ephemeralLow(), 32768);
  const bottom = 20000;
  for (let attempt = 0; top - bottom > 1000 && attempt < 200; attempt += 1) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port: given } = srv.address() as { port: number };
        srv.close(() => resolve(given));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

export interface OwnNatsServer {
  url: string;
  port: number;
  /** Starts (or restarts) the server on the same port and store. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its store. */
  destroy(): Promise<void>;
}

/**
 * A private `nats-server -js` on a spare port, for fault tests that stop and restart NATS —
 * never the machine's shared server.
 */
export async function startOwnNatsServer(): Promise<OwnNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'kermesse-nats-'));
  let child: ChildProcess | null = null;
  const server: OwnNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
      await waitForPort(port, 10_000);
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
    },
    async destroy() {
      await server.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = netConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A multipart upload cut before its closing boundary (a phone losing the network mid-upload): the
 * request init to send with fetch. Services must answer 400 and keep running.
 */
export function cutMultipartUpload(filename = 'a.csv', content = 'produit;nouveau'): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    body: `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n${content}`,
  };
}

/**
 * The npm packages a fresh Node process loads when it imports `specifiers` (through tsx, from `cwd`):
 * every module resolved by the ES loader plus the CommonJS cache, reduced to package names. Proves an
 * entry point stays light: `expect(await packagesLoadedBy(['@kermesse/kit/http'])).not.toContain('knex')`.
 */
export async function packagesLoadedBy(specifiers: string[], cwd = process.cwd()): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kermesse-imports-'));
  try {
    const out = join(dir, 'resolved.txt');
    writeFileSync(out, '');
    writeFileSync(
      join(dir, 'hooks.mjs'),
      [
        "import { appendFileSync } from 'node:fs';",
        'export async function resolve(specifier, context, next) {',
        '  const resolved = await next(specifier, context);',
        `  appendFileSync(${JSON.stringify(out)}, resolved.url + '\\n');`,
        '  return resolved;',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});`,
    );
    const script = [
      ...specifiers.map((specifier) => `await import(${JSON.stringify(specifier)});`),
      "const { createRequire } = await import('node:module');",
      `(await import('node:fs')).appendFileSync(${JSON.stringify(out)}, Object.keys(createRequire(import.meta.url).cache).join('\\n'));`,
      'process.exit(0);',
    ].join('\n');
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', '--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', script],
        {
          cwd,
          timeout: 60_000,
          env: { ...process.env, LOG_LEVEL: 'error' },
        },
        (err, _stdout, stderr) => (err ? reject(new Error(`${String(err)}\n${stderr}`)) : resolve()),
      );
    });
    const packages = new Set<string>();
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(
        line.lastIndexOf('node_modules/') >= 0 ? line.slice(line.lastIndexOf('node_modules/')) : '',
      );
      if (match) packages.add(match[1]!);
    }
    return [...packages].sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
