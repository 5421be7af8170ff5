import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freePort, TEST_NATS_URL } from '@kermesse/kit/testing';
import { buildProduct, buildSale, levelAndLedger, startStockTestSystem, type StockTestSystem } from '../testSupport.ts';
import { CONSUMER_NAMES } from './index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const EVENT = 21;
const PRODUCTS = [201, 202, 203, 204, 205];

let sys: StockTestSystem;
let child: ChildProcess | null = null;
let port: number;

/** The real stock service process (server.ts), as the launcher runs it. */
async function startService(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'services/stock/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: sys.databaseUrl,
      NATS_URL: TEST_NATS_URL,
      NATS_NAMESPACE: sys.namespace,
      IDENTITY_URL: sys.identityUrl,
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 30_000, 100);
  return proc;
}

function kill(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

/** Sale n sells 1 to 3 of two products, in a fixed pattern. */
const saleLines = (n: number): Array<[number, number]> => [
  [PRODUCTS[n % 5]!, 1 + (n % 3)],
  [PRODUCTS[(n * 7 + 3) % 5]!, 1 + ((n * 5) % 3)],
];

beforeAll(async () => {
  // The consumers run in the child process only.
  sys = await startStockTestSystem({ consumers: false, app: false });
  port = await freePort();
});

afterAll(async () => {
  if (child) await kill(child);
  await sys?.stop();
});

const countSales = async () =>
  (await sys.db('movements').where({ kind: 'sale' }).countDistinct<{ count: number }[]>('sale_id as count'))[0]!.count;

describe('stock service killed mid-stream', () => {
  it('leaves exact levels after SIGKILL with events still queued, and a restart', async () => {
    await sys.publish('catalog.event.created', { eventId: EVENT, name: 'Braderie', startsOn: '2026-09-06' });
    for (const id of PRODUCTS) await sys.publish('catalog.product.changed', buildProduct(id, `Produit ${id}`));
    child = await startService();
    await eventually(
      async () => (await sys.db('levels').where({ event_id: EVENT }).count<{ count: number }[]>('* as count'))[0]!.count === 5,
      15_000,
    );

    const SALES = 400;
    const expected = new Map<number, number>(PRODUCTS.map((id) => [id, 0]));
    let lineCount = 0;
    const publishSales = async (from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const lines = saleLines(n);
        for (const [id, quantity] of lines) expected.set(id, expected.get(id)! - quantity);
        lineCount += lines.length;
        await sys.publish('sale.completed', buildSale(1000 + n, EVENT, lines));
      }
    };

    // First half published while the service runs; it is killed in the middle of consuming them.
    await publishSales(0, SALES / 2);
    await eventually(async () => (await countSales()) >= 20, 15_000, 5);
    await kill(child);
    child = null;
    const atKill = await countSales();
    // Second half queued in JetStream while the service is down.
    await publishSales(SALES / 2, SALES);
    expect(await countSales()).toBe(atKill);

    child = await startService();
    await eventually(async () => (await countSales()) === SALES, 60_000, 100);
    // Anything redelivered is handled before counting: nothing left to deliver nor waiting for its ack.
    await eventually(() => sys.consumerDrained(CONSUMER_NAMES.saleCompleted), 30_000);
    expect(await sys.db('movements').where({ kind: 'sale' }).count<{ count: number }[]>('* as count')).toEqual([{ count: lineCount }]);
    for (const id of PRODUCTS) {
      const { stock, ledger } = await levelAndLedger(sys.db, EVENT, id);
      expect(stock).toBe(expected.get(id));
      expect(ledger).toBe(stock);
    }
  }, 120_000);
});
