/**
 * `npm run bench bingo` (real Postgres, own database):
 *
 *  1. 50 volunteers reserving at once on a 30 × 6 plan (180 seats), over HTTP, as the phone screen
 *     does: read the plan, reserve a free seat at random, read the plan again after a 409 (the seat
 *     went to someone else), until the hall is full. Repeated over BENCH_BINGO_ROUNDS (5) fresh nights. Prints reservations/s (seats
 *     given), requests/s, p50/p99 of a reservation call, and checks zero double bookings: every seat
 *     given exactly once, as many 200 answers as rows.
 *  2. Ball entered → board updated: a projector holds the board's Server-Sent Events stream; the caller
 *     enters 270 balls (3 × 90) one after the other; the time from sending the ball to the projector
 *     receiving the board with that ball as the last number, p50/p99 (aim ≤ 300 ms).
 *
 * The bingo app runs in this process with a token verifier that accepts the bench's token (identity's
 * signature check is cached per token in production, so it is left out).
 */
import { SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { randomInt } from 'node:crypto';
import { type AuthUser, type TokenVerifier } from '@kermesse/kit/auth';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen } from '@kermesse/kit/http';
import { createTestDatabase } from '@kermesse/kit/testing';
import { buildApp } from '../services/bingo/src/app.ts';
import { migrations, schema } from '../services/bingo/migrations/index.ts';

const VOLUNTEERS = 50;
const ROUNDS = Number(process.env.BENCH_BINGO_ROUNDS ?? 5);
const SEATS = 30 * 6;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const fmt = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

async function newNight(base: string): Promise<number> {
  const res = await fetch(`${base}/admin-bingo/api/bingo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body: JSON.stringify({ name: 'Loto du banc d’essai', heldOn: '2040-01-01', cartonPrice: '3,00' }),
  });
  if (res.status !== 201) throw new Error(`night: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function benchReservations(db: Db, base: string): Promise<void> {
  console.log(`${VOLUNTEERS} volunteers reserving at once on a 30 × 6 plan (${SEATS} seats), ${ROUNDS} rounds`);
  const latencies: number[] = [];
  let given = 0;
  let refused = 0;
  let failed = 0;
  let doubles = 0;
  let elapsedMs = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const id = await newNight(base);
    const answered200 = new Map<string, number>();
    const start = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: VOLUNTEERS }, async (_, v) => {
        // Like the phone screen: read the plan, tap a free seat, and read the plan again after a 409.
        const readTaken = async () => {
          const res = await fetch(`${base}/api/volunteer/bingo/${id}/placement`, { headers: { authorization: 'Bearer bench' } });
          const plan = (await res.json()) as { tables: { tableId: number; seats: { seatId: number; reserved: boolean }[] }[] };
          return new Set(plan.tables.flatMap((t) => t.seats.filter((s) => s.reserved).map((s) => `${t.tableId}:${s.seatId}`)));
        };
        let taken = await readTaken();
        for (;;) {
          const free: string[] = [];
          for (let t = 1; t <= 30; t += 1) for (let s = 1; s <= 6; s += 1) if (!taken.has(`${t}:${s}`)) free.push(`${t}:${s}`);
          if (!free.length) break;
          const key = free[randomInt(free.length)]!;
          const [tableId, seatId] = key.split(':').map(Number);
          const t0 = process.hrtime.bigint();
          const res = await fetch(`${base}/api/volunteer/bingo/${id}/reserve`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
            body: JSON.stringify({ tableId, seatId, name: `Bénévole ${v}` }),
          });
          await res.arrayBuffer();
          latencies.push(ms(t0));
          if (res.status === 200) {
            given += 1;
            taken.add(key);
            answered200.set(key, (answered200.get(key) ?? 0) + 1);
          } else if (res.status === 409) {
            refused += 1;
            taken = await readTaken();
            taken.add(key);
          } else {
            failed += 1;
            taken.add(key);
          }
        }
      }),
    );
    elapsedMs += ms(start);
    const rows = (await db('reservations').where({ bingo_id: id }).count('* as n').first()) as { n: number };
    doubles += [...answered200.values()].filter((n) => n > 1).length;
    if (Number(rows.n) !== SEATS || answered200.size !== SEATS)
      doubles += Math.abs(SEATS - Number(rows.n)) + Math.abs(SEATS - answered200.size);
  }
  latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  console.log(`  seats given: ${given} of ${SEATS * ROUNDS}; 409 (seat just taken): ${refused}; other answers: ${failed}`);
  console.log(
    `  reservations/s (seats given): ${(given / (elapsedMs / 1000)).toFixed(0)}; requests/s: ${(requests / (elapsedMs / 1000)).toFixed(0)}`,
  );
  console.log(`  reservation call: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}`);
  console.log(`  double bookings: ${doubles}${doubles === 0 ? ' (every seat given exactly once)' : ' — FAILED'}`);
  if (doubles || failed) throw new Error('double bookings or failures');
}

async function benchBoard(base: string): Promise<void> {
  console.log('\nBall entered → board updated on a projector (Server-Sent Events), 270 balls');
  const delays: number[] = [];
  for (let night = 0; night < 3; night += 1) {
    const id = await newNight(base);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/public/bingo/${id}/tableau/stream`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const waiters = new Map<number, () => void>();
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(chunk);
          if (!data) continue;
          const last = (JSON.parse(data[1]!) as { lastNumber: number | null }).lastNumber;
          if (last !== null) waiters.get(last)?.();
        }
      }
    })();
    const order = Array.from({ length: 90 }, (_, i) => i + 1).sort(() => randomInt(3) - 1);
    for (const number of order) {
      const seen = new Promise<void>((resolve) => waiters.set(number, resolve));
      const t0 = process.hrtime.bigint();
      const posted = await fetch(`${base}/admin-bingo/api/bingo/${id}/caller/balls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: JSON.stringify({ number }),
      });
      if (posted.status !== 201) throw new Error(`ball ${number}: ${posted.status} ${await posted.text()}`);
      void posted.arrayBuffer();
      await seen;
      delays.push(ms(t0));
      waiters.delete(number);
    }
    controller.abort();
    await pump;
  }
  delays.sort((a, b) => a - b);
  console.log(
    `  ball sent → board received: p50 ${fmt(percentile(delays, 50))}, p99 ${fmt(percentile(delays, 99))}, max ${fmt(delays[delays.length - 1]!)} (aim ≤ 300 ms)`,
  );
}

export default async function bench(): Promise<void> {
  const database = await createTestDatabase();
  const db = createDb(database.url, { schema, poolMax: 20 });
  await migrateLatest(db, { schema, migrations });
  const user: AuthUser = {
    id: 'bench',
    associationId: SINGLE_ASSOCIATION_ID,
    email: 'admin@kermesse.local',
    roles: ['admin'],
    jti: 'bench',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  const verifier: TokenVerifier = { verify: async () => user, forget: () => undefined, peek: () => user };
  const server = await listen(await buildApp({ db, logger: createLogger('bingo-bench', 'error'), verifier }), 0);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    await benchReservations(db, base);
    await benchBoard(base);
  } finally {
    await server.close();
    await db.destroy();
    await database.drop();
  }
}
