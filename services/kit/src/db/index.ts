/** `@kermesse/kit/db`: the knex instance on Postgres, transactions, migrations. */
export * from './db.ts';
export * from './migrate.ts';
