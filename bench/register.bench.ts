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
 * database holds exactly one sale per 201 answer.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureSales } from './support/sales.ts';
import { startBenchSystem } from './support/system.ts';

export default async function bench(): Promise<void> {
  const { system, cleanup } = await startBenchSystem('reg', ['identity', 'register']);
  try {
    await measureSales(system);
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
