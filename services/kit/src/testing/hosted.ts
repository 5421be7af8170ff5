/**
 * A test file's database with hosting on (docs/hosting.md): a fresh database migrated to the service's
 * schema, `KERMESSE_HOSTING=1` for the file's process, both undone by `close()` — what a test running
 * one service's rules in two associations side by side starts with.
 */
import { createDb, type Db } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import type { ServiceMigrations } from '../db/migration.ts';
import { createTestDatabase, type TestDatabase } from './resources.ts';

export interface HostedDatabase {
  database: TestDatabase;
  /** The service's run-time connection: it sees the rows of the association of `withAssociation` only. */
  db: Db;
  /** Closes the pool, drops the database and puts KERMESSE_HOSTING back as it was. */
  close(): Promise<void>;
}

export async function startHostedDatabase(service: ServiceMigrations): Promise<HostedDatabase> {
  const before = process.env.KERMESSE_HOSTING;
  process.env.KERMESSE_HOSTING = '1';
  const database = await createTestDatabase();
  const db = createDb(database.url, { schema: service.schema });
  await migrateLatest(db, service);
  return {
    database,
    db,
    async close() {
      await db.destroy();
      await database.drop();
      if (before === undefined) delete process.env.KERMESSE_HOSTING;
      else process.env.KERMESSE_HOSTING = before;
    },
  };
}
