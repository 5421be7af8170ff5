import type { Knex } from 'knex';
import type { Db } from './db.ts';
import { ownerOf } from './owner.ts';
import { sealSchema } from '../tenancy/seal.ts';
import { appRolePassword } from '../tenancy/roles.ts';
import type { Migration, ServiceMigrations } from './migration.ts';
import { messagingMigration } from '../bus/tables.ts';

// The types live in migration.ts so that bus/tables.ts needs nothing from this file (no cycle).
export type { Migration, ServiceMigrations } from './migration.ts';

/**
 * Brings a service's schema up to date, as the schema's owner (whatever role `db` runs as), then
 * seals every table by association and grants the run-time role (tenancy/seal.ts). The migrations
 * come from code (not a folder scan) so they run the same under tsx, vitest and a bundle; the kit's
 * outbox and inbox tables come first.
 */
export async function migrateLatest(db: Db, service: ServiceMigrations): Promise<void> {
  const owner = ownerOf(db);
  if (!owner) throw new Error('migrateLatest needs a database made by createDb');
  // Loaded here so the http entry point (readiness reads pendingMigrations) does not load knex.
  const { createDb } = await import('./db.ts');
  const ownerDb = createDb(owner.url, { schema: service.schema, role: 'owner', poolMax: 1 });
  try {
    await migrateAsOwner(ownerDb, service);
    await sealSchema(ownerDb, service.schema, {
      appendOnly: service.appendOnly,
      updatableColumns: service.updatableColumns,
      password: appRolePassword(owner.url),
    });
  } finally {
    await ownerDb.destroy();
  }
}

async function migrateAsOwner(db: Db, { schema, migrations }: ServiceMigrations): Promise<void> {
  await db.raw('create schema if not exists ??', [schema]);
  const all = withKitMigrations({ schema, migrations });
  const names = Object.keys(all).sort();
  await db.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: {
      getMigrations: async () => names,
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => {
        const m = all[name]!;
        return { up: (k: Knex) => m.up(k), down: (k: Knex) => (m.down ? m.down(k) : Promise.resolve()) };
      },
    },
  });
}

function withKitMigrations({ schema, migrations }: ServiceMigrations): Record<string, Migration> {
  return { '000_kit_messaging': messagingMigration(schema), ...migrations };
}

/** Names of the migrations not yet applied to the service's schema (all of them before the first run). */
export async function pendingMigrations(db: Db, service: ServiceMigrations): Promise<string[]> {
  const names = Object.keys(withKitMigrations(service)).sort();
  const exists = await db.raw('select to_regclass(?) as t', [`"${service.schema}".knex_migrations`]);
  if (!exists.rows[0]?.t) return names;
  const applied = new Set(
    (await db.withSchema(service.schema).from('knex_migrations').select('name')).map((r: { name: string }) => r.name),
  );
  return names.filter((n) => !applied.has(n));
}
