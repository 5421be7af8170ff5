import type { ServiceMigrations } from '@kermesse/kit/db';

export const schema = 'webhooks';

/**
 * Webhooks' schema: the endpoints an admin registered (their signing secret sealed with the kit's
 * secrets) and one delivery row per event and endpoint — the unique key that keeps an event from
 * being sent twice to one endpoint (docs/webhooks.md §2).
 */
export const migrations: ServiceMigrations['migrations'] = {
  '001_endpoints_and_deliveries': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('endpoints', (t) => {
        t.increments('id').primary();
        t.text('url').notNullable();
        t.text('description');
        t.specificType('event_types', 'text[]').notNullable();
        /** `whsec_…`, sealed (`kms1.…`) when the process has a secret key. */
        t.text('secret').notNullable();
        t.text('created_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('deliveries', (t) => {
        t.bigIncrements('id').primary();
        t.integer('endpoint_id').notNullable().references('id').inTable(`${schema}.endpoints`).onDelete('CASCADE');
        t.uuid('event_id').notNullable();
        t.text('event_type').notNullable();
        /** The webhook's body as signed: `{ type, timestamp, data }`. */
        t.jsonb('body').notNullable();
        t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'sent', 'failed'], 'deliveries_status');
        t.integer('attempts').notNullable().defaultTo(0);
        t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        /** Retries stop here (24 h after the event, or after « Renvoyer »). */
        t.timestamp('give_up_at', { useTz: true }).notNullable();
        t.integer('last_status');
        t.text('last_answer');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('delivered_at', { useTz: true });
        t.unique(['endpoint_id', 'event_id'], { indexName: 'deliveries_one_per_event_and_endpoint' });
        t.index(['endpoint_id', 'id']);
      });
      await knex.raw("create index deliveries_due on ??.deliveries (next_attempt_at) where status = 'pending'", [schema]);
    },
  },
};
