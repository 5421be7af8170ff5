import type { Knex } from 'knex';
import type { Db } from './db.ts';
import type { Migration, ServiceMigrations } from './migration.ts';
import { messagingMigration } from '../bus/tables.ts';

// The types live in migration.ts so that bus/tables.ts needs nothing from this file (no cycle).
export type { Migration, ServiceMigrations } from './migration.ts';

/**
 * Brings a service's schema up to date. The migrations come from code (not a folder scan) so they
 * run the same under tsx, vitest and a bundle; the kit's outbox and inbox tables come first.
 */
export async function migrateLatest(db: Db, { schema, migrations }: ServiceMigrations): Promise<void> {
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
