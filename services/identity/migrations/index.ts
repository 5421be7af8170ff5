import type { ServiceMigrations } from '@kermesse/kit/db';
import { addAssociationColumns, HOST_CONSOLE_ID } from '@kermesse/kit/tenancy';

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
  '002_people_links_passkeys': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // A person: first and last name instead of one display name, last sign-in.
      await s().alterTable('users', (t) => {
        t.text('firstname').notNullable().defaultTo('');
        t.text('lastname').notNullable().defaultTo('');
        t.timestamp('last_sign_in_at', { useTz: true });
      });
      await knex.raw("update ??.users set firstname = display_name where firstname = ''", [schema]);
      // One-time links (set a password, reset it, make a passkey on one's own device): only the
      // SHA-256 of the token is kept, so a database dump does not open accounts.
      await s().createTable('one_time_links', (t) => {
        t.text('token_hash').primary();
        t.uuid('user_id').notNullable().references('id').inTable(`${schema}.users`).onDelete('CASCADE');
        t.text('purpose').notNullable().checkIn(['setup', 'reset', 'passkey'], 'one_time_links_purpose');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.timestamp('used_at', { useTz: true });
        t.index(['user_id']);
      });
      await s().createTable('passkeys', (t) => {
        t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
        t.uuid('user_id').notNullable().references('id').inTable(`${schema}.users`).onDelete('CASCADE');
        t.text('credential_id').notNullable().unique();
        t.binary('public_key').notNullable();
        t.bigInteger('counter').notNullable().defaultTo(0);
        t.specificType('transports', 'text[]').notNullable().defaultTo('{}');
        t.text('name').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('last_used_at', { useTz: true });
        t.index(['user_id']);
      });
      // WebAuthn challenges, used once: found again from the clientDataJSON the browser returns.
      await s().createTable('webauthn_challenges', (t) => {
        t.text('challenge').primary();
        t.text('purpose').notNullable().checkIn(['register', 'login'], 'webauthn_challenges_purpose');
        t.uuid('user_id').references('id').inTable(`${schema}.users`).onDelete('CASCADE');
        t.timestamp('expires_at', { useTz: true }).notNullable();
      });
      await s().alterTable('tokens', (t) => {
        t.index(['user_id']);
      });
    },
  },
  // The private signing keys sealed with KERMESSE_SECRET_KEY (AES-256-GCM, @kermesse/kit/secrets):
  // identity seals the plain ones at its first start with a key and empties `private_jwk`.
  '003_sealed_signing_keys': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('signing_keys', (t) => {
        t.text('private_sealed');
        t.jsonb('private_jwk').nullable().alter();
      });
    },
  },
  // API tokens for tools (docs/api-tokens.md): a token of `tokens` (same jti, expiry and revocation)
  // with a name, its roles and when a gateway last checked it.
  '004_api_tokens': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('api_tokens', (t) => {
        t.uuid('jti').primary().references('jti').inTable(`${schema}.tokens`).onDelete('CASCADE');
        t.text('name').notNullable();
        t.specificType('roles', 'text[]').notNullable();
        t.uuid('created_by').notNullable().references('id').inTable(`${schema}.users`).onDelete('CASCADE');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('last_used_at', { useTz: true });
      });
    },
  },
  // Hosting (docs/hosting.md): an e-mail is unique within its association only (the same parent may
  // sit on two associations' teams), and the host console keeps the directory of the associations
  // it serves. The directory's rows are the console's own (HOST_CONSOLE_ID); a slug names one
  // association on the whole installation, hence a unique index on the slug alone.
  '005_hosting_directory': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      await knex.raw('drop index if exists ??.users_email_unique', [schema]);
      await knex.raw('create unique index users_email_unique on ??.users (association_id, lower(email))', [schema]);
      await knex.schema.withSchema(schema).createTable('host_associations', (t) => {
        t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
        t.uuid('association_id').notNullable().defaultTo(HOST_CONSOLE_ID);
        t.text('slug').notNullable().unique();
        t.text('name').notNullable();
        t.text('state').notNullable().defaultTo('active').checkIn(['active', 'suspended'], 'host_associations_state');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('suspended_at', { useTz: true });
        t.timestamp('exported_at', { useTz: true });
      });
    },
  },
  // Hosting (docs/hosting.md, « Limits per association »): what the host set for one association;
  // null keeps the installation's default (environment), so changing a default reaches every
  // association the host did not set apart.
  '006_association_limits': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('host_associations', (t) => {
        t.integer('requests_per_second');
        t.bigInteger('upload_bytes');
        t.bigInteger('storage_bytes');
      });
    },
  },
};
