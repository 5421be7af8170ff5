// The declaration of knex's untyped Postgres client travels with this file, so that a service's own
// type check (tsc -p services/<name>), which does not include the kit's folder, finds it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./knexPg.d.ts" />
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import PgClient from 'knex/lib/dialects/postgres/index.js';
import { ASSOCIATION_SETTING, currentAssociation } from '../tenancy/association.ts';
import { appRoleFor, urlForRole } from '../tenancy/roles.ts';
import { rememberOwner } from './owner.ts';

export { ownerOf } from './owner.ts';

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
  /**
   * Who connects: `app` (the default with a schema) is the service's run-time role, under row-level
   * security; `owner` is the URL's own user (migrations, the launcher); any other name is that role
   * (the outbox relay's).
   */
  role?: 'app' | 'owner' | (string & {});
}

/**
 * A knex instance on Postgres whose search_path is the service's schema (one schema per service),
 * connected as the service's run-time role, every transaction set to the current association.
 */
export function createDb(url: string, options: DbOptions = {}): Db {
  const role = options.role ?? (options.schema ? 'app' : 'owner');
  const connectAs = role === 'owner' ? url : urlForRole(url, role === 'app' ? appRoleFor(options.schema!) : role);
  const config: Knex.Config & { loneStatementsInTransaction: boolean } = {
    client: AssociationPgClient,
    // The owner (migrations, the launcher's `create database`) bypasses the policies anyway.
    loneStatementsInTransaction: role !== 'owner',
    connection: connectAs,
    searchPath: options.schema ? [options.schema, 'public'] : undefined,
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
  };
  const db = knexFactory(config);
  rememberOwner(db, { url, schema: options.schema });
  return db;
}

interface PgConnection {
  __knexTxId?: string;
}
interface QueryObject {
  sql: string;
  bindings?: unknown[];
  response?: unknown;
}

// knex opens a transaction with `BEGIN;`, or `BEGIN TRANSACTION ISOLATION LEVEL … READ ONLY;` when
// given an isolation level or read-only: the mode must stay on the BEGIN (SET TRANSACTION is refused
// after the setting's SELECT).
const BEGIN = /^(BEGIN(?: TRANSACTION [A-Z ]+)?);?$/i;
const beginForAssociation = (begin = 'BEGIN') =>
  // The id is checked as a uuid by withAssociation, so it can be written in the statement.
  `${begin}; SELECT set_config('${ASSOCIATION_SETTING}', '${currentAssociation() ?? ''}', true);`;

/**
 * knex's Postgres client where every statement runs in a transaction that knows its association
 * (SET LOCAL, so nothing stays on the connection — safe behind a transaction-mode pooler): knex's
 * `BEGIN` is sent together with the setting in one round trip, and a statement outside any
 * transaction gets a transaction of its own. A subclass, because knex builds each transaction's
 * client from the class's prototype.
 */
class AssociationPgClient extends PgClient {
  override _query(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    const lone = (this.config as { loneStatementsInTransaction?: boolean }).loneStatementsInTransaction;
    if (connection.__knexTxId || !lone) {
      const begin = BEGIN.exec(obj.sql.trim());
      return begin ? super._query(connection, { ...obj, sql: beginForAssociation(begin[1]) }) : super._query(connection, obj);
    }
    return this.inOwnTransaction(connection, obj);
  }

  private async inOwnTransaction(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    await super._query(connection, { sql: beginForAssociation(), bindings: [] });
    try {
      const done = await super._query(connection, obj);
      await super._query(connection, { sql: 'COMMIT', bindings: [] });
      return done;
    } catch (err) {
      await super._query(connection, { sql: 'ROLLBACK', bindings: [] }).catch(() => undefined);
      throw err;
    }
  }
}

/** Runs `work` in one transaction: everything it writes (outbox row included) commits or none does. */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Postgres error codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === PG_UNIQUE_VIOLATION;
