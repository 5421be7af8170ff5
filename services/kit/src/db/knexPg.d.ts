/** knex's Postgres client class, which db.ts extends (knex ships no types for its dialects). */
declare module 'knex/lib/dialects/postgres/index.js' {
  import type { Knex } from 'knex';
  class PgClient extends Knex.Client {
    config: Knex.Config;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- knex's internals are untyped
    _query(connection: any, obj: any): Promise<any>;
  }
  export default PgClient;
}
