/**
 * Raffle benchmarks (real Postgres, own database):
 *
 *  1. The verifiable drawing over 100,000 sold tickets and 200 prizes: closing the sales (sorted list,
 *     hash, commitment, frozen prizes), the drawing itself (derivation, winners written, event), and
 *     the pure derivation and verification in memory.
 *  2. Ticket claims (`POST /internal/claims`, the register's synchronous call) from 8 concurrent
 *     registers over HTTP for BENCH_CLAIM_SECONDS (10) after a 2 s warm-up: claims/s, p50, p99, and how
 *     many were refused because another register had just taken a number. Each claim holds 3 random
 *     numbers of a raffle of 1,000,000 tickets.
 *
 * The raffle app runs in this process with a token verifier that accepts the bench's token (identity's
 * signature check is cached per token in production, so it is left out). Run alone with
 * `npx tsx bench/raffle.bench.ts`.
 */
import { SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AuthUser, type TokenVerifier } from '@kermesse/kit/auth';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen } from '@kermesse/kit/http';
import { createTestDatabase } from '@kermesse/kit/testing';
import { buildApp } from '../services/raffle/src/app.ts';
import { createRaffle } from '../services/raffle/src/commands/createRaffle.ts';
import { closeSales } from '../services/raffle/src/commands/closeSales.ts';
import { runDrawing } from '../services/raffle/src/commands/runDrawing.ts';
import { deriveWinners, verifyProof, commitmentOf, ticketsHash, type DrawPrize } from '../contracts/raffle/src/drawing.ts';
import { upsertEvent } from '../services/raffle/src/repositories/events.ts';
import { migrations, schema } from '../services/raffle/migrations/index.ts';

const TICKETS = 100_000;
const PRIZES = 200;
const REGISTERS = 8;
const CLAIM_SECONDS = Number(process.env.BENCH_CLAIM_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const NUMBERS_PER_CLAIM = 3;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function benchDrawing(db: Db): Promise<void> {
  console.log(`Drawing over ${TICKETS.toLocaleString('en')} sold tickets and ${PRIZES} prizes`);
  const raffleId = await createRaffle(db, {
    eventId: 1,
    name: "Tombola du banc d'essai",
    totalTickets: TICKETS,
    tiers: [{ nb: 1, priceCents: 200 }],
  });
  await db.raw(
    `insert into prizes (raffle_id, name, rank, price_cents, quantity) select ?, 'Lot ' || g, g, 1000, 1 from generate_series(1, ?) g`,
    [raffleId, PRIZES],
  );
  await db.raw(
    `insert into tickets (raffle_id, number, status, sale_id, sale_reference, firstname, lastname, sold_at)
     select ?, g, 'sold', g, 'B-' || g, 'Prénom', 'Nom ' || g, now() from generate_series(1, ?) g`,
    [raffleId, TICKETS],
  );

  let start = process.hrtime.bigint();
  await closeSales(db, raffleId);
  const closeMs = ms(start);
  start = process.hrtime.bigint();
  await runDrawing(db, raffleId);
  const drawMs = ms(start);
  const winners = (await db('drawing_winners').where({ raffle_id: raffleId }).count('* as n').first()) as { n: number };

  const tickets = Array.from({ length: TICKETS }, (_, i) => i + 1);
  const prizes: DrawPrize[] = Array.from({ length: PRIZES }, (_, i) => ({ id: i + 1, rank: i + 1, quantity: 1 }));
  const seed = randomBytes(32).toString('hex');
  const derive: number[] = [];
  const verify: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    start = process.hrtime.bigint();
    const drawn = await deriveWinners(seed, tickets, prizes);
    derive.push(ms(start));
    start = process.hrtime.bigint();
    const report = await verifyProof({
      algorithm: 'kermesse-tirage-v1',
      raffleId,
      commitment: await commitmentOf(seed),
      ticketsHash: await ticketsHash(tickets),
      tickets,
      seed,
      prizes,
      winners: drawn,
    });
    verify.push(ms(start));
    if (!report.ok) throw new Error('verification failed');
  }
  derive.sort((a, b) => a - b);
  verify.sort((a, b) => a - b);
  console.log(`  close the sales (sorted list, SHA-256, commitment, frozen prizes): ${closeMs.toFixed(0)} ms`);
  console.log(`  run the drawing (derive ${winners.n} winners, write them, raffle.drawn):  ${drawMs.toFixed(0)} ms`);
  console.log(
    `  derivation alone, in memory: median ${derive[2]!.toFixed(1)} ms; full verification (hashes + derivation): median ${verify[2]!.toFixed(1)} ms`,
  );
}

async function benchClaims(db: Db, uploadsDir: string): Promise<void> {
  console.log(`\nTicket claims from ${REGISTERS} concurrent registers (${NUMBERS_PER_CLAIM} numbers per claim, ${CLAIM_SECONDS} s)`);
  const raffleId = await createRaffle(db, {
    eventId: 1,
    name: 'Tombola des caisses',
    totalTickets: 1_000_000,
    tiers: [{ nb: 1, priceCents: 200 }],
  });
  const user: AuthUser = {
    id: 'bench',
    associationId: SINGLE_ASSOCIATION_ID,
    email: 'caissier@kermesse.local',
    roles: ['cashier'],
    jti: 'bench',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  const verifier: TokenVerifier = { verify: async () => user, forget: () => undefined, peek: () => user };
  const app = await buildApp({ db, logger: createLogger('raffle-bench', 'error'), verifier, uploadsDir });
  const server = await listen(app, 0);
  const url = `http://127.0.0.1:${server.port}/internal/claims`;

  const latencies: number[] = [];
  let held = 0;
  let refused = 0;
  let failed = 0;
  let measuring = false;
  const warmupEnd = Date.now() + WARMUP_SECONDS * 1000;
  const end = warmupEnd + CLAIM_SECONDS * 1000;

  async function register(): Promise<void> {
    while (Date.now() < end) {
      const numbers = new Set<number>();
      while (numbers.size < NUMBERS_PER_CLAIM) numbers.add(randomInt(1, 1_000_001));
      const start = process.hrtime.bigint();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: JSON.stringify({ claimId: randomUUID(), tickets: [...numbers].map((number) => ({ raffleId, number })), bets: [] }),
      });
      await res.arrayBuffer();
      const elapsed = ms(start);
      if (!measuring) {
        if (Date.now() >= warmupEnd) measuring = true;
        else continue;
      }
      latencies.push(elapsed);
      if (res.status === 201) held += 1;
      else if (res.status === 409) refused += 1;
      else failed += 1;
    }
  }
  await Promise.all(Array.from({ length: REGISTERS }, register));
  await server.close();

  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  console.log(
    `  ${(total / CLAIM_SECONDS).toFixed(0)} claims/s (${total} claims: ${held} held, ${refused} refused as just taken, ${failed} errors)`,
  );
  console.log(
    `  latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
  );
  const rows = (await db('tickets').where({ raffle_id: raffleId }).count('* as n').first()) as { n: number };
  const claims = (await db('claims').where({ status: 'held' }).count('* as n').first()) as { n: number };
  console.log(
    `  check: ${rows.n} numbers held = ${NUMBERS_PER_CLAIM} × ${claims.n} held claims (incl. warm-up): ${rows.n === NUMBERS_PER_CLAIM * claims.n ? 'OK' : 'MISMATCH'}`,
  );
}

/** Prints the drawing and claim figures; needs Postgres (TEST_DATABASE_ADMIN_URL or 127.0.0.1:5432). */
export default async function bench(): Promise<void> {
  const database = await createTestDatabase();
  const db = createDb(database.url, { schema, poolMax: 16 });
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'raffle-bench-'));
  try {
    await migrateLatest(db, { schema, migrations });
    await upsertEvent(db, { id: 1, name: "Kermesse du banc d'essai" });
    await benchDrawing(db);
    await benchClaims(db, uploadsDir);
  } finally {
    await db.destroy();
    await database.drop();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bench();
}
