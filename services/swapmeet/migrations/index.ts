import type { ServiceMigrations } from '@kermesse/kit/db';

export const schema = 'swapmeet';

/** Swap-meet's schema: swap-meets (vide-greniers), their bookings and the imports that brought them. */
export const migrations: ServiceMigrations['migrations'] = {
  '001_swapmeet': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('swapmeets', (t) => {
        t.increments('id').primary();
        t.text('name').notNullable();
        t.date('held_on');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('imports', (t) => {
        t.increments('id').primary();
        t.integer('swapmeet_id').notNullable().references('id').inTable(`${schema}.swapmeets`).onDelete('CASCADE');
        t.text('file_name').notNullable();
        t.integer('bookings').notNullable();
        t.text('created_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('bookings', (t) => {
        t.increments('id').primary();
        t.integer('swapmeet_id').notNullable().references('id').inTable(`${schema}.swapmeets`).onDelete('CASCADE');
        t.text('name').notNullable();
        t.text('phone').notNullable().defaultTo('');
        /** Space in centimetres (the spec: metres, e.g. 2,5 m). */
        t.integer('space_cm').notNullable();
        t.integer('revenue_cents').notNullable();
        t.boolean('is_payed').notNullable();
        t.date('date_booking').notNullable();
        /** Same person, phone and day: the same booking — never stored twice. */
        t.text('dedupe_key').notNullable();
        t.integer('import_id').references('id').inTable(`${schema}.imports`).onDelete('SET NULL');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['swapmeet_id', 'dedupe_key']);
      });
      await knex.raw('alter table ??.bookings add constraint bookings_space_positive check (space_cm > 0)', [schema]);
      await knex.raw('alter table ??.bookings add constraint bookings_revenue_not_negative check (revenue_cents >= 0)', [schema]);
    },
  },
};
