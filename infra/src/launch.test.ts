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
import { launch, type RunningSystem } from './launch.ts';
import { isPortFree } from './ports.ts';
import { isAlive } from './processes.ts';
import { planPorts, SERVICES } from './topology.ts';

/** A portBase whose gateway and service ports are all free (none of them is 8080…8108). */
async function sparePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + 100 * Math.floor(Math.random() * 400);
    const ports = planPorts({ portBase: base });
    const all = [ports.gateway, ...Object.values(ports.services)];
    if ((await Promise.all(all.map((port) => isPortFree(port)))).every(Boolean)) return base;
  }
  throw new Error('no spare port range');
}

describe('launch', () => {
  let database: TestDatabase;
  let dataDir: string;
  const namespace = testNamespace();
  const lines: string[] = [];
  let system: RunningSystem;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'kermesse-launch-'));
    system = await launch({
      databaseUrl: database.url,
      natsUrl: TEST_NATS_URL,
      natsNamespace: namespace,
      dataDir,
      demoPassword: `demo-${randomBytes(4).toString('hex')}`,
      build: false,
      healthTimeoutMs: 120_000,
      portBase: await sparePortBase(),
      output: (line) => lines.push(line),
      env: { ...process.env, LOG_LEVEL: 'warn' },
    });
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await database?.drop();
    await deleteTestStream(namespace).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts every service and the gateway, which answers /healthz', async () => {
    expect(system.processes.map((child) => child.name)).toEqual([...SERVICES, 'gateway']);
    const response = await fetch(`${system.url}/healthz`);
    expect(response.status).toBe(200);
    for (const name of SERVICES) {
      const health = await fetch(`${system.serviceUrls[name]}/healthz`);
      expect(health.status).toBe(200);
    }
  });

  it('prints the URL and the demo accounts with their password', () => {
    const printed = lines.join('\n');
    expect(printed).toContain(system.url);
    for (const account of system.accounts) expect(printed).toContain(account.email);
    expect(printed).toContain(system.accounts[0]!.password);
    expect(system.accounts.map((account) => account.role)).toEqual(['admin', 'treasurer', 'cashier', 'volunteer']);
  });

  it('seeds the demo cashier, who signs in through the gateway', async () => {
    const cashier = system.accounts.find((account) => account.role === 'cashier')!;
    const response = await fetch(`${system.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: cashier.email, password: cashier.password }),
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { roles: string[] };
    expect(claims.roles).toEqual(['cashier']);
  });

  it('stop() leaves no child running', async () => {
    const pids = system.processes.map((child) => child.pid);
    expect(pids.every(isAlive)).toBe(true);
    await system.stop();
    expect(await system.stopped).toEqual({ crash: undefined });
    expect(pids.filter(isAlive)).toEqual([]);
  }, 60_000);
});

describe('launch with KERMESSE_DEMO=0', () => {
  let database: TestDatabase;
  let dataDir: string;
  const namespace = testNamespace();
  const lines: string[] = [];
  let system: RunningSystem;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'kermesse-first-run-'));
    system = await launch({
      databaseUrl: database.url,
      natsUrl: TEST_NATS_URL,
      natsNamespace: namespace,
      dataDir,
      build: false,
      services: ['identity'],
      portBase: await sparePortBase(),
      healthTimeoutMs: 120_000,
      output: (line) => lines.push(line),
      env: { ...process.env, LOG_LEVEL: 'warn', KERMESSE_DEMO: '0', DEMO_PASSWORD: '' },
    });
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await database?.drop();
    await deleteTestStream(namespace).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('loads no demo account and says the first visit creates the administrator, who then signs in', async () => {
    expect(system.accounts).toEqual([]);
    expect(lines.join('\n')).toContain('créer le premier compte administrateur');
    const demoLogin = await fetch(`${system.url}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kermesse.local', password: 'nimporte-quoi-42' }),
    });
    expect(demoLogin.status).toBe(401);
    expect(await (await fetch(`${system.url}/api/setup`)).json()).toEqual({ needsFirstAdmin: true });
    const created = await fetch(`${system.url}/api/setup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'presidente@ecole-jaures.fr', firstname: 'Claire', lastname: 'Martin', password: 'kermesse du printemps 2027' }),
    });
    expect(created.status).toBe(201);
    expect(await (await fetch(`${system.url}/api/setup`)).json()).toEqual({ needsFirstAdmin: false });
  });
});
