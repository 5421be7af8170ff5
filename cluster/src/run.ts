/**
 * `npm run test:cluster`: Kermesse stays correct with several replicas and a broker node lost —
 * proven on this machine without containers.
 *
 * On loopback it starts a 3-node nats-server JetStream cluster (the event stream with 3 replicas),
 * a fresh database on the machine's Postgres, identity, two replicas each of register, raffle and
 * stock, and the gateway balancing across the replicas (REGISTER_URL=a,b…). Then 8 cashiers
 * (CLUSTER_CLIENTS) sell for 60 s (CLUSTER_DURATION) through the gateway — drinks and food, one
 * sale in four with a raffle ticket — each sale with an Idempotency-Key, sent again with the same
 * key after a 5xx, a network error or « déjà en cours de traitement » (as the register screen does),
 * and now and then a read of the stock state. Meanwhile it kills (-9) one NATS node, one register
 * replica and one stock replica and starts them again, and stops the other register replica with
 * SIGTERM (a rolling restart).
 *
 * At the end it checks: every sale answered 201 is stored once; every sale has one `sale.completed`
 * in the stream, none doubled; stock applied each event once and its levels are exact; every
 * ticket sold is held by the raffle for that sale, and none twice. Prints sales/s, p50/p99 and the
 * p99 of sales started during the faults, then `N passed, M failed`; exits 1 on any failure.
 * Logs of every process stay in the printed folder when something fails.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { streamName } from '@kermesse/kit/bus';
import { createDb } from '@kermesse/kit/db';
import { createTestDatabase, freePort } from '@kermesse/kit/testing';
import { ensureStream, loadServiceParts, migrateService } from '../../deploy/migrate.ts';
import { startNatsCluster, waitFor, type NatsCluster } from './natsCluster.ts';
import { defineProc, type Proc } from './processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DURATION_S = Number(process.env.CLUSTER_DURATION ?? 60);
const CLIENTS = Number(process.env.CLUSTER_CLIENTS ?? 8);
const BUSY = 'Cette vente est déjà en cours de traitement';
/** A sale is sent again with its key until this long after the end of the sales. */
const RETRY_GRACE_MS = 90_000;

interface Catalog {
  eventId: number;
  checkoutId: number;
  products: Map<string, number>;
  ticket: { productId: number; name: string; raffleId: number };
}

interface SaleRecord {
  saleId: number;
  tickets: number[];
  startedAt: number;
  latencyMs: number;
  attempts: number;
}

interface Stats {
  sales: SaleRecord[];
  retries: number;
  /** Answers other than 201 a cashier would have seen without the retry (5xx, network errors, busy 409). */
  transient: number;
  unexpected: string[];
  reads: number;
  readErrors: string[];
  ticketConflicts: number;
  /** When each transient answer came (ms, performance.now()). */
  transientAt: number[];
  /** What each transient answer was, in the same order: `network`, `busy` or the HTTP status. */
  transientKinds: string[];
}

const log = (message: string) => console.log(`[cluster] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(
  agent: http.Agent,
  base: URL,
  pathName: string,
  token: string,
  body: string,
  key: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: base.hostname,
        port: base.port,
        path: pathName,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** One cashier: sale after sale until `until`, each sent again with its key until it is answered 201. */
async function cashier(
  index: number,
  gateway: URL,
  token: string,
  catalog: Catalog,
  buyerId: number,
  until: number,
  stats: Stats,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const id = (name: string) => {
    const found = catalog.products.get(name);
    if (!found) throw new Error(`the demo register has no « ${name} »`);
    return found;
  };
  const line = (name: string, quantity: number) => ({ product: { id: id(name), name }, quantity });
  const carts = [
    {
      cart: [line('Hot-dog', 1), line('Soda 33 cl', 1), line('Crêpe au sucre', 1)],
      paymentMode: 2,
      payments: [{ method: 'ESP', amount: 5.5, payment_reference: '10' }],
    },
    {
      cart: [line('Bière pression', 2), line('Barquette de frites', 1), line('Eau minérale', 1)],
      paymentMode: 2,
      payments: [{ method: 'ESP', amount: 8.5, payment_reference: '20' }],
    },
    {
      cart: [line('Part de gâteau', 2), line('Café', 2)],
      paymentMode: 1,
      payments: [{ method: 'CHQ', amount: 4, payment_reference: '0012345' }],
    },
  ];
  // Each cashier offers its own block of numbers (the demo sold a few already: a 409 moves on).
  let nextNumber = 301 + index * 80;
  const lastNumber = nextNumber + 79;
  let i = 0;
  try {
    while (performance.now() < until) {
      i += 1;
      const withTicket = i % 4 === 0 && nextNumber <= lastNumber;
      const number = withTicket ? nextNumber : 0;
      const base = carts[(i + index) % carts.length]!;
      const sale = withTicket
        ? {
            checkoutId: catalog.checkoutId,
            eventId: catalog.eventId,
            personId: buyerId,
            raffleId: catalog.ticket.raffleId,
            raffles: [number],
            paymentMode: 2,
            paymentStatus: 1,
            cart: [{ product: { id: catalog.ticket.productId, name: catalog.ticket.name }, quantity: 1 }],
            payments: [{ method: 'ESP', amount: 2, payment_reference: '2' }],
          }
        : { checkoutId: catalog.checkoutId, eventId: catalog.eventId, personId: 0, paymentStatus: 1, ...base };
      const body = JSON.stringify({ sale });
      const key = randomUUID();
      const startedAt = performance.now();
      let attempts = 0;
      for (;;) {
        attempts += 1;
        let answer: { status: number; body: string } | undefined;
        try {
          answer = await post(agent, gateway, '/api/cr/sale/create', token, body, key);
        } catch {
          answer = undefined;
        }
        if (answer?.status === 201) {
          const created = JSON.parse(answer.body) as { sale?: { id?: number } };
          stats.sales.push({
            saleId: Number(created.sale?.id),
            tickets: withTicket ? [number] : [],
            startedAt,
            latencyMs: performance.now() - startedAt,
            attempts,
          });
          if (withTicket) nextNumber += 1;
          break;
        }
        if (answer?.status === 409 && withTicket && !answer.body.includes(BUSY)) {
          // Number sold before (demo data): nothing was written, offer the next one.
          stats.ticketConflicts += 1;
          nextNumber += 1;
          break;
        }
        if (answer === undefined || answer.status >= 500 || (answer.status === 409 && answer.body.includes(BUSY))) {
          stats.transient += 1;
          stats.retries += 1;
          stats.transientAt.push(performance.now());
          stats.transientKinds.push(answer === undefined ? 'network' : answer.status === 409 ? 'busy' : String(answer.status));
          if (performance.now() > until + RETRY_GRACE_MS) {
            stats.unexpected.push(`sale ${key} still unanswered after the grace period (last ${answer?.status ?? 'network error'})`);
            break;
          }
          await sleep(200);
          continue;
        }
        stats.unexpected.push(`sale answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        break;
      }
      if (i % 5 === 0) {
        stats.reads += 1;
        const res = await fetch(new URL(`/api/cr/stocks/${catalog.eventId}/stocks/state`, gateway), {
          headers: { authorization: `Bearer ${token}` },
        }).catch((err: Error) => err);
        if (res instanceof Error) stats.readErrors.push(`stock state: ${res.message}`);
        else {
          if (res.status !== 200) stats.readErrors.push(`stock state answered ${res.status}: ${(await res.text()).slice(0, 120)}`);
          else await res.arrayBuffer();
        }
      }
    }
  } finally {
    agent.destroy();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kermesse-cluster-'));
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir);
  mkdirSync(path.join(dir, 'data'));
  const procs: Proc[] = [];
  let nats: NatsCluster | undefined;
  const database = await createTestDatabase();
  const namespace = `cluster${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  let failed = true;
  try {
    nats = await startNatsCluster(dir);
    log(
      `NATS ${nats.version}: 3 nodes ${nats.nodes.map((n) => n.url).join(', ')}; sync_interval: ${nats.syncAlways ? 'always' : 'server default (this nats-server is older than 2.10; deploy/ uses always)'}`,
    );
    await ensureStream(nats.nodes.map((n) => n.url).join(','), namespace, 3);
    for (const service of ['identity', 'register', 'raffle', 'stock'])
      await migrateService(service, await loadServiceParts(service), database.url, password);
    log('schemas migrated, demo data seeded, stream created with 3 replicas');

    const natsUrl = (i: number) => nats!.nodes[i % 3]!.url;
    const common = { DATABASE_URL: database.url, NATS_NAMESPACE: namespace, LOG_LEVEL: 'warn', KERMESSE_DATA_DIR: path.join(dir, 'data') };
    const identity = defineProc(ROOT, logDir, 'identity', 'services/identity/src/server.ts', await freePort(), {
      ...common,
      NATS_URL: natsUrl(0),
    });
    const identityUrl = identity.url;
    const raffles = [0, 1].map(async (i) =>
      defineProc(ROOT, logDir, `raffle-${'ab'[i]}`, 'services/raffle/src/server.ts', await freePort(), {
        ...common,
        NATS_URL: natsUrl(i + 1),
        IDENTITY_URL: identityUrl,
      }),
    );
    const [raffleA, raffleB] = (await Promise.all(raffles)) as [Proc, Proc];
    const registerA = defineProc(ROOT, logDir, 'register-a', 'services/register/src/server.ts', await freePort(), {
      ...common,
      NATS_URL: natsUrl(0),
      IDENTITY_URL: identityUrl,
      RAFFLE_URL: raffleA.url,
    });
    const registerB = defineProc(ROOT, logDir, 'register-b', 'services/register/src/server.ts', await freePort(), {
      ...common,
      NATS_URL: natsUrl(1),
      IDENTITY_URL: identityUrl,
      RAFFLE_URL: raffleB.url,
    });
    // Stock asks the register about a fair it has not heard of yet (docs/platform.md « Events of a fair »).
    const stockA = defineProc(ROOT, logDir, 'stock-a', 'services/stock/src/server.ts', await freePort(), {
      ...common,
      NATS_URL: natsUrl(2),
      IDENTITY_URL: identityUrl,
      REGISTER_URL: `${registerA.url},${registerB.url}`,
    });
    const stockB = defineProc(ROOT, logDir, 'stock-b', 'services/stock/src/server.ts', await freePort(), {
      ...common,
      NATS_URL: natsUrl(0),
      IDENTITY_URL: identityUrl,
      REGISTER_URL: `${registerB.url},${registerA.url}`,
    });
    // Services this test does not run point at a port where nothing listens (never another system's).
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const gatewayProc = defineProc(ROOT, logDir, 'gateway', 'gateway/src/server.ts', await freePort(), {
      HOST: '127.0.0.1',
      KERMESSE_ROOT: dir,
      UPSTREAM_CHECK_INTERVAL_MS: '500',
      UPSTREAM_CONNECT_TIMEOUT_MS: '1000',
      IDENTITY_URL: identityUrl,
      REGISTER_URL: `${registerA.url},${registerB.url}`,
      RAFFLE_URL: `${raffleA.url},${raffleB.url}`,
      STOCK_URL: `${stockA.url},${stockB.url}`,
      BINGO_URL: nowhere,
      ACCOUNTING_URL: nowhere,
      SWAPMEET_URL: nowhere,
      CONTACT_URL: nowhere,
    });
    procs.push(identity, raffleA, raffleB, registerA, registerB, stockA, stockB, gatewayProc);
    await identity.start();
    await Promise.all([raffleA.start(), raffleB.start()]);
    await Promise.all([registerA.start(), registerB.start(), stockA.start(), stockB.start()]);
    await gatewayProc.start();
    log(`up: identity, raffle ×2, register ×2, stock ×2, gateway ${gatewayProc.url} (logs in ${logDir})`);

    const gateway = new URL(gatewayProc.url);
    const { token } = await json<{ token: string }>(
      await fetch(new URL('/api/login', gateway), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'caissier@kermesse.local', password }),
      }),
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const [event] = await json<Array<{ id: number }>>(await fetch(new URL('/api/cr/events', gateway), { headers }));
    const [withCheckouts] = await json<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
      await fetch(new URL(`/api/cr/events/${event!.id}/checkouts`, gateway), { headers }),
    );
    const checkout = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
    const [data] = await json<Array<{ products: Array<{ id: number; name: string }> }>>(
      await fetch(new URL(`/api/cr/checkouts/${checkout.id}`, gateway), { headers }),
    );

    const registerDb = createDb(database.url, { schema: 'register', poolMax: 2 });
    const stockDb = createDb(database.url, { schema: 'stock', poolMax: 2 });
    const raffleDb = createDb(database.url, { schema: 'raffle', poolMax: 2 });
    try {
      // The raffle's tiers reach the register through NATS (raffle.configured), the products reach stock.
      let ticket: Catalog['ticket'] | undefined;
      await waitFor(
        async () => {
          const row = await registerDb('products as p')
            .join('categories as c', 'c.id', 'p.category_id')
            .whereNotNull('c.raffle_id')
            .andWhere('p.tier_nb', 1)
            .andWhere('p.active', true)
            .first('p.id', 'p.name', 'c.raffle_id');
          if (row) ticket = { productId: row.id as number, name: row.name as string, raffleId: row.raffle_id as number };
          return !!row;
        },
        60_000,
        'the raffle ticket products at the register',
      );
      const sellable = [
        'Hot-dog',
        'Soda 33 cl',
        'Crêpe au sucre',
        'Bière pression',
        'Barquette de frites',
        'Eau minérale',
        'Part de gâteau',
        'Café',
      ];
      const productIds = data!.products.filter((p) => sellable.includes(p.name)).map((p) => p.id);
      if (productIds.length !== sellable.length) throw new Error(`the demo « Caisse Buvette » lacks some of ${sellable.join(', ')}`);
      await waitFor(
        async () => Number((await stockDb('levels').whereIn('product_id', productIds).count({ n: '*' }))[0]!.n) >= productIds.length,
        60_000,
        'the stock levels of the demo products',
      ).catch(async (err: Error) => {
        const count = async (db: typeof stockDb, table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
        throw new Error(
          `${err.message} (register outbox ${await count(registerDb, 'outbox')}, stock events ${await count(stockDb, 'events')}, products ${await count(stockDb, 'products')}, levels ${await count(stockDb, 'levels')}, inbox ${await count(stockDb, 'inbox')})`,
        );
      });
      const catalog: Catalog = {
        eventId: event!.id,
        checkoutId: checkout.id,
        products: new Map(data!.products.map((p) => [p.name, p.id])),
        ticket: ticket!,
      };
      const buyer = await json<{ data: { user: { id: number } } }>(
        await fetch(new URL('/api/cr/users/create', gateway), {
          method: 'POST',
          headers,
          body: JSON.stringify({
            email: `cluster.${namespace}@example.org`,
            phone: '06 12 34 56 78',
            firstName: 'Camille',
            lastName: 'Grappe',
          }),
        }),
      );
      const salesBefore = Number((await registerDb('sales').count({ n: '*' }))[0]!.n);

      // --- 60 s of sales with faults --------------------------------------------------------------
      const stats: Stats = {
        sales: [],
        retries: 0,
        transient: 0,
        unexpected: [],
        reads: 0,
        readErrors: [],
        ticketConflicts: 0,
        transientAt: [],
        transientKinds: [],
      };
      const startedAt = performance.now();
      const until = startedAt + DURATION_S * 1000;
      log(`selling for ${DURATION_S} s from ${CLIENTS} cashiers…`);
      const clients = Array.from({ length: CLIENTS }, (_, i) => cashier(i, gateway, token, catalog, buyer.data.user.id, until, stats));
      const at = (fraction: number) => sleep(Math.max(0, startedAt + fraction * DURATION_S * 1000 - performance.now()));
      const windows: Array<{ name: string; from: number; to: number }> = [];
      const fault = async (
        name: string,
        proc: string,
        kill: () => Promise<void>,
        restart: () => Promise<void>,
        from: number,
        to: number,
      ) => {
        await at(from);
        const t0 = performance.now();
        await kill();
        log(`${((t0 - startedAt) / 1000).toFixed(1)} s: ${name} done`);
        await at(to);
        await restart();
        const t1 = performance.now();
        log(`${((t1 - startedAt) / 1000).toFixed(1)} s: ${proc} ready again`);
        // The window runs until a few seconds after the restart: the catching-up counts as the fault.
        windows.push({ name, from: t0, to: t1 + 3_000 });
      };
      // Each fault on its own schedule (a slow restart does not push the next one back); the rolling
      // restart of register-b waits until register-a is back, so one register always sells.
      const registerABack = fault(
        'kill -9 register-a',
        'register-a',
        () => registerA.kill(),
        () => registerA.start(),
        0.3,
        0.4,
      );
      const faults = [
        fault(
          'kill -9 nats-1',
          'nats-1',
          () => nats!.kill(1),
          async () => {
            await nats!.start(1);
          },
          0.08,
          0.25,
        ),
        registerABack,
        fault(
          'kill -9 stock-b',
          'stock-b',
          () => stockB.kill(),
          () => stockB.start(),
          0.5,
          0.6,
        ),
        registerABack.then(() =>
          fault(
            'SIGTERM register-b (rolling restart)',
            'register-b',
            () => registerB.kill('SIGTERM'),
            () => registerB.start(),
            0.7,
            0.8,
          ),
        ),
      ];
      await Promise.all([...clients, ...faults]);
      const sellingS = (performance.now() - startedAt) / 1000;

      // --- figures ----------------------------------------------------------------------------------
      const latencies = stats.sales.map((s) => s.latencyMs);
      const inFault = stats.sales.filter((s) => windows.some((w) => s.startedAt >= w.from && s.startedAt <= w.to)).map((s) => s.latencyMs);
      log(
        `${stats.sales.length} sales answered 201 in ${sellingS.toFixed(1)} s: ${(stats.sales.length / DURATION_S).toFixed(1)} sales/s; p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
      );
      log(
        `during the faults: ${inFault.length} sales, p99 ${percentile(inFault, 99).toFixed(0)} ms, max ${Math.max(0, ...inFault).toFixed(0)} ms; ${stats.transient} transient answers retried with the same key; ${stats.ticketConflicts} numbers already sold skipped; ${stats.reads} stock reads`,
      );
      for (const w of windows) {
        const during = stats.sales.filter((sale) => sale.startedAt >= w.from && sale.startedAt <= w.to).map((sale) => sale.latencyMs);
        const kinds = stats.transientKinds.filter((_, i) => stats.transientAt[i]! >= w.from && stats.transientAt[i]! <= w.to);
        const transient = kinds.length
          ? `${kinds.length} [${[...new Set(kinds)].map((k) => `${k} ×${kinds.filter((x) => x === k).length}`).join(', ')}]`
          : '0';
        log(
          `  ${w.name}: ${during.length} sales, p99 ${percentile(during, 99).toFixed(0)} ms; ${transient} transient answers (5xx, network, « déjà en cours ») a cashier's retry absorbed`,
        );
      }

      // --- exactness checks -------------------------------------------------------------------------
      const checks: Array<{ name: string; ok: boolean; detail?: string }> = [];
      const check = (name: string, ok: boolean, detail?: string) => checks.push({ name, ok, detail });
      check('no unexpected answer to a sale', stats.unexpected.length === 0, stats.unexpected.slice(0, 5).join('; '));
      check('every stock read through the gateway answered 200', stats.readErrors.length === 0, stats.readErrors.slice(0, 5).join('; '));
      // The rolling restart: SIGTERM to a register replica costs no client anything, not even a retry.
      const rolling = windows.find((w) => w.name.startsWith('SIGTERM'));
      // What a replica going away could cause: a cut connection (network, 502/503/504) or a sale left
      // running (« déjà en cours »). A 500 is the service's own failure (e.g. Postgres refusing more
      // clients on a shared machine) and is shown, not counted.
      const rollingKinds = rolling
        ? stats.transientKinds.filter((_, i) => stats.transientAt[i]! >= rolling.from && stats.transientAt[i]! <= rolling.to)
        : [];
      const rollingErrors = rollingKinds.filter(
        (kind) => kind === 'network' || kind === 'busy' || kind === '502' || kind === '503' || kind === '504',
      );
      check(
        'no client saw an error during the rolling restart (SIGTERM register-b)',
        rolling !== undefined && rollingErrors.length === 0,
        `${rollingErrors.length} (${rollingErrors.join(', ')}); all transient answers in that window: ${rollingKinds.join(', ') || 'none'}`,
      );
      // A sale cut by the kill -9 of its register replica: its retry takes the key over on the other
      // replica once the idempotency lease (5 s) lapses, instead of waiting a minute.
      const killed = windows.find((w) => w.name === 'kill -9 register-a');
      const slowest = Math.max(
        0,
        ...stats.sales
          .filter((sale) => killed && sale.startedAt >= killed.from && sale.startedAt <= killed.to)
          .map((sale) => sale.latencyMs),
      );
      check(
        'a sale cut by the kill -9 of its register is answered within 10 s by the other replica',
        slowest < 10_000,
        `slowest ${slowest.toFixed(0)} ms`,
      );
      const ids = stats.sales.map((s) => s.saleId);
      check('every 201 names its own sale', new Set(ids).size === ids.length && ids.every(Number.isInteger));
      const stored = await registerDb('sales').whereIn('id', ids).count({ n: '*' });
      check('every sale answered 201 is stored once', Number(stored[0]!.n) === ids.length, `${stored[0]!.n} of ${ids.length}`);
      const salesAfter = Number((await registerDb('sales').count({ n: '*' }))[0]!.n);
      check(
        'no sale stored that was not answered 201 (a retry never sells twice)',
        salesAfter - salesBefore === ids.length,
        `${salesAfter - salesBefore} stored, ${ids.length} answered`,
      );

      const nc = await connect({ servers: nats.nodes.map((n) => n.url), timeout: 10_000 });
      try {
        const jsm = await jetstreamManager(nc, { timeout: 10_000 });
        // Every association's sales (`<namespace>.sale.completed.<association>`), summed.
        const subject = `${namespace}.sale.completed.*`;
        const outboxCount = async () => Number((await registerDb('outbox').where({ type: 'sale.completed' }).count({ n: '*' }))[0]!.n);
        const streamCount = async () => {
          const info = await jsm.streams.info(streamName(namespace), { subjects_filter: subject });
          return {
            count: Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0),
            replicas: info.config.num_replicas,
            peers: (info.cluster?.replicas?.length ?? 0) + 1,
          };
        };
        let stream = { count: -1, replicas: 0, peers: 0 };
        const published = await waitFor(
          async () => {
            stream = await streamCount();
            return stream.count === (await outboxCount());
          },
          60_000,
          'the outbox to be published',
        ).then(
          () => true,
          () => false,
        );
        const outbox = await outboxCount();
        check(
          'every sale has its sale.completed in the outbox',
          Number(
            (
              await registerDb('sales as s')
                .whereNotExists(
                  registerDb('outbox as o').where('o.type', 'sale.completed').whereRaw("(o.envelope->'payload'->>'saleId')::int = s.id"),
                )
                .count({ n: '*' })
            )[0]!.n,
          ) === 0,
        );
        check(
          'the stream holds each sale.completed once: none lost, none doubled',
          published && stream.count === outbox,
          `stream ${stream.count}, outbox ${outbox}`,
        );
        check(
          'the stream has 3 replicas',
          stream.replicas === 3 && stream.peers === 3,
          `replicas ${stream.replicas}, peers ${stream.peers}`,
        );

        // Stock: each event applied once, levels exact.
        const applied = await waitFor(
          async () => {
            const handled = await stockDb('inbox').where({ type: 'sale.completed' }).countDistinct({ n: 'event_id' });
            return Number(handled[0]!.n) >= outbox;
          },
          90_000,
          'stock to catch up',
        ).then(
          () => true,
          () => false,
        );
        const handledRows = Number((await stockDb('inbox').where({ type: 'sale.completed' }).count({ n: '*' }))[0]!.n);
        const consumers = Number((await stockDb('inbox').where({ type: 'sale.completed' }).countDistinct({ n: 'consumer' }))[0]!.n);
        check(
          'stock handled every sale.completed, each once',
          applied && handledRows === outbox * consumers,
          `${handledRows} handled (${consumers} consumer(s)), ${outbox} published`,
        );
        const sold = (await registerDb('sale_lines')
          .where({ kind: 'product' })
          .groupBy('product_id')
          .select('product_id')
          .sum({ q: 'quantity' })) as Array<{ product_id: number; q: string }>;
        const moved = (await stockDb('movements')
          .where({ kind: 'sale' })
          .groupBy('product_id')
          .select('product_id')
          .sum({ v: 'variation' })) as Array<{ product_id: number; v: string }>;
        const movedBy = new Map(moved.map((m) => [Number(m.product_id), -Number(m.v)]));
        const tracked = new Set((await stockDb('levels').select('product_id')).map((l) => Number(l.product_id)));
        const wrong = sold.filter((s) => tracked.has(Number(s.product_id)) && movedBy.get(Number(s.product_id)) !== Number(s.q));
        check(
          'stock movements equal the quantities sold, product by product',
          wrong.length === 0,
          wrong
            .slice(0, 5)
            .map((w) => `product ${w.product_id}: sold ${w.q}, moved ${movedBy.get(Number(w.product_id)) ?? 0}`)
            .join('; '),
        );
        const drift = await stockDb('levels as l')
          .select('l.product_id', 'l.stock')
          .select(
            stockDb.raw(
              '(select coalesce(sum(m.variation), 0) from ?? m where m.event_id = l.event_id and m.product_id = l.product_id) as total',
              ['movements'],
            ),
          )
          .then((rows) => rows.filter((r) => Number(r.stock) !== Number(r.total)));
        check(
          'every stock level is the sum of its movements',
          drift.length === 0,
          drift
            .slice(0, 3)
            .map((d) => `product ${d.product_id}: ${d.stock} ≠ ${d.total}`)
            .join('; '),
        );

        // Raffle: every ticket sold once, held by the raffle for its sale.
        const registerTickets = await registerDb('sale_tickets').select('raffle_id', 'number', 'sale_id');
        const soldNumbers = stats.sales.flatMap((s) => s.tickets);
        check(
          'every ticket sold through the gateway is sold once',
          new Set(soldNumbers).size === soldNumbers.length && soldNumbers.length > 0,
          `${soldNumbers.length} tickets`,
        );
        const confirmed = await waitFor(
          async () => {
            const rows = await raffleDb('tickets')
              .where({ status: 'sold' })
              .whereIn(
                'sale_id',
                registerTickets.map((t) => t.sale_id),
              )
              .count({ n: '*' });
            return Number(rows[0]!.n) === registerTickets.length;
          },
          60_000,
          'the raffle to confirm the tickets',
        ).then(
          () => true,
          () => false,
        );
        const mismatched = [];
        for (const t of registerTickets) {
          const row = await raffleDb('tickets').where({ raffle_id: t.raffle_id, number: t.number }).first('status', 'sale_id');
          if (row?.status !== 'sold' || Number(row.sale_id) !== Number(t.sale_id)) mismatched.push(`${t.raffle_id}/${t.number}`);
        }
        check(
          'the raffle holds every ticket the register sold, for that sale',
          confirmed && mismatched.length === 0,
          mismatched.slice(0, 5).join(', '),
        );
      } finally {
        await nc.close();
      }

      const passed = checks.filter((c) => c.ok).length;
      for (const c of checks) log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${!c.ok && c.detail ? ` — ${c.detail}` : ''}`);
      console.log(`${passed} passed, ${checks.length - passed} failed`);
      failed = passed !== checks.length;
      return failed ? 1 : 0;
    } finally {
      await Promise.all([registerDb.destroy(), stockDb.destroy(), raffleDb.destroy()]);
    }
  } catch (err) {
    console.error(`[cluster] ${(err as Error).stack ?? err}`);
    console.log('0 passed, 1 failed');
    return 1;
  } finally {
    for (const proc of procs.reverse()) await proc.kill('SIGKILL');
    await nats?.stop();
    if (process.env.CLUSTER_KEEP_DATABASE === '1') log(`database kept: ${database.url}`);
    else await database.drop().catch(() => undefined);
    if (failed) log(`logs kept in ${logDir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

process.exit(await main());
