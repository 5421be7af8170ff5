/**
 * The whole system through the launcher, as `npm start` brings it up — against the machine's
 * Postgres (a fresh database) and NATS (a namespace of its own), without building the front ends.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, deleteTestStream, TEST_NATS_URL, testNamespace, type TestDatabase } from '@kermesse/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type LaunchOptions, type RunningSystem } from './launch.ts';
import { isPortFree } from './ports.ts';
import { isAlive } from './processes.ts';
import { planPorts, SERVICES } from './topology.ts';

/** A portBase whose gateway and service ports are all free (none of them is 8080…8109). */
async function sparePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + 100 * Math.floor(Math.random() * 400);
    const ports = planPorts({ portBase: base });
    const all = [ports.gateway, ...Object.values(ports.services)];
    if ((await Promise.all(all.map((port) => isPortFree(port)))).every(Boolean)) return base;
  }
  throw new Error('no spare port range');
}

/**
 * A sign-in as a person would retry it: right after the start, under load, the gateway may not have
 * seen identity's first `/readyz` yet and answers its French 503 with Retry-After for a moment.
 */
async function signIn(url: string, email: string, password: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 503 || attempt === 20) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A system of its own (fresh database, NATS namespace, data folder), stopped and removed after its tests. */
function ownSystem(options: Partial<LaunchOptions> = {}, env: NodeJS.ProcessEnv = {}) {
  const own = { lines: [] as string[], system: undefined as unknown as RunningSystem };
  let database: TestDatabase;
  let dataDir: string;
  const namespace = testNamespace();
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'kermesse-launch-'));
    own.system = await launch({
      databaseUrl: database.url,
      natsUrl: TEST_NATS_URL,
      natsNamespace: namespace,
      dataDir,
      build: false,
      healthTimeoutMs: 120_000,
      portBase: await sparePortBase(),
      output: (line) => own.lines.push(line),
      ...options,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
  }, 240_000);
  afterAll(async () => {
    await own.system?.stop();
    await database?.drop();
    await deleteTestStream(namespace).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);
  return own;
}

describe('launch', () => {
  const own = ownSystem({ demoPassword: `demo-${randomBytes(4).toString('hex')}` });

  it('starts every service and the gateway, which answers /healthz', async () => {
    expect(own.system.processes.map((child) => child.name)).toEqual([...SERVICES, 'gateway']);
    const response = await fetch(`${own.system.url}/healthz`);
    expect(response.status).toBe(200);
    for (const name of SERVICES) {
      const health = await fetch(`${own.system.serviceUrls[name]}/healthz`);
      expect(health.status).toBe(200);
    }
  });

  it('prints the URL with localhost (passkeys refuse an IP address) and the demo accounts with their password', () => {
    const printed = own.lines.join('\n');
    expect(own.lines.find((line) => line.includes('Kermesse est prête'))?.trim()).toBe(
      `Kermesse est prête / is ready : http://localhost:${new URL(own.system.url).port}`,
    );
    for (const account of own.system.accounts) expect(printed).toContain(account.email);
    expect(printed).toContain(own.system.accounts[0]!.password);
    expect(own.system.accounts.map((account) => account.role)).toEqual(['admin', 'treasurer', 'cashier', 'volunteer']);
  });

  it('seeds the demo cashier, who signs in through the gateway', async () => {
    const cashier = own.system.accounts.find((account) => account.role === 'cashier')!;
    const response = await signIn(own.system.url, cashier.email, cashier.password);
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { roles: string[] };
    expect(claims.roles).toEqual(['cashier']);
  });

  it('stop() leaves no child running', async () => {
    const pids = own.system.processes.map((child) => child.pid);
    expect(pids.every(isAlive)).toBe(true);
    await own.system.stop();
    expect(await own.system.stopped).toEqual({ crash: undefined });
    expect(pids.filter(isAlive)).toEqual([]);
  }, 60_000);
});

describe('launch with KERMESSE_DEMO=0', () => {
  const own = ownSystem({ services: ['identity'] }, { KERMESSE_DEMO: '0', DEMO_PASSWORD: '' });

  it('loads no demo account and says the first visit creates the administrator, who then signs in', async () => {
    expect(own.system.accounts).toEqual([]);
    expect(own.lines.join('\n')).toContain('créer le premier compte administrateur');
    const demoLogin = await signIn(own.system.url, 'admin@kermesse.local', 'nimporte-quoi-42');
    expect(demoLogin.status).toBe(401);
    expect(await (await fetch(`${own.system.url}/api/setup`)).json()).toEqual({ needsFirstAdmin: true });
    const created = await fetch(`${own.system.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'presidente@ecole-jaures.fr',
        firstname: 'Claire',
        lastname: 'Martin',
        password: 'kermesse du printemps 2027',
      }),
    });
    expect(created.status).toBe(201);
    expect(await (await fetch(`${own.system.url}/api/setup`)).json()).toEqual({ needsFirstAdmin: false });
  });
});
