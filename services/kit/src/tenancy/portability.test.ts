import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../http/app.ts';
import { createLogger } from '../http/logger.ts';
import { listen, type RunningServer } from '../http/server.ts';
import { createDb, type Db } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { ASSOCIATION_HEADER, withAssociation } from './association.ts';
import { ERASE_PATH, EXPORT_CONTENT_TYPE, EXPORT_PATH, IMPORT_PATH, ERASE_SETTING, STORAGE_PATH } from './portability.ts';

const schema = 'porta';
const A = randomUUID();
const B = randomUUID();

let database: TestDatabase;
let db: Db;
let owner: Db;
let server: RunningServer;
let base: string;
let uploads: string;
let lastSaleAt: Date | null = null;

/** Two tables and a foreign key, with the awkward types (bigint, numeric, bytea, arrays, json,
 * timestamps), plus a ledger the database itself keeps from being altered except by an erase. */
const migrations = {
  schema,
  appendOnly: ['ledger'],
  migrations: {
    '001_tables': {
      async up(knex: import('knex').Knex) {
        await knex.raw(`create table porta.stalls (id serial primary key, name text not null, price numeric(10,2) not null,
          tags int[] not null default '{}', extra jsonb, logo bytea, opened_at timestamptz not null default now(), day date)`);
        await knex.raw(`create table porta.sales (id bigserial primary key, stall_id int not null references porta.stalls(id),
          cents bigint not null, note text)`);
        await knex.raw(
          `create table porta.ledger (seq serial primary key, sale_id bigint not null references porta.sales(id), text text not null)`,
        );
        await knex.raw(`create function porta.refuse() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' and current_setting('${ERASE_SETTING}', true) = old.association_id::text then return old; end if;
            raise exception 'inaltérable';
          end $$`);
        await knex.raw(
          `create trigger ledger_unalterable before update or delete on porta.ledger for each row execute function porta.refuse()`,
        );
      },
    },
  },
};

const get = (association: string, route: string) => fetch(base + route, { headers: { [ASSOCIATION_HEADER]: association } });
const post = (association: string, route: string, body: string, type = 'application/json') =>
  fetch(base + route, { method: 'POST', headers: { [ASSOCIATION_HEADER]: association, 'content-type': type }, body });

/** What a person of the association sees: its stalls, sales and ledger, as the service reads them. */
const contents = (association: string) =>
  withAssociation(association, async () => ({
    stalls: await db('stalls').orderBy('id').select('*'),
    sales: await db('sales').orderBy('id').select('*'),
    ledger: await db('ledger').orderBy('seq').select('*'),
  }));

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  owner = createDb(database.url);
  await migrateLatest(db, migrations);
  uploads = await mkdtemp(path.join(tmpdir(), 'kermesse-porta-'));
  const app = createServiceApp({
    name: 'porta',
    logger: createLogger('porta', 'error'),
    db,
    routers: [],
    migrations,
    portability: {
      filesDir: (association) => path.join(uploads, association),
      documents: async () => [{ path: 'journal/recap.txt', content: Buffer.from('Récapitulatif\n') }],
      lastRecordAt: async () => lastSaleAt,
    },
  });
  server = await listen(app, 0);
  base = `http://127.0.0.1:${server.port}`;

  for (const [association, names] of [
    [A, ['Crêpes', 'Buvette']],
    [B, ['Pêche à la ligne']],
  ] as const) {
    await withAssociation(association, async () => {
      for (const name of names) {
        const [stall] = await db('stalls')
          .insert({
            name,
            price: '2.50',
            tags: [1, 2],
            extra: { colour: 'bleu', n: 12345678901234567890n.toString() },
            logo: Buffer.from([0, 1, 254, 255]),
            day: '2026-06-20',
          })
          .returning('id');
        const [sale] = await db('sales')
          .insert({ stall_id: stall.id, cents: 9007199254740993n.toString(), note: `vente ${name}` })
          .returning('id');
        await db('ledger').insert({ sale_id: sale.id, text: `vente ${name}` });
      }
    });
  }
  await mkdir(path.join(uploads, A, 'logos'), { recursive: true });
  await writeFile(path.join(uploads, A, 'logos', 'crepes.png'), Buffer.from([137, 80, 78, 71]));
  await writeFile(path.join(uploads, A, 'vide.txt'), '');
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await owner?.destroy();
  await database?.drop();
  await rm(uploads, { recursive: true, force: true });
});

describe("an association's export, erase and import", () => {
  it('exports only its own rows, without the association column, then its files and documents', async () => {
    const res = await get(A, EXPORT_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(EXPORT_CONTENT_TYPE);
    const lines = (await res.text()).split('\n').filter(Boolean);
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ kind: 'header', schema, associationId: A });
    expect(header.migrations).toEqual(['000_kit_messaging', '001_tables']);
    const tables = lines.filter((l) => l.startsWith('{"kind": "table"') || l.startsWith('{"kind":"table"')).map((l) => JSON.parse(l).table);
    // Parents before children: a stall before its sales, a sale before its ledger line.
    expect(tables.indexOf('stalls')).toBeLessThan(tables.indexOf('sales'));
    expect(tables.indexOf('sales')).toBeLessThan(tables.indexOf('ledger'));
    expect(lines.join('\n')).not.toContain('Pêche à la ligne');
    expect(lines.join('\n')).not.toContain('association_id');
    expect(lines.join('\n')).toContain('"cents": 9007199254740993');
    expect(lines).toContain(JSON.stringify({ kind: 'file', path: 'logos/crepes.png', size: 4 }));
    expect(lines).toContain(JSON.stringify({ kind: 'document', path: 'journal/recap.txt', size: 15 }));
    expect(await (await get(A, STORAGE_PATH)).json()).toEqual({ bytes: 4 });
    expect(await (await get(B, STORAGE_PATH)).json()).toEqual({ bytes: 0 });
  });

  it('moves A into B only when B is empty, then erases A and brings it back identical', async () => {
    const before = await contents(A);
    const exported = await (await get(A, EXPORT_PATH)).text();

    // B already holds its own fair: nothing is written.
    const refused = await post(B, IMPORT_PATH, exported, EXPORT_CONTENT_TYPE);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('ASSOCIATION_NOT_EMPTY');

    // The ledger refuses any delete outside an erase, even by the owner.
    await expect(owner.raw(`delete from porta.ledger`)).rejects.toThrow(/inaltérable/);

    // A sale after the last export: the erase is refused, nothing deleted.
    lastSaleAt = new Date();
    const early = await post(A, ERASE_PATH, JSON.stringify({ exportedAt: new Date(Date.now() - 60_000).toISOString() }));
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe(
      "Exportez d'abord les données de l'association : le journal des ventes doit lui être remis avant l'effacement.",
    );
    expect((await contents(A)).ledger).toHaveLength(2);

    const erased = await post(A, ERASE_PATH, JSON.stringify({ exportedAt: new Date().toISOString() }));
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ rows: 6 });
    expect(await contents(A)).toEqual({ stalls: [], sales: [], ledger: [] });
    await expect(readFile(path.join(uploads, A, 'logos', 'crepes.png'))).rejects.toThrow();
    // B untouched.
    expect((await contents(B)).stalls.map((s: { name: string }) => s.name)).toEqual(['Pêche à la ligne']);

    const imported = await post(A, IMPORT_PATH, exported, EXPORT_CONTENT_TYPE);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ tables: 5, rows: 6, files: 2 });
    expect(await contents(A)).toEqual(before);
    expect(await readFile(path.join(uploads, A, 'logos', 'crepes.png'))).toEqual(Buffer.from([137, 80, 78, 71]));
    expect(await readFile(path.join(uploads, A, 'vide.txt'), 'utf8')).toBe('');

    // The sequences moved past the imported ids: a new stall takes a fresh one.
    const [fresh] = await withAssociation(A, () => db('stalls').insert({ name: 'Tombola', price: '1' }).returning('id'));
    expect(fresh.id).toBeGreaterThan(Math.max(...before.stalls.map((s: { id: number }) => s.id), 3));
  });

  it('imports all or nothing: a bad line leaves the association empty, ids already taken are refused', async () => {
    const C = randomUUID();
    const exported = await (await get(B, EXPORT_PATH)).text();
    const before = await contents(B);

    // Ids are global to the installation: B's rows cannot be imported a second time beside B's own.
    const taken = await post(C, IMPORT_PATH, exported, EXPORT_CONTENT_TYPE);
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe('EXPORT_IDS_TAKEN');
    expect(await contents(C)).toEqual({ stalls: [], sales: [], ledger: [] });

    lastSaleAt = null;
    expect((await post(B, ERASE_PATH, '{}')).status).toBe(200);
    // The sale's stall is broken on the way: the stall inserted before it must not stay.
    const broken = exported.replace(/"stall_id": \d+/, '"stall_id": 999999');
    const res = await post(B, IMPORT_PATH, broken, EXPORT_CONTENT_TYPE);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^Exportation illisible : une ligne de « sales » est refusée/);
    expect(await contents(B)).toEqual({ stalls: [], sales: [], ledger: [] });

    const unknownTable = exported.replace('"table":"stalls"', '"table":"stands"');
    const res2 = await post(B, IMPORT_PATH, unknownTable, EXPORT_CONTENT_TYPE);
    expect(res2.status).toBe(400);
    expect((await res2.json()).error).toBe("Exportation illisible : la table « stands » n'existe pas dans ce service.");

    expect((await post(B, IMPORT_PATH, exported, EXPORT_CONTENT_TYPE)).status).toBe(200);
    expect(await contents(B)).toEqual(before);
  });

  it('refuses an export from a newer version and a request without an association', async () => {
    const exported = await (await get(B, EXPORT_PATH)).text();
    const newer = exported.replace('"001_tables"', '"001_tables","099_future"');
    const res = await post(randomUUID(), IMPORT_PATH, newer, EXPORT_CONTENT_TYPE);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('EXPORT_NEWER');
    expect((await get('00000000-0000-4000-8000-000000000000', EXPORT_PATH)).status).toBe(404);
  });
});
