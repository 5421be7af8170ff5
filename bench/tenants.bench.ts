/**
 * `npm run bench tenants`: one association's sales while another floods the same installation.
 *
 * Starts identity + register + gateway with hosting on (KERMESSE_HOSTING=1) and the hosting demo (a school
 * fair and a comité des fêtes, each with its own demo's « Caisse Buvette »). Sales go through the gateway on
 * each association's own host, sent at a steady rate whatever the answers take (an open loop, as
 * registers do): first the school alone at a busy fair's pace (BENCH_TENANT_RATE, 5 sales/s — several
 * registers at their busiest), then the same while the comité sends ten times that. Prints the school's
 * p99 alone and beside its noisy neighbour (aim: within 20 %), what the neighbour got (201, and refused
 * by its association's limit), and checks each association's database rows: one sale per 201 answer,
 * in the right association.
 */
import path from 'node:path';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createDb } from '@kermesse/kit/db';
import { withAssociation } from '@kermesse/kit/tenancy';
import { HOSTING_DEMO_ASSOCIATIONS } from '@kermesse/identity/demo';
import { hostUrl, okOnHost, signInOnHost } from '../e2e/support/hosting.ts';
import { carts, villageCarts, type Catalog } from './support/sales.ts';
import { machineLoad, percentile, startBenchSystem } from './support/system.ts';

const RATE = Number(process.env.BENCH_TENANT_RATE ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const AIM_PERCENT = 20;

interface Tenant {
  id: string;
  slug: string;
  base: string;
  token: string;
  bodies: string[];
}

async function catalogOn(base: string, token: string): Promise<Catalog> {
  const [event] = await okOnHost<Array<{ id: number }>>(base, 'GET', '/api/cr/events', { token });
  const [withCheckouts] = await okOnHost<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
    base,
    'GET',
    `/api/cr/events/${event!.id}/checkouts`,
    { token },
  );
  const checkout = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!;
  const [data] = await okOnHost<Array<{ products: Array<{ id: number; name: string }> }>>(base, 'GET', `/api/cr/checkouts/${checkout.id}`, {
    token,
  });
  return { checkoutId: checkout.id, eventId: event!.id, products: new Map(data!.products.map((p) => [p.name, p.id])) };
}

interface Outcome {
  created: number;
  refused: number;
  errors: number;
  latencies: number[];
}

/** Sends one sale on the tenant's host; resolves to its status and time. */
function sendSale(gateway: URL, agent: http.Agent, tenant: Tenant, body: string): Promise<{ status: number; ms: number }> {
  const began = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        hostname: '127.0.0.1',
        port: gateway.port,
        path: '/api/cr/sale/create',
        method: 'POST',
        agent,
        headers: {
          host: `${tenant.slug}.localhost:${gateway.port}`,
          authorization: `Bearer ${tenant.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - began }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
    req.end(body);
  });
}

/** `rate` sales a second for `seconds`, each sent on time whatever the previous ones take. */
async function openLoop(gateway: URL, tenant: Tenant, rate: number, seconds: number, outcome: Outcome): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      sendSale(gateway, agent, tenant, tenant.bodies[i % tenant.bodies.length]!).then(({ status, ms }) => {
        if (status === 201) {
          outcome.created += 1;
          outcome.latencies.push(ms);
        } else if (status === 429) outcome.refused += 1;
        else outcome.errors += 1;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
}

const fresh = (): Outcome => ({ created: 0, refused: 0, errors: 0, latencies: [] });
const p99 = (o: Outcome) =>
  percentile(
    [...o.latencies].sort((a, b) => a - b),
    99,
  );

export default async function bench(): Promise<void> {
  process.env.KERMESSE_HOSTING = '1';
  process.env.KERMESSE_DOMAIN = 'localhost';
  const { system, cleanup } = await startBenchSystem('ten', ['identity', 'register']);
  const db = createDb(system.databaseUrl, { schema: 'register', poolMax: 1 });
  try {
    const cashier = system.accounts.find((a) => a.role === 'cashier')!;
    const [school, comite] = await Promise.all(
      HOSTING_DEMO_ASSOCIATIONS.map(async (association): Promise<Tenant> => {
        const base = hostUrl(system.url, association.slug);
        const token = await signInOnHost(base, cashier.email, cashier.password);
        const catalog = await catalogOn(base, token);
        // Each association sells its own demo's products (the comité des fêtes has its village fête).
        return {
          id: association.id,
          slug: association.slug,
          base,
          token,
          bodies: association.demo === 'village' ? villageCarts(catalog) : carts(catalog),
        };
      }),
    );
    const gateway = new URL(system.url);
    const salesOf = (tenant: Tenant) => withAssociation(tenant.id, async () => Number((await db('sales').count({ n: '*' }))[0]!.n));
    const before = { school: await salesOf(school!), comite: await salesOf(comite!) };

    const warmups = { school: fresh(), comite: fresh() };
    await openLoop(gateway, school!, RATE, WARMUP_S, warmups.school);
    const alone = fresh();
    await openLoop(gateway, school!, RATE, DURATION_S, alone);
    await openLoop(gateway, comite!, RATE * 10, WARMUP_S, warmups.comite);
    const beside = fresh();
    const neighbour = fresh();
    await Promise.all([openLoop(gateway, school!, RATE, DURATION_S, beside), openLoop(gateway, comite!, RATE * 10, DURATION_S, neighbour)]);

    const written = { school: (await salesOf(school!)) - before.school, comite: (await salesOf(comite!)) - before.comite };
    const answered = {
      school: warmups.school.created + alone.created + beside.created,
      comite: warmups.comite.created + neighbour.created,
    };
    const increase = ((p99(beside) - p99(alone)) / p99(alone)) * 100;
    console.log(`tenants — ${school!.slug} at ${RATE} sales/s, ${DURATION_S} s; then beside ${comite!.slug} at ${RATE * 10} sales/s`);
    console.log(
      `  ${school!.slug} alone          p99 ${p99(alone).toFixed(1)} ms  (${alone.created} sales 201, ${alone.errors + alone.refused} other)`,
    );
    console.log(
      `  ${school!.slug} beside 10×     p99 ${p99(beside).toFixed(1)} ms  (${beside.created} sales 201, ${beside.errors + beside.refused} other)`,
    );
    console.log(
      `  ${comite!.slug} (10×)   ${neighbour.created} sales 201, ${neighbour.refused} refused 429 by its limit, ${neighbour.errors} other`,
    );
    console.log(
      `  in the databases     ${school!.slug} +${written.school}, ${comite!.slug} +${written.comite} ` +
        `(${written.school === answered.school && written.comite === answered.comite ? 'one per 201 answer, each in its association' : 'MISMATCH'})`,
    );
    console.log(`  machine              ${machineLoad()}`);
    console.log(
      `p99 of ${school!.slug} beside a 10× neighbour: ${increase >= 0 ? '+' : ''}${increase.toFixed(0)} % (aim ≤ ${AIM_PERCENT} %: ${increase <= AIM_PERCENT ? 'ok' : 'ABOVE AIM'})`,
    );
    if (alone.errors || beside.errors) throw new Error(`${school!.slug} got ${alone.errors + beside.errors} answers other than 201`);
    if (written.school !== answered.school || written.comite !== answered.comite)
      throw new Error('sales written differ from the 201 answers');
  } finally {
    await db.destroy();
    await cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  bench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
