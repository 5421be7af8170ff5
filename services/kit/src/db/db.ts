import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// Postgres returns bigint (count(*), bigserial) as text to avoid precision loss; ids and counts here
// stay far below 2^53, so read them as numbers. `numeric` (money) stays text on purpose.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// A calendar date (an event's day) is not an instant: keep it as 'YYYY-MM-DD', free of time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Knex;
export type Trx = Knex.Transaction;

export interface DbOptions {
  /** The service's own schema: unqualified table names resolve there. */
  schema?: string;
  poolMax?: number;
}

/** A knex instance on Postgres whose search_path is the service's schema (one schema per service). */
export function createDb(url: string, options: DbOptions = {}): Db {
  return knexFactory({
    client: 'pg',
    connection: url,
    searchPath: options.schema ? [options.schema, 'public'] : undefined,
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

/** Runs `work` in one transaction: everything it writes (outbox row included) commits or none does. */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Postgres error codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === PG_UNIQUE_VIOLATION;
