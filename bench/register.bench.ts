/**
 * `npm run bench register`: sale creation through the gateway, as cashiers do it.
 *
 * Starts identity + register + gateway with the launcher (`build: false`, a private database and
 * NATS namespace — real Postgres and NATS when the test servers answer, else the launcher's embedded
 * Postgres and its own nats-server), signs a cashier in, then 8 clients (BENCH_CLIENTS) each create
 * sales one after the other for BENCH_DURATION seconds (10) after a 2 s warm-up: `POST
 * /api/cr/sale/create` with a fresh Idempotency-Key and a real cart of the demo « Caisse Buvette »
 * (a meal deal paid cash, drinks and chips paid cash, a dessert paid by cheque). Every sale is a
 * real one: priced by the server, written with its lines, payments and `sale.completed` in one
 * transaction, published by the outbox relay.
 *
 * Prints sales/s, p50 and p99 (aims on 2 cores: ≥ 200 sales/s, p99 ≤ 100 ms) and checks that the
 * database holds exactly one sale per 201 answer.
 */
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb } from '@kermesse/kit';
import { createTestDatabase, deleteTestStream, TEST_NATS_URL, type TestDatabase } from '@kermesse/kit/testing';
import { launch, type RunningSystem } from '../infra/src/launch.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const AIM_RATE = 200;
const AIM_P99_MS = 100;

interface Started { system: RunningSystem; cleanup(): Promise<void> }

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

/** The system on the machine's Postgres and NATS when they answer, else on the launcher's own. */
async function startSystem(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kermesse-bench-register-'));
  chmodSync(dataDir, 0o755); // the embedded Postgres runs as user postgres
  const namespace = `benchreg${randomBytes(4).toString('hex')}`;
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase();
  } catch {
    database = undefined;
  }
  const sharedNats = await natsAnswers();
  const lines: string[] = [];
  const { freePort } = await import('@kermesse/kit/testing');
  let system: RunningSystem;
  try {
    system = await launch({
      dataDir,
      databaseUrl: database?.url,
      natsUrl: sharedNats ? TEST_NATS_URL : undefined,
      natsNamespace: namespace,
      portBase: await freePort(),
      build: false,
      services: ['identity', 'register'],
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

interface Catalog { checkoutId: number; eventId: number; products: Map<string, number> }

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function loadCatalog(base: string, token: string): Promise<Catalog> {
  const headers = { authorization: `Bearer ${token}` };
  const [event] = await json<Array<{ id: number; name: string }>>(await fetch(`${base}/api/cr/events`, { headers }));
  const [withCheckouts] = await json<Array<{ checkouts: Array<{ id: number; name: string }> }>>(await fetch(`${base}/api/cr/events/${event!.id}/checkouts`, { headers }));
  const checkout = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
  const [data] = await json<Array<{ products: Array<{ id: number; name: string }> }>>(await fetch(`${base}/api/cr/checkouts/${checkout.id}`, { headers }));
  return { checkoutId: checkout.id, eventId: event!.id, products: new Map(data!.products.map((p) => [p.name, p.id])) };
}

/** Three carts a buvette sees all day long, in turn. */
function carts(catalog: Catalog): string[] {
  const id = (name: string) => {
    const found = catalog.products.get(name);
    if (!found) throw new Error(`the demo register has no « ${name} »`);
    return found;
  };
  const line = (name: string, quantity: number) => ({ product: { id: id(name), name }, quantity });
  const sale = (cart: unknown[], paymentMode: number, payments: unknown[]) =>
    JSON.stringify({ sale: { checkoutId: catalog.checkoutId, eventId: catalog.eventId, personId: 0, cart, paymentMode, paymentStatus: 1, payments } });
  return [
    sale([line('Hot-dog', 1), line('Soda 33 cl', 1), line('Crêpe au sucre', 1)], 2, [{ method: 'ESP', amount: 5.5, payment_reference: '10' }]),
    sale([line('Bière pression', 2), line('Barquette de frites', 1), line('Eau minérale', 1)], 2, [{ method: 'ESP', amount: 8.5, payment_reference: '20' }]),
    sale([line('Part de gâteau', 2), line('Café', 2)], 1, [{ method: 'CHQ', amount: 4, payment_reference: '0012345' }]),
  ];
}

interface Outcome { created: number; errors: number; latencies: number[] }

/** One cashier: sale after sale on a keep-alive connection until `until`. */
async function cashier(gateway: URL, token: string, bodies: string[], start: number, until: number, record: boolean, outcome: Outcome): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let i = start;
  try {
    while (performance.now() < until) {
      const body = bodies[i++ % bodies.length]!;
      const began = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          hostname: gateway.hostname, port: gateway.port, path: '/api/cr/sale/create', method: 'POST', agent,
          headers: {
            authorization: `Bearer ${token}`, 'content-type': 'application/json',
            'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID(),
          },
        }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
      const ms = performance.now() - began;
      if (!record) continue;
      if (status === 201) {
        outcome.created += 1;
        outcome.latencies.push(ms);
      } else {
        outcome.errors += 1;
      }
    }
  } finally {
    agent.destroy();
  }
}

/** CPU time (user + system) a process has used, in ms; undefined off Linux. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export default async function bench(): Promise<void> {
  const { system, cleanup } = await startSystem();
  try {
    const account = system.accounts.find((a) => a.role === 'cashier')!;
    const { token } = await json<{ token: string }>(await fetch(`${system.url}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }),
    }));
    const catalog = await loadCatalog(system.url, token);
    const bodies = carts(catalog);
    const gateway = new URL(system.url);
    const db = createDb(system.databaseUrl, { schema: 'register', poolMax: 1 });
    const countSales = async () => Number((await db('sales').count({ n: '*' }))[0]!.n);

    const warm: Outcome = { created: 0, errors: 0, latencies: [] };
    const warmUntil = performance.now() + WARMUP_S * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => cashier(gateway, token, bodies, c, warmUntil, false, warm)));

    const before = await countSales();
    const pid = (name: string) => system.processes.find((p) => p.name === name)?.pid;
    const cpuBefore = { register: cpuMs(pid('register')), gateway: cpuMs(pid('gateway')) };
    const outcome: Outcome = { created: 0, errors: 0, latencies: [] };
    const began = performance.now();
    const until = began + DURATION_S * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => cashier(gateway, token, bodies, c, until, true, outcome)));
    const seconds = (performance.now() - began) / 1000;
    const cpuAfter = { register: cpuMs(pid('register')), gateway: cpuMs(pid('gateway')) };
    const written = (await countSales()) - before;
    await db.destroy();

    const sorted = [...outcome.latencies].sort((a, b) => a - b);
    const rate = outcome.created / seconds;
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const mark = (ok: boolean) => (ok ? 'ok' : 'BELOW AIM');
    console.log(`sale creation through the gateway — ${CLIENTS} clients, ${DURATION_S} s after ${WARMUP_S} s warm-up`);
    console.log(`  sales/s        ${rate.toFixed(1).padStart(8)}   (aim ≥ ${AIM_RATE}: ${mark(rate >= AIM_RATE)})`);
    console.log(`  p50            ${p50.toFixed(1).padStart(8)} ms`);
    console.log(`  p99            ${p99.toFixed(1).padStart(8)} ms (aim ≤ ${AIM_P99_MS}: ${mark(p99 <= AIM_P99_MS)})`);
    console.log(`  sales created  ${String(outcome.created).padStart(8)}   errors ${outcome.errors}`);
    const perSale = (name: 'register' | 'gateway') => {
      const a = cpuBefore[name];
      const b = cpuAfter[name];
      return a === undefined || b === undefined || outcome.created === 0 ? 'n/a' : `${((b - a) / outcome.created).toFixed(2)} ms`;
    };
    console.log(`  CPU per sale   register ${perSale('register')}, gateway ${perSale('gateway')} (hardly depends on the rest of the machine)`);
    console.log(`  machine load   ${loadavg().map((l) => l.toFixed(1)).join(' ')} (1, 5, 15 min) on ${cpus().length} cores`);
    console.log(`  in the database ${String(written).padStart(7)}   (${written === outcome.created ? 'one per 201 answer' : 'MISMATCH'})`);
    if (written !== outcome.created) throw new Error(`${outcome.created} sales answered 201 but ${written} were written`);
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  bench().then(() => process.exit(0), (err) => {
    console.error(err);
    process.exit(1);
  });
}
