import type { Knex } from 'knex';
import type { Migration } from '../db/migration.ts';

/** The outbox (events waiting to be published) and inbox (events already handled) of one service. */
export function messagingMigration(schema: string): Migration {
  return {
    async up(knex: Knex) {
      await knex.schema.withSchema(schema).createTable('outbox', (t) => {
        t.bigIncrements('seq').primary();
        t.uuid('id').notNullable().unique();
        t.text('type').notNullable();
        t.integer('version').notNullable();
        t.jsonb('envelope').notNullable();
        t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('published_at', { useTz: true });
        t.integer('attempts').notNullable().defaultTo(0);
        t.text('last_error');
      });
      await knex.raw('create index outbox_unpublished on ??.outbox (seq) where published_at is null', [schema]);
      await knex.schema.withSchema(schema).createTable('inbox', (t) => {
        t.text('consumer').notNullable();
        t.uuid('event_id').notNullable();
        t.text('type').notNullable();
        t.timestamp('handled_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['consumer', 'event_id']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.withSchema(schema).dropTableIfExists('inbox');
      await knex.schema.withSchema(schema).dropTableIfExists('outbox');
    },
  };
}
