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
  query(query: unknown, callback: (err: Error | null, response: unknown) => void): unknown;
}
interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  response?: unknown;
}

// knex opens a transaction with `BEGIN;`, or `BEGIN TRANSACTION ISOLATION LEVEL … READ ONLY;` when
// given an isolation level or read-only: the mode must stay on the BEGIN (SET TRANSACTION is refused
// after the setting's SELECT).
const BEGIN = /^(BEGIN(?: TRANSACTION [A-Z ]+)?);?$/i;
// The id is checked as a uuid by withAssociation, so it can be written in the statement.
const settingAssociation = () => `SELECT set_config('${ASSOCIATION_SETTING}', '${currentAssociation() ?? ''}', true);`;
const beginForAssociation = (begin = 'BEGIN') => `${begin}; ${settingAssociation()}`;

/** The wire side of pg's connection that a query writes its messages to (pg's own `Connection`). */
interface PgWire {
  parse(query: { text: string; name?: string }): void;
  bind(config: { values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}
interface PgQueryInternals {
  requiresPreparation(): boolean;
  prepare(connection: PgWire): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
}
const PgQuery = pg.Query as unknown as new (config: object, values?: unknown, callback?: unknown) => PgQueryInternals;
const SET_ASSOCIATION = `select set_config('${ASSOCIATION_SETTING}', $1, true)`;

/**
 * A statement with parameters and the setting of its association, sent together in one round trip:
 * the extended protocol's Parse/Bind/Execute of `set_config(…, true)`, then the statement's own, then
 * a single Sync. Everything before a Sync is one implicit transaction (Postgres commits it at the
 * Sync, or rolls it back at the first error), so the setting is the transaction's own, as SET LOCAL:
 * nothing stays on the connection, and a transaction-mode pooler keeps the server connection until the
 * Sync's answer. The setting's row and command tag are not the statement's result: they are skipped.
 */
class AssociatedQuery extends PgQuery {
  #settingAnswered = false;

  constructor(
    config: object,
    private readonly association: string,
  ) {
    super(config);
  }

  override requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: PgWire): void {
    connection.parse({ text: SET_ASSOCIATION });
    connection.bind({ values: [this.association] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  override handleDataRow(msg: unknown): void {
    if (this.#settingAnswered) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: unknown): void {
    if (this.#settingAnswered) super.handleCommandComplete(msg, connection);
    else this.#settingAnswered = true;
  }
}

/**
 * knex's Postgres client where every statement runs in a transaction that knows its association
 * (SET LOCAL, so nothing stays on the connection — safe behind a transaction-mode pooler): knex's
 * `BEGIN` is sent together with the setting in one round trip, and a statement outside any
 * transaction is sent with the setting in one implicit transaction of its own, also in one round trip
 * (with parameters: `AssociatedQuery`; without: the setting and the statement as one multi-statement
 * query, which Postgres runs as one transaction). A subclass, because knex builds each transaction's
 * client from the class's prototype.
 */
class AssociationPgClient extends PgClient {
  override _query(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    const lone = (this.config as { loneStatementsInTransaction?: boolean }).loneStatementsInTransaction;
    if (connection.__knexTxId || !lone) {
      const begin = BEGIN.exec(obj.sql.trim());
      return begin ? super._query(connection, { ...obj, sql: beginForAssociation(begin[1]) }) : super._query(connection, obj);
    }
    if (!obj.bindings?.length) return this.withSettingFirst(connection, obj);
    const query = new AssociatedQuery({ ...obj.options, text: obj.sql, values: obj.bindings }, currentAssociation() ?? '');
    return new Promise((resolve, reject) => {
      connection.query(query, (err, response) => {
        if (err) return reject(err);
        obj.response = response;
        resolve(obj);
      });
    });
  }

  /** A statement without parameters after the setting, in one multi-statement query (one implicit transaction). */
  private async withSettingFirst(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    const done = await super._query(connection, { ...obj, sql: `${settingAssociation()} ${obj.sql}` });
    const results = done.response as unknown[];
    // The setting's own result first, then the statement's (several, if its text held several).
    done.response = results.length === 2 ? results[1] : results.slice(1);
    return done;
  }
}

/** Runs `work` in one transaction: everything it writes (outbox row included) commits or none does. */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Postgres error codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === PG_UNIQUE_VIOLATION;
