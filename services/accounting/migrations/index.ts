import type { ServiceMigrations } from '@kermesse/kit/db';
import { addAssociationColumns } from '@kermesse/kit/tenancy';

export const schema = 'accounting';

/**
 * The hash-chained journal is only ever added to: the service's role may not update, delete nor
 * truncate its entries and lines (a changed entry would still show in the chain's check; this keeps
 * it from being changed at all).
 */
export const appendOnly = ['journal_entries', 'journal_lines'];

/**
 * Accounting's schema: trial balances and their rows, financial years (locked or not), the
 * account map (defaults per payment mode, kind of line and category), read models of the
 * register's events and sales, the hash-chained journal and its lines, purchases entered for a
 * fair, and the sales refused because their year is closed.
 */
export const migrations: ServiceMigrations['migrations'] = {
  '001_accounting': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('financial_years', (t) => {
        t.integer('year').primary();
        t.boolean('locked').notNullable().defaultTo(false);
        t.timestamp('locked_at', { useTz: true });
        t.text('locked_by');
      });
      await s().createTable('trial_balances', (t) => {
        t.increments('id').primary();
        t.integer('financial_year').notNullable();
        t.text('data_csv_raw').notNullable();
        t.boolean('locked').notNullable().defaultTo(false);
        /** `manuelle` or `journal` (« Générer la balance »). */
        t.text('origin').notNullable().defaultTo('manuelle');
        t.timestamp('imported_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['financial_year']);
      });
      await knex.raw(`alter table ??.trial_balances add constraint trial_balances_origin check (origin in ('manuelle', 'journal'))`, [
        schema,
      ]);
      await s().createTable('trial_balance_rows', (t) => {
        t.bigIncrements('id').primary();
        t.integer('trial_balance_id').notNullable().references('id').inTable(`${schema}.trial_balances`).onDelete('CASCADE');
        /** Line of the file it came from. */
        t.integer('line').notNullable();
        t.text('account_code').notNullable();
        t.text('account_label').notNullable();
        t.bigInteger('debit_cents').notNullable();
        t.bigInteger('credit_cents').notNullable();
        t.integer('financial_year').notNullable();
        t.unique(['trial_balance_id', 'account_code']);
      });
      await s().createTable('account_map', (t) => {
        /** `payment:ESP`, `kind:donation`, `category:Animations`. */
        t.text('key').primary();
        t.text('account').notNullable();
      });
      await s().createTable('events', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable();
        t.date('starts_on');
      });
      await s().createTable('sales', (t) => {
        t.integer('sale_id').primary();
        t.integer('event_id').notNullable();
        t.text('reference').notNullable();
        t.timestamp('completed_at', { useTz: true }).notNullable();
        t.integer('total_cents').notNullable();
        t.integer('payment_mode').notNullable();
        t.jsonb('lines').notNullable();
        /** The payments the entry was written with (the settlement's for a sale put on hold). */
        t.jsonb('payments').notNullable();
        t.bigInteger('entry_id');
        t.index(['event_id']);
      });
      /** A sale.settled that arrived before its sale.completed. */
      await s().createTable('early_settlements', (t) => {
        t.integer('sale_id').primary();
        t.jsonb('payload').notNullable();
      });
      await s().createTable('journal_entries', (t) => {
        t.bigIncrements('id').primary();
        t.integer('year').notNullable();
        /** Continuous within the year (FEC EcritureNum). */
        t.integer('number').notNullable();
        t.text('journal').notNullable();
        t.date('entry_date').notNullable();
        t.text('piece_ref').notNullable();
        t.date('piece_date').notNullable();
        t.text('label').notNullable();
        t.integer('event_id');
        /** What wrote it (`sale:12`, `purchase:3`): one entry per source, never two. */
        t.text('source').notNullable().unique();
        t.text('prev_hash').notNullable();
        t.text('hash').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['year', 'number']);
      });
      await s().createTable('journal_lines', (t) => {
        t.bigIncrements('id').primary();
        t.bigInteger('entry_id').notNullable().references('id').inTable(`${schema}.journal_entries`);
        t.integer('position').notNullable();
        t.text('account').notNullable();
        t.text('account_label').notNullable();
        t.bigInteger('debit_cents').notNullable();
        t.bigInteger('credit_cents').notNullable();
        t.index(['entry_id']);
      });
      await knex.raw('alter table ??.journal_lines add constraint journal_lines_one_side check (debit_cents >= 0 and credit_cents >= 0)', [
        schema,
      ]);
      await s().createTable('purchases', (t) => {
        t.increments('id').primary();
        t.integer('event_id').notNullable();
        t.text('label').notNullable();
        t.text('account').notNullable();
        t.integer('amount_cents').notNullable();
        t.date('purchase_date').notNullable();
        t.bigInteger('entry_id');
        t.text('created_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      /** Sales whose year was closed when they arrived: kept, not written, shown to the treasurer. */
      await s().createTable('unposted', (t) => {
        t.increments('id').primary();
        t.text('source').notNullable().unique();
        t.text('reason').notNullable();
        t.jsonb('payload').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
  },
  /** A trial balance may hold a budget (the forecast reads it; the Bilan never does). */
  '002_forecast': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('trial_balances', (t) => {
        t.boolean('forecast').notNullable().defaultTo(false);
      });
    },
  },
  /**
   * Prize costs published by raffle (`raffle.configured`, `giftbasket.configured`) and bingo
   * (`bingo.configured`): one row per raffle, basket or loto night, its latest state (occurred_at).
   */
  '003_prize_costs': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('prize_costs', (t) => {
        t.text('source').notNullable();
        t.integer('source_id').notNullable();
        t.integer('event_id');
        t.text('name').notNullable();
        t.integer('prizes').notNullable().defaultTo(0);
        t.bigInteger('cost_cents').notNullable().defaultTo(0);
        t.timestamp('occurred_at', { useTz: true }).notNullable();
        t.primary(['source', 'source_id']);
        t.index(['event_id']);
      });
      await knex.raw("alter table ??.prize_costs add constraint prize_costs_source check (source in ('raffle', 'giftbasket', 'bingo'))", [
        schema,
      ]);
    },
  },
  /**
   * Refunds of sales (`sale.refunded`, booked as the reverse of a sale) and till closings
   * (`till.closed`, their counted differences booked to 658 / 758): one row each, linked to its entry.
   */
  '004_refunds_and_till_closings': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('refunds', (t) => {
        t.uuid('refund_id').primary();
        t.integer('sale_id').notNullable();
        t.integer('event_id').notNullable();
        t.text('reference').notNullable();
        t.timestamp('refunded_at', { useTz: true }).notNullable();
        t.integer('amount_cents').notNullable();
        t.integer('payment_mode').notNullable();
        t.jsonb('lines').notNullable();
        t.bigInteger('entry_id');
        t.index(['event_id']);
      });
      await s().createTable('till_closings', (t) => {
        t.integer('session_id').primary();
        t.integer('event_id').notNullable();
        t.integer('checkout_id').notNullable();
        t.timestamp('closed_at', { useTz: true }).notNullable();
        t.jsonb('differences').notNullable();
        t.text('reason');
        t.bigInteger('entry_id');
        t.index(['event_id']);
      });
    },
  },
  /**
   * Donations and tax receipts (docs/tax-receipts.md): the association's one settings row, donors,
   * donations (from the register's donation lines, an import or typed in), receipts numbered without
   * gaps per year through a counter row taken in the issuing transaction, and a cancelled receipt kept.
   */
  '005_tax_receipts': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('association', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable().defaultTo('');
        t.text('address').notNullable().defaultTo('');
        t.text('postal_code').notNullable().defaultTo('');
        t.text('city').notNullable().defaultTo('');
        t.text('purpose').notNullable().defaultTo('');
        t.text('siren');
        t.text('eligibility').notNullable().defaultTo('none');
        t.date('rup_decree_date');
        t.text('signatory').notNullable().defaultTo('');
        t.integer('counterpart_cap_cents').notNullable().defaultTo(7300);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        `alter table ??.association add constraint association_one_row check (id = 1),
         add constraint association_eligibility check (eligibility in ('none', 'interet_general', 'rup'))`,
        [schema],
      );
      await s().createTable('donors', (t) => {
        t.increments('id').primary();
        t.text('kind').notNullable();
        t.text('name').notNullable();
        t.text('first_name');
        t.text('address').notNullable().defaultTo('');
        t.text('postal_code').notNullable().defaultTo('');
        t.text('city').notNullable().defaultTo('');
        t.text('email');
        t.text('siren');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(`alter table ??.donors add constraint donors_kind check (kind in ('individual', 'company'))`, [schema]);
      await s().createTable('receipt_counters', (t) => {
        t.integer('year').primary();
        t.integer('last_number').notNullable();
      });
      await s().createTable('tax_receipts', (t) => {
        t.increments('id').primary();
        t.integer('year').notNullable();
        t.integer('number').notNullable();
        t.text('kind').notNullable();
        t.integer('donor_id').notNullable().references('id').inTable(`${schema}.donors`);
        /** The donor and the association as printed: a later edit never changes a receipt issued. */
        t.jsonb('donor').notNullable();
        t.jsonb('association').notNullable();
        t.bigInteger('amount_cents').notNullable();
        t.date('issued_on').notNullable();
        t.date('cancelled_on');
        t.text('cancel_reason');
        t.text('issued_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['year', 'number']);
      });
      await knex.raw(`alter table ??.tax_receipts add constraint tax_receipts_kind check (kind in ('gift', 'annual'))`, [schema]);
      await s().createTable('donations', (t) => {
        t.increments('id').primary();
        /** `sale:12:3` (the register's line), `import:<file hash>:<line>`, `manual:<id>`: never twice. */
        t.text('source').notNullable().unique();
        t.text('origin').notNullable();
        t.date('donation_date').notNullable();
        t.integer('amount_cents').notNullable();
        t.text('method').notNullable();
        t.integer('counterpart_cents').notNullable().defaultTo(0);
        t.text('counterpart_label');
        t.integer('donor_id').references('id').inTable(`${schema}.donors`);
        t.text('buyer_name');
        t.text('buyer_email');
        t.integer('event_id');
        /** The receipt that states it, while that receipt is not cancelled. */
        t.integer('receipt_id').references('id').inTable(`${schema}.tax_receipts`);
        /** The part of the gift the receipt stated. */
        t.integer('receipted_cents');
        t.bigInteger('entry_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['donor_id']);
        t.index(['receipt_id']);
      });
      await knex.raw(
        `alter table ??.donations add constraint donations_origin check (origin in ('register', 'import', 'manual')),
         add constraint donations_method check (method in ('ESP', 'CHQ', 'CB', 'VIR')),
         add constraint donations_amounts check (amount_cents > 0 and counterpart_cents >= 0)`,
        [schema],
      );
      /** Which receipt stated which gifts, kept after a cancellation (the receipt's PDF is rebuilt from it). */
      await s().createTable('tax_receipt_donations', (t) => {
        t.integer('receipt_id').notNullable().references('id').inTable(`${schema}.tax_receipts`);
        t.integer('donation_id').notNullable().references('id').inTable(`${schema}.donations`);
        t.integer('eligible_cents').notNullable();
        t.primary(['receipt_id', 'donation_id']);
      });
    },
  },
  /**
   * Memberships (docs/memberships.md): the types of a year, the people who join (their details and the
   * consent they gave, blanked when they ask to be erased) and one membership per person and year with
   * its payment and its entry (756 Cotisations) — the entry names no one, so erasing a person leaves
   * the hash-chained journal untouched.
   */
  '006_memberships': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('membership_types', (t) => {
        t.increments('id').primary();
        t.integer('year').notNullable();
        t.text('name').notNullable();
        t.text('scope').notNullable();
        /** Null: a free amount. */
        t.integer('price_cents');
        t.unique(['year', 'name']);
      });
      await knex.raw(
        `alter table ??.membership_types add constraint membership_types_scope check (scope in ('family', 'person')),
         add constraint membership_types_price check (price_cents is null or price_cents >= 0)`,
        [schema],
      );
      await s().createTable('people', (t) => {
        t.increments('id').primary();
        t.text('last_name').notNullable();
        t.text('first_name').notNullable();
        t.text('email');
        t.text('phone');
        t.text('address').notNullable().defaultTo('');
        t.text('postal_code').notNullable().defaultTo('');
        t.text('city').notNullable().defaultTo('');
        t.timestamp('consent_at', { useTz: true });
        t.text('consent_text');
        t.timestamp('erased_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('memberships', (t) => {
        t.increments('id').primary();
        /** `manual:<idempotency key>`, `renewal:<person>:<year>`: never twice. */
        t.text('source').notNullable().unique();
        t.integer('person_id').notNullable().references('id').inTable(`${schema}.people`);
        t.integer('type_id').notNullable().references('id').inTable(`${schema}.membership_types`);
        t.integer('year').notNullable();
        t.integer('amount_cents').notNullable();
        t.text('method').notNullable();
        t.date('paid_on').notNullable();
        t.jsonb('children').notNullable().defaultTo('[]');
        t.bigInteger('entry_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['person_id', 'year']);
      });
      await knex.raw(
        `alter table ??.memberships add constraint memberships_method check (method in ('ESP', 'CHQ', 'CB', 'VIR')),
         add constraint memberships_amount check (amount_cents >= 0)`,
        [schema],
      );
    },
  },
  /**
   * The sale a register's gift came with: a refund of that sale (refunds' donation lines) gives the gift
   * back, read when the gift is listed or receipted — whichever of the two events comes first.
   */
  '007_donation_sales': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('donations', (t) => {
        t.integer('sale_id');
        t.index(['sale_id']);
      });
      await knex.raw("update ??.donations set sale_id = split_part(source, ':', 2)::int where origin = 'register'", [schema]);
    },
  },
  /**
   * Hosting (docs/keys-per-association.md): every key two associations could both hold is made per association —
   * each keeps its own financial years, account map, settings row, receipt counters, FEC numbering
   * (year, number), receipt numbers, membership types, and its own `source` keys (a CSV file imported
   * by two associations has the same hash; an idempotency key is chosen by the client). Keys made of
   * ids the database hands out (sales, refunds, people, raffles…) are unique across associations
   * already and stay as they are.
   */
  '008_keys_per_association': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      const primary = async (table: string, columns: string) =>
        knex.raw(`alter table ??.?? drop constraint ??, add primary key (association_id, ${columns})`, [schema, table, `${table}_pkey`]);
      const unique = async (table: string, old: string, name: string, columns: string) =>
        knex.raw(`alter table ??.?? drop constraint ??, add constraint ?? unique (association_id, ${columns})`, [schema, table, old, name]);
      await primary('financial_years', 'year');
      await primary('account_map', 'key');
      // The check `id = 1` still keeps one settings row, now one per association.
      await primary('association', 'id');
      await primary('receipt_counters', 'year');
      await unique('journal_entries', 'journal_entries_year_number_unique', 'journal_entries_number_per_year', 'year, number');
      await unique('journal_entries', 'journal_entries_source_unique', 'journal_entries_one_per_source', 'source');
      await unique('tax_receipts', 'tax_receipts_year_number_unique', 'tax_receipts_number_per_year', 'year, number');
      await unique('membership_types', 'membership_types_year_name_unique', 'membership_types_name_per_year', 'year, name');
      await unique('donations', 'donations_source_unique', 'donations_one_per_source', 'source');
      await unique('memberships', 'memberships_source_unique', 'memberships_one_per_source', 'source');
      await unique('unposted', 'unposted_source_unique', 'unposted_one_per_source', 'source');
      // The chain's last entry is read on every write (`order by id desc limit 1`): its association's.
      await knex.raw('create index journal_entries_chain on ??.journal_entries (association_id, id)', [schema]);
    },
  },
  /**
   * HelloAsso and the bank (docs/helloasso.md, docs/bank.md): the association's HelloAsso account (its
   * secret sealed), each order item imported once and what it became, each payout once, and the bank
   * statements' lines, kept once per association whatever statement brought them, each matched to at
   * most one entry of 512 and an entry to at most one line. Keys are per association: two
   * associations may import the same statement line or (in a test) the same HelloAsso ids.
   */
  '009_helloasso_and_bank': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('helloasso_settings', (t) => {
        t.increments('id').primary();
        t.text('organization_slug').notNullable();
        t.text('client_id').notNullable();
        /** Sealed with the kit's secret box when the install has a key (docs/deploy.md). */
        t.text('client_secret');
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('helloasso_items', (t) => {
        t.increments('id').primary();
        t.bigInteger('item_id').notNullable();
        t.bigInteger('order_id').notNullable();
        t.text('form_type').notNullable();
        t.text('form_slug').notNullable();
        t.text('kind').notNullable();
        t.text('name').notNullable();
        t.text('payer').notNullable().defaultTo('');
        t.integer('amount_cents').notNullable();
        t.date('paid_on').notNullable();
        t.text('note');
        t.integer('donation_id');
        t.integer('membership_id');
        t.bigInteger('entry_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        `alter table ??.helloasso_items add constraint helloasso_items_kind check (kind in ('donation', 'membership', 'sale', 'skipped'))`,
        [schema],
      );
      await s().createTable('helloasso_payouts', (t) => {
        t.increments('id').primary();
        t.bigInteger('cash_out_id').notNullable();
        t.date('paid_on').notNullable();
        t.bigInteger('gross_cents').notNullable();
        t.bigInteger('net_cents').notNullable();
        t.bigInteger('fees_cents').notNullable();
        t.integer('payments').notNullable();
        t.bigInteger('entry_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('bank_lines', (t) => {
        t.bigIncrements('id').primary();
        t.date('line_date').notNullable();
        t.text('label').notNullable();
        t.bigInteger('amount_cents').notNullable();
        /** What identifies the line across statements: the bank's FITID (OFX), else day, amount, label and rank. */
        t.text('fingerprint').notNullable();
        t.text('file_name').notNullable();
        t.bigInteger('entry_id').references('id').inTable(`${schema}.journal_entries`);
        t.timestamp('matched_at', { useTz: true });
        t.text('matched_by');
        t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['line_date']);
      });
      await knex.raw(`alter table ??.donations drop constraint donations_origin`, [schema]);
      await knex.raw(
        `alter table ??.donations add constraint donations_origin check (origin in ('register', 'import', 'manual', 'helloasso'))`,
        [schema],
      );
      await addAssociationColumns(knex, schema);
      await knex.raw(
        `create unique index helloasso_settings_association on ??.helloasso_settings (association_id);
         create unique index helloasso_items_item on ??.helloasso_items (association_id, item_id);
         create unique index helloasso_payouts_cash_out on ??.helloasso_payouts (association_id, cash_out_id);
         create unique index bank_lines_fingerprint on ??.bank_lines (association_id, fingerprint);
         create unique index bank_lines_entry on ??.bank_lines (association_id, entry_id) where entry_id is not null`,
        [schema, schema, schema, schema, schema],
      );
    },
  },
  /**
   * Deposits to the bank written by the treasurer (docs/bank.md §2): the till's cash, a cheque slip, a
   * card payout net of its fees — each with its entry (debit 512 and the fees, credit 530, 5112 or 5115).
   */
  '010_bank_deposits': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('bank_deposits', (t) => {
        t.increments('id').primary();
        t.date('deposit_date').notNullable();
        t.text('source').notNullable();
        t.bigInteger('amount_cents').notNullable();
        t.bigInteger('fees_cents').notNullable().defaultTo(0);
        t.bigInteger('entry_id');
        t.text('created_by');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        `alter table ??.bank_deposits add constraint bank_deposits_source check (source in ('ESP', 'CHQ', 'CB')),
         add constraint bank_deposits_amounts check (amount_cents > 0 and fees_cents >= 0)`,
        [schema],
      );
    },
  },
  /**
   * The HelloAsso forms an association imported (docs/helloasso.md §3): read again each night, when
   * last read and what HelloAsso answered if it failed.
   */
  '011_helloasso_forms': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('helloasso_forms', (t) => {
        t.increments('id').primary();
        t.text('form_type').notNullable();
        t.text('form_slug').notNullable();
        t.timestamp('last_pulled_at', { useTz: true });
        t.text('last_error');
      });
      await addAssociationColumns(knex, schema);
      await knex.raw('create unique index helloasso_forms_form on ??.helloasso_forms (association_id, form_type, form_slug)', [schema]);
    },
  },
  /**
   * HelloAsso's notifications (docs/helloasso.md §5): the secret of the association's notification URL
   * (sealed like the API secret), and every call received, kept once under its key — an order or a
   * payment in a given state — so a call HelloAsso sends twice is applied once and can be looked back at.
   */
  '012_helloasso_notifications': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('helloasso_settings', (t) => {
        t.text('notification_secret');
      });
      await knex.schema.withSchema(schema).createTable('helloasso_notifications', (t) => {
        t.increments('id').primary();
        t.text('event_type').notNullable();
        t.text('notification_key').notNullable();
        t.text('form_type');
        t.text('form_slug');
        t.text('outcome');
        t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await addAssociationColumns(knex, schema);
      await knex.raw('create unique index helloasso_notifications_key on ??.helloasso_notifications (association_id, notification_key)', [
        schema,
      ]);
    },
  },
  /**
   * More than one bank account (docs/bank.md §0): 512 and its sub-accounts (5121, 5122…), each with
   * its name and the CSV column layout chosen once for its bank; a statement line belongs to one of
   * them, kept once per account, and an entry is matched to at most one line per account (a transfer
   * between two accounts of the association is a line on each).
   */
  '013_bank_accounts': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('bank_accounts', (t) => {
        t.increments('id').primary();
        t.text('account').notNullable();
        t.text('name').notNullable();
        /** The CSV columns chosen for this bank: `{ date, label, amount }` or `{ date, label, debit, credit }`, the file's titles. */
        t.jsonb('csv_layout');
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.schema.withSchema(schema).alterTable('bank_lines', (t) => {
        t.text('account').notNullable().defaultTo('512');
      });
      await addAssociationColumns(knex, schema);
      await knex.raw(
        `alter table ??.bank_accounts add constraint bank_accounts_account check (account ~ '^512[0-9]{0,5}$');
         alter table ??.bank_lines add constraint bank_lines_account check (account ~ '^512[0-9]{0,5}$');
         create unique index bank_accounts_account on ??.bank_accounts (association_id, account);
         drop index ??.bank_lines_fingerprint;
         drop index ??.bank_lines_entry;
         create unique index bank_lines_fingerprint on ??.bank_lines (association_id, account, fingerprint);
         create unique index bank_lines_entry on ??.bank_lines (association_id, account, entry_id) where entry_id is not null`,
        [schema, schema, schema, schema, schema, schema, schema],
      );
    },
  },
  /**
   * The cheque deposit slip (docs/bank.md §2): which cheque of which sale went on which deposit — each
   * cheque once, whatever two treasurers do at the same time — and the fair the slip was made for.
   */
  '014_cheque_slips': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('bank_deposits', (t) => {
        t.integer('event_id');
      });
      await knex.schema.withSchema(schema).createTable('cheque_slip_items', (t) => {
        t.increments('id').primary();
        t.integer('deposit_id').notNullable();
        t.integer('sale_id').notNullable();
        /** The rank of the cheque among the sale's payments. */
        t.integer('payment_index').notNullable();
        t.text('sale_reference').notNullable();
        t.text('cheque_number').notNullable();
        t.bigInteger('amount_cents').notNullable();
        t.date('sale_date').notNullable();
      });
      await addAssociationColumns(knex, schema);
      await knex.raw(
        `create unique index cheque_slip_items_cheque on ??.cheque_slip_items (association_id, sale_id, payment_index);
         create index cheque_slip_items_deposit on ??.cheque_slip_items (deposit_id)`,
        [schema, schema],
      );
    },
  },
  /**
   * HelloAsso's event tickets at the gate and its refunds (docs/helloasso.md §6–7): the fair a form is
   * linked to, and an item refunded on HelloAsso with the entry that reverses it.
   */
  '015_helloasso_tickets_and_refunds': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('helloasso_forms', (t) => {
        t.integer('event_id');
      });
      await knex.schema.withSchema(schema).alterTable('helloasso_items', (t) => {
        t.date('refunded_on');
        t.bigInteger('refund_entry_id');
      });
    },
  },
  /**
   * Card payouts read from the provider (docs/bank.md §2): each SumUp payout once, with the deposit
   * that booked it (net to the bank, fees to 627).
   */
  '016_card_payouts': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('card_payouts', (t) => {
        t.increments('id').primary();
        t.text('provider').notNullable();
        t.text('payout_id').notNullable();
        t.date('payout_date').notNullable();
        t.bigInteger('net_cents').notNullable();
        t.bigInteger('fees_cents').notNullable();
        t.integer('deposit_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await addAssociationColumns(knex, schema);
      await knex.raw('create unique index card_payouts_payout on ??.card_payouts (association_id, provider, payout_id)', [schema]);
    },
  },
};
