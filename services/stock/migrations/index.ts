import type { ServiceMigrations } from '@kermesse/kit/db';
import { addAssociationColumns } from '@kermesse/kit/tenancy';

export const schema = 'stock';

/**
 * Stock's schema: read models of the register's catalogue (events, products), the stock level of
 * each product per event with its alert threshold, the movement ledger that explains every level,
 * the inventory imports, and the demo levels waiting for the demo products to appear.
 */
export const migrations: ServiceMigrations['migrations'] = {
  '001_stock': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // Read model fed by catalog.event.created (ids are the register's).
      await s().createTable('events', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable();
        t.date('starts_on');
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      // Read model fed by catalog.product.changed (a sale line may create it first).
      await s().createTable('products', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable();
        t.integer('price_cents').notNullable().defaultTo(0);
        t.integer('category_id');
        t.text('category_name').notNullable().defaultTo('');
        t.boolean('active').notNullable().defaultTo(true);
        /** `product` has a stock; raffle and gift-basket ticket products have none. */
        t.text('kind').notNullable().defaultTo('product');
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('levels', (t) => {
        t.integer('event_id').notNullable().references('id').inTable(`${schema}.events`);
        t.integer('product_id').notNullable().references('id').inTable(`${schema}.products`);
        /** Always the sum of the product's movements in this event. */
        t.integer('stock').notNullable().defaultTo(0);
        t.integer('alert_threshold').notNullable().defaultTo(0);
        /** The alert state last published (stock.alert is sent when it changes). */
        t.boolean('is_alert').notNullable().defaultTo(false);
        /** The demo level (demo_levels) was applied to this level. */
        t.boolean('demo_applied').notNullable().defaultTo(false);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['event_id', 'product_id']);
      });
      await knex.raw('alter table ??.levels add constraint levels_threshold_not_negative check (alert_threshold >= 0)', [schema]);
      await s().createTable('imports', (t) => {
        t.increments('id').primary();
        t.integer('event_id').notNullable().references('id').inTable(`${schema}.events`);
        t.text('file_name').notNullable();
        t.text('global_note').notNullable();
        t.integer('lines').notNullable();
        t.integer('movements').notNullable();
        t.text('created_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('movements', (t) => {
        t.bigIncrements('id').primary();
        t.integer('event_id').notNullable();
        t.integer('product_id').notNullable();
        t.text('kind').notNullable();
        t.integer('variation').notNullable();
        t.integer('stock_after').notNullable();
        t.text('note').notNullable();
        t.integer('sale_id');
        t.text('sale_reference');
        /** Position of the line in the sale: one movement per sale line, never two. */
        t.integer('sale_line');
        t.integer('import_id').references('id').inTable(`${schema}.imports`);
        t.text('created_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.foreign(['event_id', 'product_id']).references(['event_id', 'product_id']).inTable(`${schema}.levels`);
        t.index(['event_id', 'product_id', 'id']);
      });
      await knex.raw(`alter table ??.movements add constraint movements_kind check (kind in ('sale', 'correction', 'import'))`, [schema]);
      await knex.raw('alter table ??.movements add constraint movements_variation_not_zero check (variation <> 0)', [schema]);
      await knex.raw('create unique index movements_one_per_sale_line on ??.movements (sale_id, sale_line) where sale_id is not null', [
        schema,
      ]);
      // Demo levels by event and product name, applied when that product first appears in that event.
      await s().createTable('demo_levels', (t) => {
        t.text('event_name').notNullable();
        /** `*` applies to every other product of the event. */
        t.text('product_name').notNullable();
        t.integer('stock').notNullable();
        t.integer('alert_threshold').notNullable();
        t.primary(['event_name', 'product_name']);
      });
    },
  },
  // The event whose catalogue holds each product: an event's stock lists its own products only.
  '002_product_event': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('products', (t) => {
        /** From catalog.product.changed's eventId; null for products published without one (older events, the demo). */
        t.integer('event_id');
      });
    },
  },
  // A fair held over several days is current until its last day (catalog.event.created/updated's endsOn).
  '003_event_end': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('events', (t) => {
        t.date('ends_on');
      });
    },
  },
  /**
   * Hosting (docs/keys-per-association.md): demo levels are keyed by names, which two associations may
   * share (both demos hold a « Crêpe au sucre »), so they are per association. Every other key holds
   * ids the database hands out (the register's events, products and sales, movements, imports).
   */
  '004_keys_per_association': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      await knex.raw(
        'alter table ??.demo_levels drop constraint demo_levels_pkey, add primary key (association_id, event_name, product_name)',
        [schema],
      );
    },
  },
};
