/**
 * The bingo service's demo night, in a database of its own (the other tests make their own nights):
 * night 1 with its prizes, its seat plan and its cartons, however often the seed runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, testTokens, testTokenVerifier, type TestDatabase } from '@kermesse/kit/testing';
import { cartonCode, gridNumbers, type CartonShape, type Prize, type SeatPlan } from '@kermesse/contracts-bingo';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { DEMO_NIGHT, seedDemo } from './demo.ts';

let database: TestDatabase;
let db: Db;
let service: RunningServer;
let base: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 5 });
  await migrateLatest(db, { schema, migrations });
  await seedDemo({ db });
  await seedDemo({ db });
  service = await listen(
    await buildApp({ db, logger: createLogger('test', 'error'), verifier: testTokenVerifier(), registerUrl: 'http://127.0.0.1:9' }),
    0,
  );
  base = `http://127.0.0.1:${service.port}`;
  tokens = await testTokens();
});

afterAll(async () => {
  await service?.close();
  await db?.destroy();
  await database?.drop();
});

/** A GET as an administrator. */
async function call<T>(method: 'GET', path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${tokens.admin}` } });
  return { status: res.status, body: (await res.json()) as T };
}

describe('demo night', () => {
  it('is night 1 with its prizes by rank and a default plan of 30 tables of 6 with some seats taken, seeded once', async () => {
    const night = await call<Record<string, unknown>>('GET', '/admin-bingo/api/bingo/1');
    expect(night.body).toMatchObject({ id: 1, name: DEMO_NIGHT, cartonPrice: '3.00', callers: ['benevole@kermesse.local'] });
    const prizes = await call<Prize[]>('GET', '/admin/bingo/prize/api/prizes?bingoId=1');
    expect(prizes.body.map((p) => p.rank)).toEqual([1, 2, 3, 4]);
    expect(prizes.body[1]).toEqual({
      id: expect.any(Number),
      label: 'Panier garni',
      rank: 2,
      price: '45.00',
      cost: '30.00',
      provider: 'Épicerie Martin',
      nature: 'lot',
      bingoId: 1,
    });
    const plan = await call<SeatPlan>('GET', '/admin-bingo/api/bingo/1/placement');
    expect(plan.body.tables).toHaveLength(30);
    expect(plan.body.tables.every((t) => t.seats.length === 6)).toBe(true);
    expect(plan.body.tables[0]!.seats[0]).toEqual({ seatId: 1, name: 'Famille Martin', reserved: true });
    expect(plan.body.tables[0]!.seats[5]).toEqual({ seatId: 6, name: null, reserved: false });
    expect(plan.body.tables.flatMap((t) => t.seats).filter((s) => s.reserved)).toHaveLength(6);
  });
});

describe('cartons of the demo night', () => {
  it('has 60 printable cartons', async () => {
    const list = await call<{ cartons: CartonShape[]; total: number }>('GET', '/admin-bingo/api/bingo/1/cartons');
    expect(list.body.total).toBe(60);
    expect(gridNumbers(list.body.cartons[0]!.grid)).toHaveLength(15);
    expect(list.body.cartons[0]!.code).toBe(cartonCode(1));
  });
});
