/**
 * `npm run bench register`: sale creation through the gateway, as cashiers do it.
 *
 * Starts identity + register + gateway with the launcher (`build: false`, a private database and
 * NATS namespace — real Postgres and NATS when the test servers answer, else the launcher's embedded
 * Postgres and its own nats-server), signs a cashier in, then 8 clients (BENCH_CLIENTS) each create
 * sales one after the other for BENCH_DURATION seconds (10) after a 2 s warm-up: `POST
 * /api/cr/sale/create` with a fresh Idempotency-Key and a real cart of the demo « Caisse Buvette »
 * (a meal deal paid cash, drinks and chips paid cash, a dessert paid by cheque). The load itself is
 * bench/support/sales.ts, shared with `npm run bench till`.
 *
 * Prints sales/s, p50 and p99 (aims on 2 cores: ≥ 200 sales/s, p99 ≤ 100 ms) and checks that the
 * database holds exactly one sale per 201 answer. Then, in the same run and on the same database, the
 * same number of clients run a bare Postgres statement writing the rows a sale writes
 * (support/bareSale.ts), and the last line sets one against the other with the register's and the
 * gateway's CPU per sale (aims, docs/capacity.md §2: ≥ 35 % of the bare statement, ≤ 0.6 ms together):
 * `sales/s = P % of a bare Postgres statement (K sales/s vs B/s); CPU per sale: register R ms, gateway G ms`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureBareSale } from './support/bareSale.ts';
import { measureSales, SALES_LOAD } from './support/sales.ts';
import { startBenchSystem } from './support/system.ts';

export default async function bench(): Promise<void> {
  const { system, cleanup } = await startBenchSystem('reg', ['identity', 'register']);
  try {
    const sales = await measureSales(system);
    const bare = await measureBareSale(system.databaseUrl, SALES_LOAD.clients, SALES_LOAD.durationS);
    const cpu = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));
    console.log(`bare Postgres statement — ${SALES_LOAD.clients} clients, ${SALES_LOAD.durationS} s: ${bare.statements} committed`);
    console.log(
      `sales/s = ${((100 * sales.rate) / bare.rate).toFixed(1)} % of a bare Postgres statement ` +
        `(${sales.rate.toFixed(0)} sales/s vs ${bare.rate.toFixed(0)}/s); ` +
        `CPU per sale: register ${cpu(sales.cpuPerSale.register)} ms, gateway ${cpu(sales.cpuPerSale.gateway)} ms`,
    );
  } finally {
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
