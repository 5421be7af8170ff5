/**
 * A single install becomes the first association of a hosting install (`npm run hosting:adopt`):
 * every row stays where it is, now seen on its association's host; the slug rules and a second run
 * are answered in French.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type ServiceMigrations } from '@kermesse/kit/db';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { HOST_CONSOLE_ID, SINGLE_ASSOCIATION_ID, withAssociation } from '@kermesse/kit/tenancy';
import { adoptSingleInstall } from './hostingAdopt.ts';
import { SERVICES } from './topology.ts';

let database: TestDatabase;

/** Rows of every table of every schema, as the association sees them. */
async function rowsOf(associationId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of SERVICES) {
    const { schema } = (await import(`@kermesse/${name}/migrations`)) as ServiceMigrations;
    const db = createDb(database.url, { schema, poolMax: 1 });
    try {
      await withAssociation(associationId, async () => {
        const tables = await db.raw<{ rows: Array<{ name: string }> }>(
          `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = ? and c.relkind = 'r' and c.relname not like 'knex_migrations%'`,
          [schema],
        );
        for (const { name: table } of tables.rows) counts[`${schema}.${table}`] = Number((await db(table).count({ n: '*' }))[0]!.n);
      });
    } finally {
      await db.destroy();
    }
  }
  return counts;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // A single install with the demo, as `npm start` leaves it.
  for (const name of SERVICES) {
    const migrations = (await import(`@kermesse/${name}/migrations`)) as ServiceMigrations;
    const { seedDemo } = (await import(`@kermesse/${name}/demo`)) as {
      seedDemo(deps: { db: unknown; password: string }): Promise<unknown>;
    };
    const db = createDb(database.url, { schema: migrations.schema, poolMax: 2 });
    try {
      await migrateLatest(db, migrations);
      await seedDemo({ db, password: 'mot-de-passe-de-demo' });
    } finally {
      await db.destroy();
    }
  }
}, 180_000);

afterAll(async () => {
  await database?.drop();
});

describe('npm run hosting:adopt', () => {
  it('makes the single install an association of the host with every row it had, once', async () => {
    const before = await rowsOf(SINGLE_ASSOCIATION_ID);
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
    await expect(adoptSingleInstall(database.url, 'apel-ferry', 'APEL École Jules-Ferry')).resolves.toEqual({
      adopted: true,
      slug: 'apel-ferry',
    });
    const after = await rowsOf(SINGLE_ASSOCIATION_ID);
    expect(after).toEqual(before);
    const identity = createDb(database.url, { schema: 'identity', poolMax: 1 });
    try {
      const directory = await withAssociation(
        HOST_CONSOLE_ID,
        async () => await identity('host_associations').select('id', 'slug', 'name', 'state'),
      );
      expect(directory).toEqual([{ id: SINGLE_ASSOCIATION_ID, slug: 'apel-ferry', name: 'APEL École Jules-Ferry', state: 'active' }]);
    } finally {
      await identity.destroy();
    }
    await expect(adoptSingleInstall(database.url, 'apel-ferry', 'APEL École Jules-Ferry')).resolves.toEqual({
      adopted: false,
      slug: 'apel-ferry',
    });
    await expect(adoptSingleInstall(database.url, 'autre-nom', 'Autre')).rejects.toThrow(/déjà l’association « apel-ferry »/);
  }, 120_000);

  it("moves the single install's uploads into its association's folder, where a host reads them", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kermesse-adopt-'));
    try {
      await mkdir(path.join(dataDir, 'uploads', 'products'), { recursive: true });
      await mkdir(path.join(dataDir, 'uploads', 'prizes'), { recursive: true });
      await writeFile(path.join(dataDir, 'uploads', 'products', 'produit-1-abc.png'), 'photo');
      await writeFile(path.join(dataDir, 'uploads', 'prizes', 'lot.webp'), 'lot');
      // Already adopted above: a second run still brings the files along.
      await adoptSingleInstall(database.url, 'apel-ferry', 'APEL École Jules-Ferry', { dataDir });
      expect(await readFile(path.join(dataDir, 'uploads', 'products', SINGLE_ASSOCIATION_ID, 'produit-1-abc.png'), 'utf8')).toBe('photo');
      expect(await readFile(path.join(dataDir, 'uploads', 'prizes', SINGLE_ASSOCIATION_ID, 'lot.webp'), 'utf8')).toBe('lot');
      expect(await readdir(path.join(dataDir, 'uploads', 'products'))).toEqual([SINGLE_ASSOCIATION_ID]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a slug that is not a host name or is kept by the host, in French', async () => {
    await expect(adoptSingleInstall(database.url, 'A', 'x')).rejects.toThrow(/3 à 40 lettres minuscules/);
    await expect(adoptSingleInstall(database.url, 'www', 'x')).rejects.toThrow(/réservé/);
  });
});
