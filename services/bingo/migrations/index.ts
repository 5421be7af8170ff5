import type { ServiceMigrations } from '@kermesse/kit/db';

export const schema = 'bingo';

/**
 * Bingo's schema: loto nights (with the events they belong to, read from `catalog.event.*`), prizes,
 * the seating plan and its reservations, parties, balls called and cartons.
 */
export const migrations: ServiceMigrations['migrations'] = {
  '001_bingo': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('events', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable();
        t.date('starts_on');
      });
      await s().createTable('nights', (t) => {
        t.increments('id').primary();
        t.integer('event_id');
        t.text('name').notNullable();
        t.date('held_on').notNullable();
        t.text('place').notNullable().defaultTo('');
        t.integer('carton_price_cents').notNullable();
        t.specificType('caller_emails', 'text[]').notNullable().defaultTo('{}');
        /** Index (1-based) of the partie being played. */
        t.integer('current_partie').notNullable().defaultTo(1);
        t.boolean('paused').notNullable().defaultTo(false);
        /** Bumped by every change the board shows: projectors compare it. */
        t.bigInteger('board_version').notNullable().defaultTo(0);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      // L322-4: a carton costs less than 20 €.
      await knex.raw(
        'alter table ??.nights add constraint nights_carton_price check (carton_price_cents >= 0 and carton_price_cents < 2000)',
        [schema],
      );
      await s().createTable('prizes', (t) => {
        t.increments('id').primary();
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.text('label').notNullable();
        t.integer('rank').notNullable();
        t.integer('price_cents').notNullable().defaultTo(0);
        t.integer('cost_cents').notNullable().defaultTo(0);
        t.text('provider').notNullable().defaultTo('');
        t.text('nature').notNullable().defaultTo('lot');
        t.index(['bingo_id', 'rank']);
      });
      await knex.raw("alter table ??.prizes add constraint prizes_in_kind check (nature in ('lot', 'bon'))", [schema]);
      await s().createTable('plan_tables', (t) => {
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.integer('table_no').notNullable();
        t.text('name');
        t.integer('seats').notNullable();
        t.primary(['bingo_id', 'table_no']);
      });
      // A seat is reserved once: the primary key is the guarantee, not the application.
      await s().createTable('reservations', (t) => {
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.integer('table_no').notNullable();
        t.integer('seat_no').notNullable();
        t.text('name').notNullable();
        t.text('reserved_by');
        t.uuid('group_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['bingo_id', 'table_no', 'seat_no']);
      });
      await s().createTable('parties', (t) => {
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.integer('number').notNullable();
        t.text('kind').notNullable();
        t.specificType('prize_ids', 'integer[]').notNullable().defaultTo('{}');
        t.primary(['bingo_id', 'number']);
      });
      await knex.raw("alter table ??.parties add constraint parties_kind check (kind in ('quine', 'double_quine', 'carton_plein'))", [
        schema,
      ]);
      await s().createTable('balls', (t) => {
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.integer('partie').notNullable();
        t.integer('seq').notNullable();
        t.integer('number').notNullable();
        t.timestamp('called_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['bingo_id', 'partie', 'seq']);
        t.unique(['bingo_id', 'partie', 'number']);
      });
      await knex.raw('alter table ??.balls add constraint balls_range check (number between 1 and 90)', [schema]);
      await s().createTable('cartons', (t) => {
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.integer('number').notNullable();
        t.jsonb('grid').notNullable();
        t.text('grid_key').notNullable();
        t.text('buyer');
        t.primary(['bingo_id', 'number']);
        t.unique(['bingo_id', 'grid_key']);
      });
    },
  },
  '002_carton_sales': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().alterTable('nights', (t) => {
        t.boolean('sales_open').notNullable().defaultTo(true);
      });
      // A register's hold on the cartons of a sale it is writing (docs/platform.md « Ticket claims »).
      await s().createTable('carton_claims', (t) => {
        t.uuid('claim_id').primary();
        t.text('fingerprint').notNullable();
        // held → confirmed (the sale is written) or released (it failed).
        t.text('status').notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.integer('sale_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        "alter table ??.carton_claims add constraint carton_claims_status check (status in ('held', 'confirmed', 'released'))",
        [schema],
      );
      // A carton is sold once: the primary key is the guarantee; a held row whose claim expired may be taken again.
      await s().createTable('carton_sales', (t) => {
        t.integer('bingo_id').notNullable();
        t.integer('number').notNullable();
        t.uuid('claim_id').notNullable();
        t.text('status').notNullable();
        t.timestamp('expires_at', { useTz: true });
        t.integer('sale_id');
        t.text('sale_reference');
        t.text('buyer_name');
        t.text('buyer_email');
        t.text('buyer_phone');
        t.timestamp('sold_at', { useTz: true });
        t.primary(['bingo_id', 'number']);
        t.foreign(['bingo_id', 'number']).references(['bingo_id', 'number']).inTable(`${schema}.cartons`).onDelete('CASCADE');
        t.index(['claim_id']);
      });
      await knex.raw("alter table ??.carton_sales add constraint carton_sales_status check (status in ('held', 'sold'))", [schema]);
    },
  },
  '003_voided_cartons': {
    async up(knex) {
      // A carton refunded at the register (sale.refunded) is voided: it cannot win and is never sold again.
      await knex.raw('alter table ??.carton_sales drop constraint carton_sales_status', [schema]);
      await knex.raw("alter table ??.carton_sales add constraint carton_sales_status check (status in ('held', 'sold', 'voided'))", [
        schema,
      ]);
      await knex.schema.withSchema(schema).alterTable('carton_sales', (t) => {
        t.uuid('refund_id');
        t.timestamp('voided_at', { useTz: true });
      });
    },
  },
  '004_carton_packs': {
    async up(knex) {
      // Cartons by the pack (« 3 cartons 8 € »): [{ nb, priceCents }], one register product each.
      await knex.schema.withSchema(schema).alterTable('nights', (t) => {
        t.jsonb('carton_packs').notNullable().defaultTo('[]');
      });
    },
  },
  '005_copied_nights': {
    async up(knex) {
      // Next year's fair duplicated in the back office: its nights are copies of last year's, made once
      // per new event (the unique index stops a second copy of the same night into the same event).
      await knex.schema.withSchema(schema).alterTable('nights', (t) => {
        t.integer('copied_from');
      });
      await knex.raw('create unique index nights_copied_once on ??.nights (event_id, copied_from) where copied_from is not null', [schema]);
    },
  },
  '006_wins': {
    async up(knex) {
      // A winning carton checked by the caller, once per partie: `bingo.won` is recorded with the row.
      await knex.schema.withSchema(schema).createTable('wins', (t) => {
        t.integer('bingo_id').notNullable().references('id').inTable(`${schema}.nights`).onDelete('CASCADE');
        t.integer('partie').notNullable();
        t.integer('carton_number').notNullable();
        t.timestamp('checked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['bingo_id', 'partie', 'carton_number']);
      });
    },
  },
  '007_nights_awaiting_event': {
    async up(knex) {
      // On a host, each association's demo night waits for its own register's demo event, known by
      // name only (its id is the register's, different in each association): attached when announced.
      await knex.schema.withSchema(schema).alterTable('nights', (t) => {
        t.text('awaiting_event_name');
      });
    },
  },
};
