import type { Knex } from 'knex';
import type { Db } from './db.ts';
import { messagingMigration } from '../bus/tables.ts';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

export interface ServiceMigrations {
  schema: string;
  /** Ordered by key: name them `001_…`, `002_…`. */
  migrations: Record<string, Migration>;
}

/**
 * Brings a service's schema up to date. The migrations come from code (not a folder scan) so they
 * run the same under tsx, vitest and a bundle; the kit's outbox and inbox tables come first.
 */
export async function migrateLatest(db: Db, { schema, migrations }: ServiceMigrations): Promise<void> {
  await db.raw('create schema if not exists ??', [schema]);
  const all: Record<string, Migration> = { '000_kit_messaging': messagingMigration(schema), ...migrations };
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
