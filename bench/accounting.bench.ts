/**
 * `npm run bench accounting`: the trial-balance import and the journal's catch-up on sales.
 *
 * Starts identity in this process and the real accounting service (services/accounting/src/server.ts)
 * in its own process, on a private database (real Postgres) and NATS namespace (real JetStream).
 *
 * 1. Import of a 5,000-line trial balance (BENCH_ACCOUNTS): a Paheko-style file (`;`, decimal
 *    comma, BOM) saved as `data_csv_raw` then read by `POST /api/trials/import/{id}` (one
 *    transaction), and the same file sent as Windows-1252 bytes. Prints the time of each and the
 *    service's memory: resident size before, peak during (sampled every 5 ms from /proc).
 * 2. Journal catch-up: 100,000 sales (BENCH_SALES) waiting in JetStream while the service is down;
 *    the service starts and writes them into the hash-chained journal. Prints entries per second,
 *    then checks one entry per sale, continuous numbering and the whole chain.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildEnvelope } from '@kermesse/kit/bus';
import { eventually, freePort, TEST_NATS_URL } from '@kermesse/kit/testing';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem } from '../services/accounting/src/testSupport.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5_000);
const SALES = Number(process.env.BENCH_SALES ?? 100_000);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** Resident memory of a process, from /proc (Linux). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

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

/** Starts the service on a free port (another port when someone else took it meanwhile). */
async function startService(sys: AccountingTestSystem): Promise<{ child: ChildProcess; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/accounting/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: sys.databaseUrl,
        NATS_URL: TEST_NATS_URL,
        NATS_NAMESPACE: sys.namespace,
        IDENTITY_URL: sys.identityUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await eventually(
        async () => {
          if (child.exitCode !== null) throw new Error('exited');
          const res = await fetch(`${base}/healthz`);
          return res.ok && ((await res.json()) as { service?: string }).service === 'accounting';
        },
        60_000,
        100,
      );
      return { child, base };
    } catch (err) {
      await stopService(child);
      if (attempt >= 3) throw err;
    }
  }
}

async function stopService(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A « Balance générale » of `ACCOUNTS` accounts, balanced, with a total line at the bottom. */
function trialBalanceCsv(): string {
  const lines = ['Numéro;Libellé;Débit;Crédit;Solde'];
  let debit = 0;
  for (let i = 0; i < ACCOUNTS; i++) {
    const code = String(i % 2 === 0 ? 600000 + i : 700000 + i);
    const cents = 1_000 + ((i * 7919) % 500_000);
    const euros = `${Math.floor(cents / 100).toLocaleString('fr-FR')},${String(cents % 100).padStart(2, '0')}`;
    if (i % 2 === 0) {
      debit += cents;
      lines.push(`${code};Compte de charges n°${i} — fête, été;${euros};0,00;${euros}`);
    } else {
      lines.push(`${code};Compte de produits n°${i} — fête, été;0,00;${euros};-${euros}`);
    }
  }
  lines.push(`;Total;${(debit / 100).toFixed(2).replace('.', ',')};;`);
  return `${lines.join('\r\n')}\r\n`;
}

const toWindows1252 = (text: string) =>
  Uint8Array.from([...text].map((c) => (c === '—' ? 0x97 : c === '\u202f' || c === '\u00a0' ? 0xa0 : c.charCodeAt(0))));

export default async function bench(): Promise<void> {
  const sys = await startAccountingTestSystem({ consumers: false, app: false });
  let child: ChildProcess | undefined;
  try {
    const started = await startService(sys);
    child = started.child;
    let base = started.base;
    const auth = { authorization: `Bearer ${sys.tokens.treasurer}` };
    const csv = trialBalanceCsv();
    console.log(`accounting: trial balance of ${ACCOUNTS.toLocaleString('en')} accounts (${mb(Buffer.byteLength(csv))})`);

    const create = async (data: string) => {
      const res = await fetch(`${base}/api/admin/accountancy/trial-balance`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ financial_year: 2025, data_csv_raw: data }),
      });
      return ((await res.json()) as { trialBalance: { id: number } }).trialBalance.id;
    };
    const importRows = async (id: number, body?: Uint8Array) => {
      const res = await fetch(`${base}/api/trials/import/${id}`, {
        method: 'POST',
        headers: { ...auth, ...(body ? { 'content-type': 'text/csv' } : {}) },
        body: body ? Buffer.from(body) : undefined,
      });
      const answer = (await res.json()) as { created?: number; error?: string };
      if (res.status !== 200 || answer.created !== ACCOUNTS)
        throw new Error(`import answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer.created;
    };
    // Warm the code paths (JIT, pools) on a small balance first.
    await importRows(await create('Compte;Débit;Crédit\n530;1;0\n').catch(() => 0)).catch(() => undefined);

    const id = await create(csv);
    const stored = await measure(child.pid!, () => importRows(id));
    console.log(
      `  import of data_csv_raw (UTF-8, ;, decimal comma): ${ms(stored.ms)} for ${stored.result} rows in one transaction; service RSS ${mb(stored.before)} → peak ${mb(stored.peak)} (+${mb(stored.peak - stored.before)})`,
    );
    const fileId = await create('à remplacer');
    const file = await measure(child.pid!, () => importRows(fileId, toWindows1252(csv)));
    console.log(
      `  import of the file sent as Windows-1252 bytes   : ${ms(file.ms)} for ${file.result} rows; service RSS ${mb(file.before)} → peak ${mb(file.peak)} (+${mb(file.peak - file.before)})`,
    );
    const bilan = await measure(
      child.pid!,
      async () => (await fetch(`${base}/api/admin/accountancy/bilan-des-comptes/2025`, { headers: auth })).json() as Promise<unknown[]>,
    );
    console.log(`  Bilan des comptes of that year: ${ms(bilan.ms)} (${bilan.result.length} rows)`);

    // Journal catch-up: the service is down while the fair sells.
    await stopService(child);
    child = undefined;
    const published = performance.now();
    const inFlight = 256;
    for (let start = 0; start < SALES; start += inFlight) {
      await Promise.all(
        Array.from({ length: Math.min(inFlight, SALES - start) }, (_, k) => {
          const saleId = start + k + 1;
          const sale = buildSale(
            saleId,
            [
              ['product', saleId % 3 ? 'Boissons' : 'Plats', 350],
              ['donation', 'Donations', 100],
              ['raffle', 'Tombola', 200],
            ],
            {
              method: (['ESP', 'CHQ', 'CB'] as const)[saleId % 3],
              completedAt: new Date(Date.UTC(2026, 4, 16, 8) + saleId * 300).toISOString(),
            },
          );
          return sys.publishRaw(buildEnvelope('register', 'sale.completed', sale), `bench-${saleId}`);
        }),
      );
    }
    console.log(`  ${SALES.toLocaleString('en')} sale.completed waiting in JetStream (published in ${ms(performance.now() - published)})`);

    const entries = async () => Number((await sys.db('journal_entries').count<{ count: number }[]>('* as count'))[0]!.count);
    const caughtUpStart = performance.now();
    const restarted = await startService(sys);
    child = restarted.child;
    base = restarted.base;
    let last = 0;
    await eventually(
      async () => {
        const count = await entries();
        if (count - last >= 20_000) {
          console.log(`    … ${count.toLocaleString('en')} entries after ${ms(performance.now() - caughtUpStart)}`);
          last = count;
        }
        return count === SALES;
      },
      3_600_000,
      500,
    );
    const caughtUp = performance.now() - caughtUpStart;
    console.log(
      `  journal catch-up: ${SALES.toLocaleString('en')} entries in ${(caughtUp / 1000).toFixed(1)} s = ${Math.round(SALES / (caughtUp / 1000)).toLocaleString('en')} entries/s (service start included)`,
    );
    const [{ seconds }] = (
      await sys.db.raw('select extract(epoch from max(created_at) - min(created_at))::float as seconds from journal_entries')
    ).rows as [{ seconds: number }];
    console.log(
      `    from the first batch written to the last: ${seconds.toFixed(1)} s = ${Math.round(SALES / Math.max(seconds, 0.001)).toLocaleString('en')} entries/s`,
    );

    const [{ numbers, gaps }] = (
      await sys.db.raw(
        `select count(distinct number)::int as numbers, (max(number) - min(number) + 1 - count(*))::int as gaps from journal_entries where year = 2026`,
      )
    ).rows as [{ numbers: number; gaps: number }];
    const check = await measure(
      child.pid!,
      async () =>
        (await fetch(`${base}/api/admin/accountancy/journal-verification`, { headers: auth })).json() as Promise<{
          ok: boolean;
          entries: number;
        }>,
    );
    console.log(
      `  check: ${numbers.toLocaleString('en')} numbers, ${gaps} gap(s); chain verified ${check.result.ok ? 'intact' : 'BROKEN'} over ${check.result.entries.toLocaleString('en')} entries in ${ms(check.ms)}`,
    );
    if (numbers !== SALES || gaps !== 0 || !check.result.ok) throw new Error('accounting bench: the journal is not exact');
  } finally {
    await stopService(child);
    await sys.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
  process.exit(0);
}
