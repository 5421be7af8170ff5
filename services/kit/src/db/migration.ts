import type { Knex } from 'knex';

/** One migration of a service's schema (knex's shape, from code rather than a folder). */
export interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** A service's schema and its migrations. */
export interface ServiceMigrations {
  schema: string;
  /** Ordered by key: name them `001_…`, `002_…`. */
  migrations: Record<string, Migration>;
  /** Tables whose rows the run-time role may only insert and read (the till law's records). */
  appendOnly?: readonly string[];
  /**
   * Tables the run-time role may never delete from and may update in these columns only (a sale on
   * hold is paid later: its amounts and lines stay as recorded).
   */
  updatableColumns?: Readonly<Record<string, readonly string[]>>;
}
