import type { ServiceMigrations } from '@kermesse/kit';

export const schema = 'identity';

/** Identity's schema: staff accounts, signing keys, issued tokens, failed sign-ins. */
export const migrations: ServiceMigrations['migrations'] = {
  '001_accounts_and_tokens': {
    async up(knex) {
      // A schema builder accumulates statements: take a fresh one for each table.
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('users', (t) => {
        t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
        t.text('email').notNullable();
        t.text('display_name').notNullable();
        t.text('password_hash');
        t.specificType('roles', 'text[]').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('disabled_at', { useTz: true });
      });
      // E-mail addresses are compared without case.
      await knex.raw('create unique index users_email_unique on ??.users (lower(email))', [schema]);
      await s().createTable('signing_keys', (t) => {
        t.text('kid').primary();
        t.jsonb('private_jwk').notNullable();
        t.jsonb('public_jwk').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('retired_at', { useTz: true });
      });
      await s().createTable('tokens', (t) => {
        t.uuid('jti').primary();
        t.uuid('user_id').notNullable().references('id').inTable(`${schema}.users`).onDelete('CASCADE');
        t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.timestamp('revoked_at', { useTz: true });
      });
      await s().createTable('login_failures', (t) => {
        t.bigIncrements('id').primary();
        t.text('key').notNullable();
        t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['key', 'at']);
      });
    },
  },
};
