import type { ServiceMigrations } from '@kermesse/kit/db';
import { addAssociationColumns } from '@kermesse/kit/tenancy';

export const schema = 'contact';

/**
 * Contact's schema: partner requests from the public form, and the outgoing messages (receipts by
 * e-mail or SMS, partner requests forwarded to the association) waiting for or done with delivery.
 */
export const migrations: ServiceMigrations['migrations'] = {
  '001_partner_requests_and_deliveries': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('partner_requests', (t) => {
        t.increments('id').primary();
        t.text('entreprise').notNullable();
        t.text('contact').notNullable();
        t.text('email').notNullable();
        t.text('telephone');
        t.text('code_postal');
        t.text('ville');
        t.text('siteweb');
        t.text('type_don');
        t.text('message').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('deliveries', (t) => {
        t.bigIncrements('id').primary();
        t.text('kind').notNullable().checkIn(['receipt', 'partner'], 'deliveries_kind');
        t.text('sale_reference');
        t.integer('partner_request_id').references('id').inTable(`${schema}.partner_requests`).onDelete('CASCADE');
        t.text('channel').notNullable().checkIn(['email', 'sms'], 'deliveries_channel');
        // Personal data, erased as soon as the job is over (sent or given up).
        t.text('recipient');
        t.text('reply_to');
        t.text('subject');
        t.text('body_text').notNullable();
        t.text('body_html');
        t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'sent', 'failed'], 'deliveries_status');
        t.integer('attempts').notNullable().defaultTo(0);
        t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.text('last_error');
        t.text('transport');
        t.text('provider_message_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('finished_at', { useTz: true });
        // A redelivered sale.completed (or a second event for the same sale) never sends twice.
        t.unique(['sale_reference', 'channel'], { indexName: 'deliveries_one_per_sale_and_channel' });
      });
      await knex.raw(
        `alter table ??.deliveries add constraint deliveries_recipient_only_while_pending
           check (status = 'pending' or (recipient is null and reply_to is null)),
         add constraint deliveries_pending_has_recipient
           check (status <> 'pending' or recipient is not null),
         add constraint deliveries_receipt_has_reference
           check (kind <> 'receipt' or sale_reference is not null)`,
        [schema],
      );
      await knex.raw("create index deliveries_due on ??.deliveries (next_attempt_at) where status = 'pending'", [schema]);
      await knex.raw("create index deliveries_finished on ??.deliveries (finished_at) where status <> 'pending'", [schema]);
    },
  },
  '002_receipt_requests': {
    async up(knex) {
      // A receipt asked for after the sale (receipt.requested) is sent once per request: a redelivered
      // event never sends twice, a second explicit request sends again. The sale's own wish
      // (sale.completed, request_id null) stays one per sale and channel.
      await knex.schema.withSchema(schema).alterTable('deliveries', (t) => {
        t.uuid('request_id');
      });
      await knex.raw('alter table ??.deliveries drop constraint deliveries_one_per_sale_and_channel', [schema]);
      await knex.raw(
        'create unique index deliveries_one_per_sale_and_channel on ??.deliveries (sale_reference, channel) where request_id is null',
        [schema],
      );
      await knex.raw('create unique index deliveries_one_per_request on ??.deliveries (request_id) where request_id is not null', [schema]);
    },
  },
  '003_contact_messages_and_inbox': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // The public contact form: kept 12 months, then deleted.
      await s().createTable('contact_messages', (t) => {
        t.increments('id').primary();
        t.text('email').notNullable();
        t.text('subject').notNullable();
        t.text('message').notNullable();
        t.text('status').notNullable().defaultTo('new').checkIn(['new', 'handled'], 'contact_messages_status');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('handled_at', { useTz: true });
        t.index(['created_at']);
      });
      // The admins' inbox marks partner requests handled too.
      await s().alterTable('partner_requests', (t) => {
        t.text('status').notNullable().defaultTo('new').checkIn(['new', 'handled'], 'partner_requests_status');
        t.timestamp('handled_at', { useTz: true });
      });
      await s().alterTable('deliveries', (t) => {
        t.integer('contact_message_id').references('id').inTable(`${schema}.contact_messages`).onDelete('CASCADE');
      });
      await knex.raw('alter table ??.deliveries drop constraint deliveries_kind', [schema]);
      await knex.raw("alter table ??.deliveries add constraint deliveries_kind check (kind in ('receipt', 'partner', 'contact'))", [
        schema,
      ]);
    },
  },
  '004_account_link_mails': {
    async up(knex) {
      // Identity's one-time links (new account, password reset) e-mailed to the person.
      await knex.raw('alter table ??.deliveries drop constraint deliveries_kind', [schema]);
      await knex.raw(
        "alter table ??.deliveries add constraint deliveries_kind check (kind in ('receipt', 'partner', 'contact', 'account'))",
        [schema],
      );
    },
  },
  /**
   * Hosting (docs/keys-per-association.md): a sale's reference (« V-000042 ») is numbered by each
   * association, so the sale's own receipt is one per association, sale reference and channel. A
   * request id is a random uuid and stays unique on its own.
   */
  '005_keys_per_association': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      await knex.raw('drop index ??.deliveries_one_per_sale_and_channel', [schema]);
      await knex.raw(
        'create unique index deliveries_one_per_sale_and_channel on ??.deliveries (association_id, sale_reference, channel) where request_id is null',
        [schema],
      );
    },
  },
};
