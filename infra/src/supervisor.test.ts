/**
 * `npm start` as a supervisor, with its own nats-server as on a fresh machine: a part killed with
 * SIGKILL comes back within seconds while the registers keep selling, and a nats-server killed in
 * the middle of 30 sales loses none of them nor doubles any of their events.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@kermesse/kit/db';
import { createTestDatabase, deleteTestStream, eventually, TEST_NATS_URL, testNamespace, type TestDatabase } from '@kermesse/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type RunningSystem } from './launch.ts';
import { findNatsServer } from './nats.ts';
import { isPortFree } from './ports.ts';
import { ManagedProcess } from './processes.ts';
import { backoffDelay, Supervised, type SupervisorLogEntry } from './supervisor.ts';
import { planPorts, SERVICES } from './topology.ts';

describe('backoffDelay', () => {
  it('doubles from the first delay up to the cap', () => {
    const settings = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, settings))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('Supervised', () => {
  const node = (name: string, script: string) =>
    new ManagedProcess(name, process.execPath, ['-e', script], { cwd: process.cwd(), env: process.env, output: () => undefined });

  it('restarts from the first delay as soon as its dependency comes back, instead of after the grown backoff', async () => {
    const lines: SupervisorLogEntry[] = [];
    let spawns = 0;
    let dependencyUp = false;
    const part = new Supervised({
      name: 'register',
      // Without its dependency it exits at once (a crash loop); with it, it stays up.
      spawn: () => {
        spawns += 1;
        return node('register', dependencyUp ? 'setInterval(() => {}, 1000)' : 'process.exit(3)');
      },
      log: (entry) => lines.push(entry),
      backoff: { initialMs: 50, maxMs: 60_000, stableMs: 60_000 },
    });
    try {
      await part.start();
      // 50 ms, 100, 200… until a restart waits 1.6 s or more.
      await eventually(() => lines.some((line) => Number(line.delayMs) >= 1_600), 20_000, 20);
      dependencyUp = true;
      const before = spawns;
      const back = performance.now();
      part.dependencyBack('NATS');
      await eventually(() => spawns > before, 5_000, 10);
      expect(performance.now() - back).toBeLessThan(1_000);
      expect(lines.map((line) => line.msg)).toContainEqual(expect.stringContaining('NATS répond de nouveau : « register » redémarre dans'));
      await eventually(() => part.current?.running === true && spawns === before + 1, 5_000, 10);
    } finally {
      await part.stop();
    }
  });

  it('gives up after maxRestarts failed restarts in a row, once, and leaves the part down', async () => {
    const givenUp: number[] = [];
    let spawns = 0;
    const part = new Supervised({
      name: 'postgres',
      spawn: () => {
        spawns += 1;
        return node('postgres', 'process.exit(1)');
      },
      log: () => undefined,
      backoff: { initialMs: 20, maxMs: 100, stableMs: 60_000 },
      maxRestarts: 3,
      onGiveUp: (attempts) => givenUp.push(attempts),
    });
    try {
      await part.start();
      await eventually(() => givenUp.length > 0, 10_000, 10);
      expect(givenUp).toEqual([3]);
      // The first start and three restarts; nothing after giving up.
      expect(spawns).toBe(4);
      expect(part.restarts).toBe(3);
    } finally {
      await part.stop();
    }
  });
});

async function sparePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below 32768, where the system takes no port for an outgoing connection between this check and the start.
    const base = 20_000 + 100 * Math.floor(Math.random() * 120);
    const ports = planPorts({ portBase: base });
    if ((await Promise.all([ports.gateway, ...Object.values(ports.services)].map((port) => isPortFree(port)))).every(Boolean)) return base;
  }
  throw new Error('no spare port range');
}

describe('supervised system', () => {
  let database: TestDatabase;
  let dataDir: string;
  let system: RunningSystem;
  const lines: string[] = [];
  let cashierToken: string;
  let adminToken: string;
  let sale: { checkoutId: number; eventId: number; cafe: number };
  /** Coffees sold (201) since the start, and the stock before the first one. */
  let sold = 0;
  let initialStock: number;

  const api = (pathname: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${system.url}${pathname}`, {
      ...init,
      headers: {
        authorization: `Bearer ${init.token ?? cashierToken}`,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(15_000),
    });
  /** One cash sale of a Café (1 €) at the demo Buvette; resolves to the HTTP status. */
  const sellCoffee = async (): Promise<number> => {
    const res = await api('/api/cr/sale/create', {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        sale: {
          checkoutId: sale.checkoutId,
          eventId: sale.eventId,
          personId: 0,
          paymentMode: 2,
          paymentStatus: 1,
          cart: [{ product: { id: sale.cafe, name: 'Café' }, quantity: 1 }],
          payments: [{ method: 'ESP', amount: 1, payment_reference: '1' }],
        },
      }),
    }).catch(() => undefined);
    await res?.body?.cancel();
    if (res?.status === 201) sold += 1;
    return res?.status ?? 0;
  };
  const coffeeStock = async (): Promise<number> => {
    const res = await api(`/api/stocks/?event_id=${sale.eventId}`, { token: adminToken });
    const body = (await res.json()) as { stocks: { id: number; stock: number }[] };
    return body.stocks.find((s) => s.id === sale.cafe)!.stock;
  };
  const pidOf = (name: string) => system.processes.find((p) => p.name === name)?.pid;
  const signIn = async (email: string) => {
    const res = await fetch(`${system.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: system.accounts[0]!.password }),
    });
    return ((await res.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    if (!(await findNatsServer())) throw new Error('nats-server is needed (apt-get install nats-server)');
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'kermesse-supervise-'));
    system = await withLines(
      lines,
      launch({
        databaseUrl: database.url,
        dataDir,
        demoPassword: `demo-${randomBytes(4).toString('hex')}`,
        build: false,
        healthTimeoutMs: 120_000,
        portBase: await sparePortBase(),
        restartDelayMs: 200,
        probeIntervalMs: 500,
        output: (line) => lines.push(line),
        env: { ...process.env, LOG_LEVEL: 'warn', NATS_URL: '' },
      }),
    );
    cashierToken = await signIn('caissier@kermesse.local');
    adminToken = await signIn('admin@kermesse.local');
    // Right after the start, on a busy machine, a first read may still meet a transient 503.
    const [event] = await eventually(async () => {
      const res = await api('/api/cr/events');
      return res.status === 200 ? ((await res.json()) as { id: number }[]) : void (await res.body?.cancel());
    }, 30_000);
    const [withCheckouts] = (await (await api(`/api/cr/events/${event!.id}/checkouts`)).json()) as {
      checkouts: { id: number; name: string }[];
    }[];
    const buvette = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
    const [catalog] = (await (await api(`/api/cr/checkouts/${buvette.id}`)).json()) as { products: { id: number; name: string }[] }[];
    sale = { checkoutId: buvette.id, eventId: event!.id, cafe: catalog!.products.find((p) => p.name === 'Café')!.id };
    initialStock = await coffeeStock();
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it.each(SERVICES.filter((name) => name !== 'register'))(
    'keeps selling while « %s » is killed, and restarts it within seconds',
    async (name) => {
      const before = pidOf(name)!;
      const restarts = system.restarts(name);
      process.kill(before, 'SIGKILL');
      // Sales go on while it is down and while it comes back.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await sellCoffee());
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
      await eventually(
        async () => {
          const ready = await fetch(`${system.serviceUrls[name]}/readyz`).then(
            (r) => r.status === 200,
            () => false,
          );
          return ready && pidOf(name) !== undefined && pidOf(name) !== before;
        },
        30_000,
        100,
      );
      expect(system.restarts(name)).toBe(restarts + 1);
      expect(
        lines.some(
          (line) => line.includes('"service":"supervisor"') && line.includes(`« ${name} » s'est arrêté de lui-même (signal SIGKILL)`),
        ),
      ).toBe(true);
    },
    60_000,
  );

  it('brings the register back within seconds after a SIGKILL, and sales resume', async () => {
    const before = pidOf('register')!;
    process.kill(before, 'SIGKILL');
    await eventually(async () => (await sellCoffee()) === 201, 30_000, 100);
    expect(pidOf('register')).not.toBe(before);
    expect(system.restarts('register')).toBe(1);
  }, 60_000);

  it('brings the gateway back after a SIGKILL', async () => {
    const before = pidOf('gateway')!;
    process.kill(before, 'SIGKILL');
    await eventually(async () => (await sellCoffee()) === 201, 30_000, 100);
    expect(pidOf('gateway')).not.toBe(before);
  }, 60_000);

  it('sells all 30 sales while its nats-server is killed, and stock counts each one once when NATS is back', async () => {
    const natsBefore = pidOf('nats')!;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i === 5) process.kill(natsBefore, 'SIGKILL');
      statuses.push(await sellCoffee());
    }
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(30);
    await eventually(() => pidOf('nats') !== undefined && pidOf('nats') !== natsBefore, 30_000, 100);
    // Every coffee sold since the start — the 30 included — lowers the stock once.
    await eventually(async () => (await coffeeStock()) === initialStock - sold, 60_000, 200);
    const db = createDb(database.url, { schema: 'stock', poolMax: 1 });
    try {
      const movements = await db('movements')
        .where({ event_id: sale.eventId, product_id: sale.cafe, kind: 'sale' })
        .count<{ count: string }[]>('* as count');
      expect(Number(movements[0]!.count)).toBe(sold);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('sells again within 10 s when the register is killed while NATS is frozen (kill -STOP), before NATS returns; stock counts every sale once after', async () => {
    const natsPid = pidOf('nats')!;
    process.kill(natsPid, 'SIGSTOP');
    try {
      const before = pidOf('register')!;
      process.kill(before, 'SIGKILL');
      const killedAt = performance.now();
      await eventually(
        async () => pidOf('register') !== undefined && pidOf('register') !== before && (await sellCoffee()) === 201,
        10_000,
        100,
      );
      const backAfterMs = performance.now() - killedAt;
      console.info(`NATS gelé, caisse tuée : de nouveau une vente à 201 après ${Math.round(backAfterMs)} ms`);
      expect(backAfterMs).toBeLessThan(10_000);
      for (let i = 0; i < 3; i++) expect(await sellCoffee()).toBe(201);
    } finally {
      process.kill(natsPid, 'SIGCONT');
    }
    await eventually(async () => (await coffeeStock()) === initialStock - sold, 60_000, 200);
  }, 120_000);

  it('stops everything on stop(), nothing restarted', async () => {
    const pids = system.processes.map((p) => p.pid);
    await system.stop();
    expect(await system.stopped).toEqual({ crash: undefined });
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 60_000);
});

describe('supervised system on its embedded Postgres', () => {
  let dataDir: string;
  let system: RunningSystem;
  const lines: string[] = [];
  const namespace = testNamespace();
  let cashier: string;
  let sale: { checkoutId: number; eventId: number; cafe: number };

  const api = (pathname: string, init: RequestInit = {}) =>
    fetch(`${system.url}${pathname}`, {
      ...init,
      headers: { authorization: `Bearer ${cashier}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(15_000),
    });
  /** One coffee sold as the register does it: the same Idempotency-Key again after a 503 or no answer, until 201. */
  const sellCoffee = async (statuses: number[]): Promise<void> => {
    const key = randomUUID();
    for (;;) {
      const res = await api('/api/cr/sale/create', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: JSON.stringify({
          sale: {
            checkoutId: sale.checkoutId,
            eventId: sale.eventId,
            personId: 0,
            paymentMode: 2,
            paymentStatus: 1,
            cart: [{ product: { id: sale.cafe, name: 'Café' }, quantity: 1 }],
            payments: [{ method: 'ESP', amount: 1, payment_reference: '1' }],
          },
        }),
      }).catch(() => undefined);
      // A request cut by the crash may still hold its key's lease: « déjà en cours » is retried like a 503.
      const code = res?.status === 409 ? ((await res.json()) as { code?: string }).code : undefined;
      await res?.body?.cancel().catch(() => undefined);
      statuses.push(res?.status ?? 0);
      if (res?.status === 201) return;
      if (res && res.status !== 503 && code !== 'IDEMPOTENCY_IN_PROGRESS') throw new Error(`unexpected ${res.status} ${code ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kermesse-supervise-pg-'));
    // As root, the embedded Postgres runs as the user postgres, who must reach its cluster folder.
    await chmod(dataDir, 0o755);
    system = await withLines(
      lines,
      launch({
        dataDir,
        natsUrl: TEST_NATS_URL,
        natsNamespace: namespace,
        demoPassword: `demo-${randomBytes(4).toString('hex')}`,
        build: false,
        healthTimeoutMs: 120_000,
        portBase: await sparePortBase(),
        restartDelayMs: 200,
        probeIntervalMs: 500,
        output: (line) => lines.push(line),
        env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      }),
    );
    const res = await fetch(`${system.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'caissier@kermesse.local', password: system.accounts[0]!.password }),
    });
    cashier = ((await res.json()) as { token: string }).token;
    const [event] = (await (await api('/api/cr/events')).json()) as { id: number }[];
    const [withCheckouts] = (await (await api(`/api/cr/events/${event!.id}/checkouts`)).json()) as {
      checkouts: { id: number; name: string }[];
    }[];
    const buvette = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
    const [catalog] = (await (await api(`/api/cr/checkouts/${buvette.id}`)).json()) as { products: { id: number; name: string }[] }[];
    sale = { checkoutId: buvette.id, eventId: event!.id, cafe: catalog!.products.find((p) => p.name === 'Café')!.id };
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await deleteTestStream(namespace).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Sales stored for the Buvette, read straight from the register's schema. */
  const storedSales = async (): Promise<number> => {
    const db = createDb(system.databaseUrl, { schema: 'register', poolMax: 1 });
    try {
      const stored = await db('sales').where({ checkout_id: sale.checkoutId }).count<{ count: string }[]>('* as count');
      return Number(stored[0]!.count);
    } finally {
      await db.destroy();
    }
  };

  it('restarts a killed Postgres: sales answer 201 again within 15 s (503 or « déjà en cours », never 500, meanwhile), none lost or doubled', async () => {
    const storedBefore = await storedSales();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) await sellCoffee(statuses);
    const before = system.processes.find((p) => p.name === 'postgres')!.pid;
    process.kill(before, 'SIGKILL');
    const killedAt = performance.now();
    await sellCoffee(statuses);
    const backAfterMs = performance.now() - killedAt;
    console.info(
      `Postgres tué : ventes de nouveau à 201 après ${Math.round(backAfterMs)} ms (${statuses.filter((st) => st === 503).length} × 503, ${statuses.filter((st) => st === 500).length} × 500)`,
    );
    expect(backAfterMs).toBeLessThan(15_000);
    for (let i = 0; i < 3; i++) await sellCoffee(statuses);
    expect(new Set(statuses.filter((status) => status !== 201 && status !== 503 && status !== 409 && status !== 0))).toEqual(new Set());
    expect(system.processes.find((p) => p.name === 'postgres')?.pid).not.toBe(before);
    expect(system.restarts('postgres')).toBe(1);
    expect(lines.some((line) => line.includes("« postgres » s'est arrêté de lui-même (signal SIGKILL)"))).toBe(true);

    // Seven coffees asked, seven sales stored: one per Idempotency-Key.
    expect((await storedSales()) - storedBefore).toBe(7);
  }, 120_000);
});

/** A failed start says why: the parts' last lines join the launcher's message. */
async function withLines<T>(lines: string[], starting: Promise<T>): Promise<T> {
  try {
    return await starting;
  } catch (err) {
    throw new Error(`${String(err)}\n${lines.slice(-40).join('\n')}`, { cause: err });
  }
}
