/** The swap-meet service's demo data: « Vide-grenier de printemps » and its three bookings, seeded once however often it runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { DEMO_SWAPMEET, seedDemo } from './demo.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('demo swap-meet', () => {
  it('is seeded once with its three bookings, two of them paid', async () => {
    await seedDemo({ db });
    await seedDemo({ db });
    const swapmeets = await db('swapmeets').where({ name: DEMO_SWAPMEET }).select('id');
    expect(swapmeets).toHaveLength(1);
    const bookings = await db('bookings').where({ swapmeet_id: swapmeets[0]!.id }).select('name', 'is_payed');
    expect(bookings.map((b: { name: string }) => b.name).sort()).toEqual([
      'Association Les P’tits Loups',
      'Karim Benali',
      'Martine Lefèvre',
    ]);
    expect(bookings.filter((b: { is_payed: boolean }) => b.is_payed)).toHaveLength(2);
  });
});
