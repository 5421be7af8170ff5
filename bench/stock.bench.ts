/**
 * `npm run bench stock`: the inventory import and the consumption of sales by the stock service.
 *
 * Starts identity in this process and the real stock service (services/stock/src/server.ts) in its
 * own process, on a private database (real Postgres) and NATS namespace (real JetStream), with a
 * stand-in for the register that publishes events the way the register does (outbox row in a
 * transaction, relay to JetStream).
 *
 * 1. Inventory import of a 10,000-line CSV (10,000 products, Windows-style `;` file with BOM): the
 *    dry run, then the real import (one transaction), through HTTP multipart. Prints the time of each
 *    and the stock service's memory: resident size before, peak during (sampled every 5 ms from
 *    /proc), and the growth.
 * 2. Lag from `sale.completed` to the stock level updated, over 1,000 sales (BENCH_SALES), each of
 *    two product lines: the time between the event's `occurredAt` (written in the register's outbox)
 *    and the writing of its movements in the stock database, just before their commit (same machine). Measured
 *    at a steady 100 sales/s, then for a burst of 1,000 published at once (drain time and lag).
 * 3. Sustained load: 200 sales/s for 30 s (BENCH_SUSTAINED_RATE, BENCH_SUSTAINED_SECONDS) from 50
 *    registers, each recording its sales one after the other in the register stand-in's outbox at
 *    their due time (the rate reached is printed), relayed to JetStream. The lag is measured to the
 *    moment the level is visible to a reader (the commit: the bench polls the movements every
 *    20 ms), p50/p99/max, with the lag to the writing of the movements beside it, the share of the
 *    register side (outbox → JetStream) and of the stock service, and the CPU each used.
 *    Aim: p99 ≤ 1 s.
 *    Checks that every level equals the sum of its movements and the expected value.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connectBus } from '@kermesse/kit/bus';
import { eventually, freePort, TEST_NATS_URL } from '@kermesse/kit/testing';
import { buildSale, startStockTestSystem, type StockTestSystem } from '../services/stock/src/testSupport.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SALES = Number(process.env.BENCH_SALES ?? 1_000);
const SUSTAINED_RATE = Number(process.env.BENCH_SUSTAINED_RATE ?? 200);
const SUSTAINED_SECONDS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 30);
const SUSTAINED = SUSTAINED_RATE * SUSTAINED_SECONDS;
const REGISTERS = 50;
const EVENT_ID = 1;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Resident memory of a process, from /proc (Linux). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Runs `work` while sampling the process's resident memory every 5 ms; returns its time and peak. */
async function measure<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; ms: number; before: number; peak: number }> {
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    const elapsed = performance.now() - started;
    peak = Math.max(peak, rss(pid));
    return { result, ms: elapsed, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

async function startStockService(sys: StockTestSystem, port: number): Promise<ChildProcess> {
  // BENCH_PROFILE=<dir>: a V8 CPU profile of the stock service, written when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE)] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'services/stock/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: sys.databaseUrl,
      NATS_URL: TEST_NATS_URL,
      NATS_NAMESPACE: sys.namespace,
      IDENTITY_URL: sys.identityUrl,
      REGISTER_URL: sys.register.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 30_000, 100);
  return child;
}

/** 10,000 products in the read model and their levels, as the catalog consumers would leave them. */
async function seedCatalogue(sys: StockTestSystem): Promise<void> {
  await sys.db('events').insert({ id: EVENT_ID, name: 'Kermesse du bench', starts_on: '2026-05-16' });
  const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: i + 1,
    name: `Produit ${String(i + 1).padStart(5, '0')}`,
    price_cents: 150,
    category_id: 1 + (i % 12),
    category_name: `Catégorie ${1 + (i % 12)}`,
    active: true,
  }));
  for (let i = 0; i < rows.length; i += 2_000) await sys.db('products').insert(rows.slice(i, i + 2_000));
  await sys.db.raw('insert into levels (event_id, product_id, alert_threshold) select ?, id, 5 from products', [EVENT_ID]);
}

/** The file an association would export from Excel: BOM, `;`, CRLF, a note on one line in ten. */
function inventoryCsv(): Buffer {
  const lines = ['id_produit;produit;categorie;stock_actuel;nouveau_stock;note'];
  for (let i = 1; i <= PRODUCTS; i++) {
    lines.push(
      `${i};Produit ${String(i).padStart(5, '0')};Catégorie ${1 + ((i - 1) % 12)};0;${(i * 7) % 120};${i % 10 === 0 ? 'Recompté le soir' : ''}`,
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]);
}

async function importInventory(base: string, token: string, file: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(file)], { type: 'text/csv' }), 'inventaire-10000.csv');
  form.append('global_note', 'Inventaire du bench');
  const res = await fetch(`${base}/api/stocks/import/inventory?dry-run=${dryRun ? 1 : 0}&event_id=${EVENT_ID}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { status: string; products_affected: number; products_updated: number; errors: string[] };
  if (res.status !== 200 || body.errors.length) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Lags (ms) of the sales given, from their event's occurredAt to the commit of their movements. */
async function lags(sys: StockTestSystem, occurredAt: Map<number, number>): Promise<number[]> {
  const rows: { sale_id: number; at: Date }[] = await sys
    .db('movements')
    .whereIn('sale_id', [...occurredAt.keys()])
    .groupBy('sale_id')
    .select('sale_id', sys.db.raw('max(created_at) as at'));
  return rows.map((r) => r.at.getTime() - occurredAt.get(r.sale_id)!).sort((a, b) => a - b);
}

/**
 * Watches the movements table (every 20 ms) and notes when each sale's movements first become
 * visible to a reader, i.e. committed. Returns the times seen (ms since epoch) by sale id.
 */
function watchCommits(sys: StockTestSystem, from: number, to: number): { seen: Map<number, number>; stop(): Promise<void> } {
  const seen = new Map<number, number>();
  let lastId = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows: { id: number; sale_id: number }[] = await sys
        .db('movements')
        .where('id', '>', lastId)
        .whereBetween('sale_id', [from, to - 1])
        .orderBy('id')
        .select('id', 'sale_id');
      const now = Date.now();
      for (const row of rows) {
        lastId = Math.max(lastId, row.id);
        if (!seen.has(row.sale_id)) seen.set(row.sale_id, now);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    seen,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** When each sale's event (sale ids in [from, to)) was stored by JetStream, read back from the stream. */
async function streamTimes(sys: StockTestSystem, from: number, to: number): Promise<Map<number, number>> {
  const bus = await connectBus({ url: TEST_NATS_URL, namespace: sys.namespace, name: 'stock-bench-reader' });
  const times = new Map<number, number>();
  try {
    const reader = await bus.js.consumers.get(bus.stream, { filter_subjects: bus.subject('sale.completed') });
    const messages = await reader.consume({ max_messages: 1_000 });
    const total =
      (await bus.jsm.streams.info(bus.stream, { subjects_filter: bus.subject('sale.completed') })).state.subjects?.[
        bus.subject('sale.completed')
      ] ?? 0;
    let read = 0;
    for await (const msg of messages) {
      const saleId = (JSON.parse(new TextDecoder().decode(msg.data)) as { payload: { saleId: number } }).payload.saleId;
      if (saleId >= from && saleId < to && !times.has(saleId)) times.set(saleId, Math.round(Number(msg.info.timestampNanos) / 1e6));
      if (++read >= total) break;
    }
    await messages.close().catch(() => undefined);
  } finally {
    await bus.close();
  }
  return times;
}

async function salesDone(sys: StockTestSystem, from: number, to: number): Promise<number> {
  const [row] = await sys
    .db('movements')
    .whereBetween('sale_id', [from, to - 1])
    .countDistinct<{ count: number }[]>('sale_id as count');
  return row!.count;
}

export default async function bench(): Promise<void> {
  const sys = await startStockTestSystem({ consumers: false, app: false });
  let child: ChildProcess | undefined;
  try {
    await seedCatalogue(sys);
    const port = await freePort();
    child = await startStockService(sys, port);
    const base = `http://127.0.0.1:${port}`;
    const pid = child.pid!;
    const file = inventoryCsv();
    console.log(
      `stock: ${PRODUCTS.toLocaleString('en')} products, inventory file ${mb(file.length)} (${PRODUCTS.toLocaleString('en')} lines)`,
    );

    // Warm the service's code paths on a small file first (JIT, pools), like a second import would be.
    await importInventory(base, sys.tokens.admin, Buffer.from('id_produit;nouveau_stock\n1;0\n'), true);

    const dry = await measure(pid, () => importInventory(base, sys.tokens.admin, file, true));
    console.log(
      `  dry run     : ${ms(dry.ms)}  — ${dry.result.products_affected} lines checked, ${dry.result.products_updated} changes found; service RSS ${mb(dry.before)} → peak ${mb(dry.peak)} (+${mb(dry.peak - dry.before)})`,
    );
    const real = await measure(pid, () => importInventory(base, sys.tokens.admin, file, false));
    console.log(
      `  real import : ${ms(real.ms)}  — ${real.result.products_updated} movements in one transaction; service RSS ${mb(real.before)} → peak ${mb(real.peak)} (+${mb(real.peak - real.before)})`,
    );
    const [{ mismatches }] = (
      await sys.db.raw(
        `select count(*)::int as mismatches from levels l
       left join (select product_id, sum(variation)::int as total from movements where event_id = ? group by product_id) m on m.product_id = l.product_id
       where l.event_id = ? and l.stock <> coalesce(m.total, 0)`,
        [EVENT_ID, EVENT_ID],
      )
    ).rows as [{ mismatches: number }];
    console.log(`  levels ≠ sum of movements after import: ${mismatches}`);

    // Sales: two product lines each, products 1..50.
    const expected = new Map<number, number>();
    const levelsBefore: { product_id: number; stock: number }[] = await sys
      .db('levels')
      .where({ event_id: EVENT_ID })
      .where('product_id', '<=', 50)
      .select('product_id', 'stock');
    for (const l of levelsBefore) expected.set(l.product_id, l.stock);
    const publishSale = async (saleId: number, occurred: Map<number, number>) => {
      const lines: Array<[number, number]> = [
        [1 + (saleId % 50), 1],
        [1 + ((saleId * 7) % 50), 2],
      ];
      for (const [id, q] of lines) expected.set(id, expected.get(id)! - q);
      const envelope = await sys.publish('sale.completed', buildSale(saleId, EVENT_ID, lines));
      occurred.set(saleId, Date.parse(envelope.occurredAt));
    };

    // Steady: 100 sales/s, as several busy registers.
    const steady = new Map<number, number>();
    const started = performance.now();
    for (let n = 0; n < SALES; n++) {
      const due = started + n * 10;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await publishSale(10_000 + n, steady);
    }
    await eventually(async () => (await salesDone(sys, 10_000, 10_000 + SALES)) === SALES, 120_000, 100);
    const steadyLags = await lags(sys, steady);
    console.log(
      `  sale.completed → level updated, ${SALES} sales at 100/s: p50 ${ms(percentile(steadyLags, 50))}, p99 ${ms(percentile(steadyLags, 99))}, max ${ms(steadyLags.at(-1)!)}`,
    );

    // Sustained: 200 sales/s for 30 s from 50 registers (each records its sales one after the other,
    // at their due time, in a transaction with the outbox row), relayed to JetStream.
    const sustained = new Map<number, number>();
    const watcher = watchCommits(sys, 30_000, 30_000 + SUSTAINED);
    const cpuBefore = { stock: cpuMs(pid), bench: process.cpuUsage() };
    const sustainedStart = performance.now();
    await Promise.all(
      Array.from({ length: REGISTERS }, async (_, register) => {
        for (let n = register; n < SUSTAINED; n += REGISTERS) {
          const wait = sustainedStart + (n * 1000) / SUSTAINED_RATE - performance.now();
          if (wait > 1) await new Promise((r) => setTimeout(r, wait));
          await publishSale(30_000 + n, sustained);
        }
      }),
    );
    const publishedIn = performance.now() - sustainedStart;
    await eventually(async () => watcher.seen.size === SUSTAINED, 900_000, 100);
    await watcher.stop();
    const wall = performance.now() - sustainedStart;
    const stockCpu = (cpuMs(pid) - cpuBefore.stock) / wall;
    const benchUsage = process.cpuUsage(cpuBefore.bench);
    const benchCpu = (benchUsage.user + benchUsage.system) / 1000 / wall;
    const visible = [...watcher.seen].map(([saleId, at]) => at - sustained.get(saleId)!).sort((a, b) => a - b);
    const written = await lags(sys, sustained);
    const p99 = percentile(visible, 99);

    console.log(
      `  sustained ${SUSTAINED_RATE} sales/s for ${SUSTAINED_SECONDS} s (${SUSTAINED} sales recorded in ${ms(publishedIn)}, ${Math.round((SUSTAINED / publishedIn) * 1000)}/s): sale.completed → level visible p50 ${ms(percentile(visible, 50))}, p99 ${ms(p99)}, max ${ms(visible.at(-1)!)} (movements written: p50 ${ms(percentile(written, 50))}, p99 ${ms(percentile(written, 99))}, max ${ms(written.at(-1)!)}) — aim p99 ≤ 1 s: ${p99 <= 1_000 ? 'met' : 'NOT met'}`,
    );
    // Where the time goes: the register's outbox and relay (to JetStream), then the stock service.
    const stored = await streamTimes(sys, 30_000, 30_000 + SUSTAINED);
    const relayed = [...stored].map(([saleId, at]) => at - sustained.get(saleId)!).sort((a, b) => a - b);
    const consumed = [...stored].map(([saleId, at]) => watcher.seen.get(saleId)! - at).sort((a, b) => a - b);
    console.log(
      `    of which outbox → JetStream (register side): p50 ${ms(percentile(relayed, 50))}, p99 ${ms(percentile(relayed, 99))}; JetStream → level visible (stock service): p50 ${ms(percentile(consumed, 50))}, p99 ${ms(percentile(consumed, 99))}, max ${ms(consumed.at(-1)!)}; CPU used: stock service ${Math.round(stockCpu * 100)}% of a core, bench process (register stand-in and its relay) ${Math.round(benchCpu * 100)}%; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );

    // Burst: everything published at once; how long the service takes to catch up.
    const burst = new Map<number, number>();
    const burstStart = Date.now();
    await Promise.all(Array.from({ length: SALES }, (_, n) => publishSale(20_000 + n, burst)));
    await eventually(async () => (await salesDone(sys, 20_000, 20_000 + SALES)) === SALES, 300_000, 50);
    const drained = Date.now() - burstStart;
    const burstLags = await lags(sys, burst);
    console.log(
      `  burst of ${SALES} sales: all applied in ${ms(drained)} (${Math.round((SALES / drained) * 1000)} sales/s); lag p50 ${ms(percentile(burstLags, 50))}, p99 ${ms(percentile(burstLags, 99))}`,
    );

    const after: { product_id: number; stock: number }[] = await sys
      .db('levels')
      .where({ event_id: EVENT_ID })
      .where('product_id', '<=', 50)
      .select('product_id', 'stock');
    const wrong = after.filter((l) => l.stock !== expected.get(l.product_id)).length;
    const lines = (await sys.db('movements').where({ kind: 'sale' }).count<{ count: number }[]>('* as count'))[0]!.count;
    const [{ ledgerMismatches }] = (
      await sys.db.raw(
        `select count(*)::int as "ledgerMismatches" from levels l
       left join (select event_id, product_id, sum(variation)::int as total from movements group by event_id, product_id) m using (event_id, product_id)
       where l.stock <> coalesce(m.total, 0)`,
      )
    ).rows as [{ ledgerMismatches: number }];
    const expectedLines = 2 * (2 * SALES + SUSTAINED);
    console.log(
      `  check: ${lines} sale movements for ${expectedLines} sale lines, ${wrong} level(s) different from the expected value, ${ledgerMismatches} level(s) different from the sum of their movements`,
    );
    if (wrong || lines !== expectedLines || mismatches || ledgerMismatches) throw new Error('stock bench: levels are not exact');
  } finally {
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child!.once('exit', () => resolve());
        child!.kill('SIGTERM');
      });
    }
    await sys.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
  process.exit(0);
}
