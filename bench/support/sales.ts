/**
 * Sale creation through the gateway, as cashiers do it — the load of `npm run bench register`, also
 * measured by `npm run bench till` with the journal on. CLIENTS clients (BENCH_CLIENTS, 8) each create
 * sales one after the other for DURATION seconds (BENCH_DURATION, 10) after a WARMUP (BENCH_WARMUP,
 * 2 s): `POST /api/cr/sale/create` with a fresh Idempotency-Key and a real cart of the demo « Caisse
 * Buvette ». Every sale is a real one: priced by the server, written with its lines, payments and
 * `sale.completed` in one transaction, published by the outbox relay.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createDb } from '@kermesse/kit/db';
import type { RunningSystem } from '../../infra/src/launch.ts';
import { cpuMs, machineLoad, percentile, signInAs } from './system.ts';

export const SALES_LOAD = {
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  warmupS: Number(process.env.BENCH_WARMUP ?? 2),
  clients: Number(process.env.BENCH_CLIENTS ?? 8),
};

/** Aims on 2 cores. */
export const SALES_AIMS = { rate: 200, p99Ms: 100 };

export interface Catalog {
  checkoutId: number;
  eventId: number;
  products: Map<string, number>;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function loadCatalog(base: string, token: string): Promise<Catalog> {
  const headers = { authorization: `Bearer ${token}` };
  const [event] = await json<Array<{ id: number; name: string }>>(await fetch(`${base}/api/cr/events`, { headers }));
  const [withCheckouts] = await json<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
    await fetch(`${base}/api/cr/events/${event!.id}/checkouts`, { headers }),
  );
  const checkout = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
  const [data] = await json<Array<{ products: Array<{ id: number; name: string }> }>>(
    await fetch(`${base}/api/cr/checkouts/${checkout.id}`, { headers }),
  );
  return { checkoutId: checkout.id, eventId: event!.id, products: new Map(data!.products.map((p) => [p.name, p.id])) };
}

/** Three carts a buvette sees all day long, in turn: a meal deal paid cash, drinks and chips paid cash, a dessert paid by cheque. */
export function carts(catalog: Catalog): string[] {
  const { line, sale } = saleBuilder(catalog);
  return [
    sale([line('Hot-dog', 1), line('Soda 33 cl', 1), line('Crêpe au sucre', 1)], 2, [
      { method: 'ESP', amount: 5.5, payment_reference: '10' },
    ]),
    sale([line('Bière pression', 2), line('Barquette de frites', 1), line('Eau minérale', 1)], 2, [
      { method: 'ESP', amount: 8.5, payment_reference: '20' },
    ]),
    sale([line('Part de gâteau', 2), line('Café', 2)], 1, [{ method: 'CHQ', amount: 4, payment_reference: '0012345' }]),
  ];
}

/** The same three kinds of cart at the buvette of the comité des fêtes' village fête (hosting demo). */
export function villageCarts(catalog: Catalog): string[] {
  const { line, sale } = saleBuilder(catalog);
  return [
    sale([line('Bière pression', 1), line('Soda 33 cl', 1), line('Crêpe au sucre', 1)], 2, [
      { method: 'ESP', amount: 5.5, payment_reference: '10' },
    ]),
    sale([line('Bolée de cidre', 2), line('Galette complète', 1), line('Eau minérale', 1)], 2, [
      { method: 'ESP', amount: 9.5, payment_reference: '10' },
    ]),
    sale([line('Crêpe au chocolat', 2), line('Café', 2)], 1, [{ method: 'CHQ', amount: 6, payment_reference: '0012346' }]),
  ];
}

function saleBuilder(catalog: Catalog) {
  const id = (name: string) => {
    const found = catalog.products.get(name);
    if (!found) throw new Error(`the demo register has no « ${name} »`);
    return found;
  };
  const line = (name: string, quantity: number) => ({ product: { id: id(name), name }, quantity });
  const sale = (cart: unknown[], paymentMode: number, payments: unknown[]) =>
    JSON.stringify({
      sale: { checkoutId: catalog.checkoutId, eventId: catalog.eventId, personId: 0, cart, paymentMode, paymentStatus: 1, payments },
    });
  return { line, sale };
}

interface Outcome {
  created: number;
  errors: number;
  latencies: number[];
}

/** One cashier: sale after sale on a keep-alive connection until `until`. */
async function cashier(
  gateway: URL,
  token: string,
  bodies: string[],
  start: number,
  until: number,
  record: boolean,
  outcome: Outcome,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let i = start;
  try {
    while (performance.now() < until) {
      const body = bodies[i++ % bodies.length]!;
      const began = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            hostname: gateway.hostname,
            port: gateway.port,
            path: '/api/cr/sale/create',
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'idempotency-key': randomUUID(),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
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

export interface SalesFigures {
  rate: number;
  p50: number;
  p99: number;
  created: number;
  errors: number;
  /** Sales the database gained during the measure: one per 201 answer. */
  written: number;
  /** CPU time per sale, in ms, of the register and the gateway processes (undefined off Linux). */
  cpuPerSale: { register?: number; gateway?: number };
}

/** Runs the load against a system started with identity and register; checks one sale in the database per 201 answer. */
export async function measureSales(system: RunningSystem, load = SALES_LOAD): Promise<SalesFigures> {
  const token = await signInAs(system, 'cashier');
  const bodies = carts(await loadCatalog(system.url, token));
  const gateway = new URL(system.url);
  const db = createDb(system.databaseUrl, { schema: 'register', poolMax: 1 });
  try {
    const countSales = async () => Number((await db('sales').count({ n: '*' }))[0]!.n);
    const clients = (until: number, record: boolean, outcome: Outcome) =>
      Promise.all(Array.from({ length: load.clients }, (_, c) => cashier(gateway, token, bodies, c, until, record, outcome)));

    await clients(performance.now() + load.warmupS * 1000, false, { created: 0, errors: 0, latencies: [] });

    const before = await countSales();
    const pid = (name: string) => system.processes.find((p) => p.name === name)?.pid;
    const cpuBefore = { register: cpuMs(pid('register')), gateway: cpuMs(pid('gateway')) };
    const outcome: Outcome = { created: 0, errors: 0, latencies: [] };
    const began = performance.now();
    await clients(began + load.durationS * 1000, true, outcome);
    const seconds = (performance.now() - began) / 1000;
    const cpuAfter = { register: cpuMs(pid('register')), gateway: cpuMs(pid('gateway')) };
    const written = (await countSales()) - before;

    const perSale = (name: 'register' | 'gateway') => {
      const a = cpuBefore[name];
      const b = cpuAfter[name];
      return a === undefined || b === undefined || outcome.created === 0 ? undefined : (b - a) / outcome.created;
    };
    const sorted = [...outcome.latencies].sort((a, b) => a - b);
    const figures: SalesFigures = {
      rate: outcome.created / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      created: outcome.created,
      errors: outcome.errors,
      written,
      cpuPerSale: { register: perSale('register'), gateway: perSale('gateway') },
    };
    printSales(figures, load);
    if (written !== outcome.created) throw new Error(`${outcome.created} sales answered 201 but ${written} were written`);
    return figures;
  } finally {
    await db.destroy();
  }
}

function printSales(f: SalesFigures, load: typeof SALES_LOAD): void {
  const mark = (ok: boolean) => (ok ? 'ok' : 'BELOW AIM');
  const cpu = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(2)} ms`);
  console.log(`sale creation through the gateway — ${load.clients} clients, ${load.durationS} s after ${load.warmupS} s warm-up`);
  console.log(`  sales/s        ${f.rate.toFixed(1).padStart(8)}   (aim ≥ ${SALES_AIMS.rate}: ${mark(f.rate >= SALES_AIMS.rate)})`);
  console.log(`  p50            ${f.p50.toFixed(1).padStart(8)} ms`);
  console.log(`  p99            ${f.p99.toFixed(1).padStart(8)} ms (aim ≤ ${SALES_AIMS.p99Ms}: ${mark(f.p99 <= SALES_AIMS.p99Ms)})`);
  console.log(`  sales created  ${String(f.created).padStart(8)}   errors ${f.errors}`);
  console.log(
    `  CPU per sale   register ${cpu(f.cpuPerSale.register)}, gateway ${cpu(f.cpuPerSale.gateway)} (hardly depends on the rest of the machine)`,
  );
  console.log(`  machine        ${machineLoad()}`);
  console.log(`  in the database ${String(f.written).padStart(7)}   (${f.written === f.created ? 'one per 201 answer' : 'MISMATCH'})`);
}
