import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { withAssociation } from '../tenancy/association.ts';
import { createDb, type Db } from './db.ts';
import { migrateLatest } from './migrate.ts';

const schema = 'lonedb';
const A = randomUUID();
const B = randomUUID();

const migrations = {
  schema,
  migrations: {
    '001_stalls': {
      async up(knex: import('knex').Knex) {
        await knex.raw(`create table lonedb.stalls (id serial primary key, name text not null unique)`);
      },
    },
  },
};

let database: TestDatabase;
/** Runs `work` for an association: a knex query runs when awaited, so it is awaited inside. */
const as = <T>(association: string, work: () => PromiseLike<T>): Promise<T> => withAssociation(association, async () => await work());

/** The service's run-time role, under row-level security; one connection, so every statement shares it. */
let db: Db;

/** The association setting a connection keeps once its statement is over (none: '' or null). */
async function settingLeftOnConnection(): Promise<string | null> {
  const connection = (await db.client.acquireConnection()) as { query(sql: string): Promise<{ rows: Array<{ a: string | null }> }> };
  try {
    const { rows } = await connection.query(`select current_setting('kermesse.association', true) as a`);
    return rows[0]?.a ?? null;
  } finally {
    await db.client.releaseConnection(connection);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 1 });
  await migrateLatest(db, migrations);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('a statement outside any transaction', () => {
  it('writes and reads for its own association only, with or without parameters', async () => {
    await as(A, () => db('stalls').insert({ name: 'Buvette A' }));
    await as(B, () => db.raw(`insert into stalls (name) values ('Buvette B')`));

    expect(await as(A, () => db('stalls').pluck('name'))).toEqual(['Buvette A']);
    const { rows } = (await as(B, () => db.raw('select name from stalls'))) as { rows: Array<{ name: string }> };
    expect(rows.map((r) => r.name)).toEqual(['Buvette B']);
    expect(await as(B, () => db('stalls').where({ name: 'Buvette A' }).first())).toBeUndefined();
  });

  it('leaves no association on the connection once it is over (as SET LOCAL: a pooler may hand it to anyone)', async () => {
    await as(A, () => db('stalls').where({ name: 'Buvette A' }).first());
    expect(await settingLeftOnConnection()).toBeFalsy();
    await as(A, () => db.raw('select count(*) from stalls'));
    expect(await settingLeftOnConnection()).toBeFalsy();
  });

  it('refused by the database, it writes nothing and the next statement still runs for its association', async () => {
    await expect(as(A, () => db('stalls').insert([{ name: 'Tombola A' }, { name: 'Buvette A' }]))).rejects.toMatchObject({
      code: '23505',
    });
    await expect(as(A, () => db.raw('select 1 / 0'))).rejects.toMatchObject({ code: '22012' });
    expect(await as(A, () => db('stalls').orderBy('name').pluck('name'))).toEqual(['Buvette A']);
  });

  it('inside a transaction, every statement runs for the association set at its BEGIN', async () => {
    const names = await as(B, () =>
      db.transaction(async (trx) => {
        await trx('stalls').insert({ name: 'Tombola B' });
        return trx('stalls').orderBy('name').pluck('name');
      }),
    );
    expect(names).toEqual(['Buvette B', 'Tombola B']);
  });
});
