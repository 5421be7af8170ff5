import type { ServiceMigrations } from '@kermesse/kit';

export const schema = 'register';

/** Register's schema. This first slice holds events and their checkouts (registers). */
export const migrations: ServiceMigrations['migrations'] = {
  '001_events_and_checkouts': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('events', (t) => {
        t.increments('id').primary();
        t.text('name').notNullable();
        t.date('starts_on');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('checkouts', (t) => {
        t.increments('id').primary();
        t.integer('event_id').notNullable().references('id').inTable(`${schema}.events`).onDelete('CASCADE');
        t.text('name').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['event_id', 'name']);
      });
    },
  },
};
