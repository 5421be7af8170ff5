import type { ServiceMigrations } from '@kermesse/kit/db';
import { addAssociationColumns } from '@kermesse/kit/tenancy';

export const schema = 'register';

/**
 * The till law's records (docs/compliance/conditions.md §1): the service's role may insert and read
 * them, never update, delete or truncate them — refused by its grants before any trigger runs. Sales
 * and till sessions are not here: a sale on hold is paid later and a session is closed once, so those
 * updates are granted and their triggers refuse every other change.
 */
export const appendOnly = [
  'journal',
  'sale_lines',
  'payments',
  'refunds',
  'refund_lines',
  'sale_tickets',
  'sale_bets',
  'sale_cartons',
  'closings',
  'archives',
  'event_log',
] as const;

/**
 * Sales and till sessions: a sale on hold is paid later, a session is closed once — those columns only
 * may the service's role update; what a sale recorded (its amounts, its lines, when and where) and
 * what a session opened with stay as written, and neither is ever deleted.
 */
export const updatableColumns = {
  sales: ['paid_cents', 'settled_at', 'payment_status'],
  till_sessions: [
    'closed_at',
    'closed_by',
    'expected',
    'counted',
    'differences',
    'reason',
    'grand_total_cents',
    'last_journal_seq',
    'last_journal_hash',
  ],
} as const;

/**
 * Register's schema: events and checkouts (registers); the catalogue (categories, products, which
 * register offers what) with the read models fed by the raffle and stock services; buyers; sales with
 * their lines, tickets, bets and payments; idempotency keys; card-reader payments.
 */
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

  '002_catalogue': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('categories', (t) => {
        t.increments('id').primary();
        t.text('name').notNullable();
        // product | raffle (one category per raffle) | giftbasket (one per gift basket)
        t.text('kind').notNullable().defaultTo('product');
        t.integer('raffle_id').unique();
        t.integer('gift_basket_id').unique();
        t.integer('position').notNullable().defaultTo(0);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(`alter table ??.categories add constraint categories_kind check (kind in ('product', 'raffle', 'giftbasket'))`, [
        schema,
      ]);
      await s().createTable('products', (t) => {
        t.increments('id').primary();
        t.text('name').notNullable();
        t.text('image');
        t.integer('price_cents').notNullable();
        t.integer('category_id').notNullable().references('id').inTable(`${schema}.categories`);
        t.boolean('click_and_collect').notNullable().defaultTo(false);
        t.boolean('alcohol').notNullable().defaultTo(false);
        t.boolean('active').notNullable().defaultTo(true);
        // Ticket products: the tier they sell (tickets or bets per unit).
        t.integer('tier_nb');
        t.integer('position').notNullable().defaultTo(0);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.unique(['category_id', 'tier_nb']);
      });
      await knex.raw('alter table ??.products add constraint products_price check (price_cents >= 0)', [schema]);
      await s().createTable('checkout_products', (t) => {
        t.integer('checkout_id').notNullable().references('id').inTable(`${schema}.checkouts`).onDelete('CASCADE');
        t.integer('product_id').notNullable().references('id').inTable(`${schema}.products`).onDelete('CASCADE');
        t.primary(['checkout_id', 'product_id']);
      });
      // Read models (event-carried state from the raffle and stock services).
      await s().createTable('raffles', (t) => {
        t.integer('id').primary();
        t.integer('event_id').notNullable();
        t.text('name').notNullable();
        t.integer('total_tickets').notNullable();
        t.jsonb('tiers').notNullable();
        t.boolean('sales_open').notNullable().defaultTo(true);
        t.integer('category_id').notNullable().references('id').inTable(`${schema}.categories`);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('gift_baskets', (t) => {
        t.integer('id').primary();
        t.integer('event_id').notNullable();
        t.text('name').notNullable();
        t.jsonb('tiers').notNullable();
        t.jsonb('types').notNullable();
        t.integer('category_id').notNullable().references('id').inTable(`${schema}.categories`);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('stock_alerts', (t) => {
        t.integer('event_id').notNullable();
        t.integer('product_id').notNullable();
        t.boolean('is_alert').notNullable();
        t.integer('stock').notNullable();
        t.integer('alert_threshold').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['event_id', 'product_id']);
      });
      await s().createTable('settings', (t) => {
        t.text('key').primary();
        t.jsonb('value').notNullable();
      });
    },
  },

  '003_buyers_and_sales': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('persons', (t) => {
        t.increments('id').primary();
        t.text('firstname').notNullable();
        t.text('lastname').notNullable();
        t.text('email');
        t.text('phone');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw('create unique index persons_email on ??.persons (lower(email)) where email is not null', [schema]);
      await knex.raw('create index persons_phone on ??.persons (phone) where phone is not null', [schema]);

      await s().createTable('sales', (t) => {
        t.increments('id').primary();
        t.text('reference').notNullable().unique();
        t.integer('event_id').notNullable().references('id').inTable(`${schema}.events`);
        t.integer('checkout_id').notNullable().references('id').inTable(`${schema}.checkouts`);
        t.integer('person_id').references('id').inTable(`${schema}.persons`);
        t.integer('total_cents').notNullable();
        t.integer('paid_cents').notNullable().defaultTo(0);
        t.smallint('payment_mode').notNullable();
        t.smallint('payment_status').notNullable();
        t.text('order_type').notNullable();
        t.uuid('claim_id');
        t.integer('raffle_id');
        t.integer('gift_basket_id');
        // The buyer's receipt wish (French law: only on request); used for nothing else.
        t.text('receipt_method');
        t.text('receipt_to');
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('settled_at', { useTz: true });
      });
      await knex.raw('alter table ??.sales add constraint sales_mode check (payment_mode in (1, 2, 3, 99))', [schema]);
      await knex.raw('alter table ??.sales add constraint sales_status check (payment_status in (1, 2, 5))', [schema]);
      await knex.raw('alter table ??.sales add constraint sales_paid check (paid_cents >= 0 and paid_cents <= greatest(total_cents, 0))', [
        schema,
      ]);
      await knex.raw('create index sales_pending on ??.sales (event_id, created_at) where payment_mode = 99 and settled_at is null', [
        schema,
      ]);

      await s().createTable('sale_lines', (t) => {
        t.increments('id').primary();
        t.integer('sale_id').notNullable().references('id').inTable(`${schema}.sales`).onDelete('CASCADE');
        t.integer('position').notNullable();
        // -1 donation, -2 meal-deal discount (docs/spec.md §9), else a product id.
        t.integer('product_id').notNullable();
        t.text('name').notNullable();
        t.integer('category_id');
        t.text('category_name').notNullable();
        t.integer('unit_price_cents').notNullable();
        t.integer('quantity').notNullable();
        t.integer('total_cents').notNullable();
        t.text('kind').notNullable();
        t.boolean('click_and_collect').notNullable().defaultTo(false);
        t.index(['sale_id']);
      });
      // A last line of defence behind the raffle service's claims: never two sales of one number.
      await s().createTable('sale_tickets', (t) => {
        t.integer('sale_id').notNullable().references('id').inTable(`${schema}.sales`).onDelete('CASCADE');
        t.integer('raffle_id').notNullable();
        t.integer('number').notNullable();
        t.primary(['raffle_id', 'number']);
        t.index(['sale_id']);
      });
      await s().createTable('sale_bets', (t) => {
        t.integer('sale_id').notNullable().references('id').inTable(`${schema}.sales`).onDelete('CASCADE');
        t.integer('gift_basket_id').notNullable();
        t.integer('type_id').notNullable();
        t.integer('weight').notNullable();
        t.primary(['gift_basket_id', 'type_id', 'weight']);
        t.index(['sale_id']);
      });
      await s().createTable('payments', (t) => {
        t.increments('id').primary();
        t.integer('sale_id').notNullable().references('id').inTable(`${schema}.sales`).onDelete('CASCADE');
        t.text('method').notNullable();
        t.smallint('mode').notNullable();
        t.integer('amount_cents').notNullable();
        t.text('reference').notNullable().defaultTo('');
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['sale_id']);
      });
      await knex.raw(`alter table ??.payments add constraint payments_method check (method in ('CB', 'ESP', 'CHQ'))`, [schema]);
      await knex.raw('alter table ??.payments add constraint payments_amount check (amount_cents >= 0)', [schema]);

      await s().createTable('idempotency_keys', (t) => {
        t.text('user_id').notNullable();
        t.text('scope').notNullable();
        t.text('key').notNullable();
        t.text('request_hash').notNullable();
        // running: the first request is executing; done: its answer is stored.
        t.text('state').notNullable();
        t.integer('response_status');
        t.jsonb('response_body');
        t.timestamp('locked_until', { useTz: true }).notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['user_id', 'scope', 'key']);
      });
    },
  },

  '004_card_payments': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // What the cashier asked to charge (the spec `POST /api/cr/payment/reader` → {id, amount}).
      await s().createTable('card_payments', (t) => {
        t.uuid('id').primary();
        t.integer('amount_cents').notNullable();
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      // Each charge started on a reader. Stored before the first status poll so a reload resumes it.
      await s().createTable('card_transactions', (t) => {
        t.increments('id').primary();
        t.uuid('payment_id').references('id').inTable(`${schema}.card_payments`);
        t.text('provider').notNullable();
        t.text('reader_id').notNullable();
        t.text('client_transaction_id').notNullable().unique();
        t.integer('amount_cents').notNullable();
        t.text('description').notNullable().defaultTo('');
        t.text('status').notNullable();
        t.text('transaction_code');
        // The sale (or pending-sale payment) this charge paid: one charge pays one thing.
        t.integer('sale_id').unique();
        t.integer('payment_row_id').unique();
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['payment_id']);
        t.index(['transaction_code']);
      });
      await knex.raw(`alter table ??.card_transactions add constraint card_status check (status in ('PENDING', 'SUCCESSFUL', 'FAILED'))`, [
        schema,
      ]);
      // The simulator's own state: readers and the outcome each one gives.
      await s().createTable('simulated_readers', (t) => {
        t.text('id').primary();
        t.text('name').notNullable();
        t.text('identifier').notNullable();
        t.text('status').notNullable();
        t.text('outcome').notNullable().defaultTo('success');
        t.integer('settle_ms').notNullable().defaultTo(2000);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('simulated_transactions', (t) => {
        t.text('client_transaction_id').primary();
        t.text('reader_id').notNullable();
        t.integer('amount_cents').notNullable();
        t.text('outcome').notNullable();
        t.text('transaction_code').notNullable();
        t.timestamp('settles_at', { useTz: true }).notNullable();
      });
    },
  },
  '005_back_office': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // Events as an association sets them up: dates, place, public description, archive.
      await s().alterTable('events', (t) => {
        t.date('ends_on');
        t.text('place');
        t.text('description');
        t.timestamp('archived_at', { useTz: true });
      });
      await s().alterTable('checkouts', (t) => {
        t.timestamp('archived_at', { useTz: true });
      });
      // Each category belongs to one event (a product's event is its category's).
      await s().alterTable('categories', (t) => {
        t.integer('event_id').references('id').inTable(`${schema}.events`);
        t.index(['event_id']);
      });
      await knex.raw(
        `
        update ??.categories c set event_id = coalesce(
          (select r.event_id from ??.raffles r where r.category_id = c.id limit 1),
          (select g.event_id from ??.gift_baskets g where g.category_id = c.id limit 1),
          (select min(k.event_id) from ??.products p join ??.checkout_products cp on cp.product_id = p.id
             join ??.checkouts k on k.id = cp.checkout_id where p.category_id = c.id))
        where c.event_id is null`,
        [schema, schema, schema, schema, schema, schema],
      );
      // « A product with sales is deactivated, never erased »: the check reads this index.
      await knex.raw('create index if not exists sale_lines_product on ??.sale_lines (product_id)', [schema]);
      // The meal-deal rule set of each event (docs/spec.md §9's rule is the default).
      await s().createTable('event_meal_deals', (t) => {
        t.integer('event_id').primary().references('id').inTable(`${schema}.events`).onDelete('CASCADE');
        t.jsonb('rule').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
  },
  '006_idle_lock': {
    async up(knex) {
      // The idle time after which a register locks back to its token form, set per event.
      await knex.schema.withSchema(schema).alterTable('events', (t) => {
        t.integer('idle_lock_minutes').notNullable().defaultTo(30);
      });
    },
  },
  '007_till_sessions_and_journal': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // A till session per register: the float counted at opening, the closing counted
      // per payment mode and the differences confirmed with a reason. At most one open per register.
      await s().createTable('till_sessions', (t) => {
        t.increments('id').primary();
        t.integer('checkout_id').notNullable().references('id').inTable(`${schema}.checkouts`);
        t.integer('event_id').notNullable().references('id').inTable(`${schema}.events`);
        t.integer('float_cash_cents').notNullable().defaultTo(0);
        // Opened by a sale on a register with no open session (the spec's flow keeps working), float 0.
        t.boolean('automatic').notNullable().defaultTo(false);
        t.text('opened_by').notNullable();
        t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.text('closed_by');
        t.timestamp('closed_at', { useTz: true });
        // The closing: expected and counted per mode, in cents; difference = counted - expected.
        t.jsonb('expected');
        t.jsonb('counted');
        t.jsonb('differences');
        t.text('reason');
        // Anchors of the sales journal at the closing: the period's grand total and the last record.
        t.bigInteger('grand_total_cents');
        t.bigInteger('last_journal_seq');
        t.text('last_journal_hash');
        t.index(['checkout_id']);
      });
      await knex.raw('create unique index till_sessions_one_open on ??.till_sessions (checkout_id) where closed_at is null', [schema]);
      await s().alterTable('sales', (t) => {
        t.integer('session_id').references('id').inTable(`${schema}.till_sessions`);
        t.index(['session_id']);
      });
      await s().alterTable('payments', (t) => {
        t.integer('session_id').references('id').inTable(`${schema}.till_sessions`);
      });

      // The tamper-evident sales journal: each record holds HMAC-SHA256(key, content | previous hash).
      // `payload` is kept as the exact text that was hashed. The head row serialises appends.
      await s().createTable('journal', (t) => {
        t.bigInteger('seq').primary();
        t.text('kind').notNullable();
        t.text('reference').notNullable();
        t.text('payload').notNullable();
        t.text('prev_hash').notNullable();
        t.text('hash').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['kind', 'reference']);
      });
      await s().createTable('journal_head', (t) => {
        t.smallint('id').primary();
        t.bigInteger('seq').notNullable();
        t.text('prev_hash').notNullable();
        t.text('hash').notNullable();
      });
      await knex.raw(`insert into ??.journal_head (id, seq, prev_hash, hash) values (1, 0, '', repeat('0', 64))`, [schema]);
    },
  },
  '008_refunds': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // A refund is its own record linked to the sale; the sale stays as it was.
      await s().createTable('refunds', (t) => {
        t.uuid('id').primary();
        t.integer('sale_id').notNullable().references('id').inTable(`${schema}.sales`);
        t.integer('event_id').notNullable().references('id').inTable(`${schema}.events`);
        t.integer('checkout_id').notNullable().references('id').inTable(`${schema}.checkouts`);
        // The till session the money left (cash out of the till, card refund noted).
        t.integer('session_id').references('id').inTable(`${schema}.till_sessions`);
        t.integer('amount_cents').notNullable();
        t.smallint('payment_mode').notNullable();
        t.text('reason').notNullable();
        // Raffle ticket numbers and gift-basket bets voided by this refund.
        t.specificType('voided_tickets', 'int[]').notNullable().defaultTo('{}');
        t.jsonb('voided_bets').notNullable().defaultTo('[]');
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['sale_id']);
        t.index(['session_id']);
      });
      await knex.raw('alter table ??.refunds add constraint refunds_mode check (payment_mode in (1, 2, 3))', [schema]);
      await knex.raw('alter table ??.refunds add constraint refunds_amount check (amount_cents > 0)', [schema]);
      await s().createTable('refund_lines', (t) => {
        t.uuid('refund_id').notNullable().references('id').inTable(`${schema}.refunds`).onDelete('CASCADE');
        t.integer('position').notNullable();
        t.integer('product_id').notNullable();
        t.text('name').notNullable();
        t.integer('category_id');
        t.text('category_name').notNullable();
        t.text('kind').notNullable();
        t.integer('unit_price_cents').notNullable();
        t.integer('quantity').notNullable();
        t.integer('total_cents').notNullable();
        t.primary(['refund_id', 'position']);
      });
      // Roles given per account in the register domain: « responsable de caisse » may refund.
      await s().createTable('register_rights', (t) => {
        t.text('user_id').notNullable();
        t.text('right').notNullable();
        t.primary(['user_id', 'right']);
      });
    },
  },
  '012_dashboard_indexes': {
    async up(knex) {
      // The live dashboard reads an event's sales by time: the older ones once (an
      // index-only pass by register, hour and mode), the recent ones at each refresh.
      await knex.raw(
        'create index if not exists sales_dashboard on ??.sales (event_id, created_at) include (checkout_id, payment_mode, total_cents, paid_cents)',
        [schema],
      );
      // Sales put on hold (few): what was paid on them, read at each refresh.
      await knex.raw(
        'create index if not exists sales_on_hold on ??.sales (event_id) include (paid_cents, total_cents, settled_at) where payment_mode = 99',
        [schema],
      );
      await knex.raw('create index if not exists refunds_event on ??.refunds (event_id)', [schema]);
    },
  },
  '010_till_more': {
    async up(knex) {
      // The closing and the Z report read a session's payments.
      await knex.raw('create index if not exists payments_session on ??.payments (session_id)', [schema]);
    },
  },
  '009_bingo_cartons': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // Loto cartons sold at the register like raffle tickets: a category of kind `bingo` per night.
      await knex.raw('alter table ??.categories drop constraint categories_kind', [schema]);
      await knex.raw(
        `alter table ??.categories add constraint categories_kind check (kind in ('product', 'raffle', 'giftbasket', 'bingo'))`,
        [schema],
      );
      await s().alterTable('categories', (t) => {
        t.integer('bingo_id').unique();
      });
      // Read model of `bingo.configured`: what the register sells of each loto night.
      await s().createTable('bingos', (t) => {
        t.integer('id').primary();
        t.integer('event_id');
        t.text('name').notNullable();
        t.integer('total_cartons').notNullable().defaultTo(0);
        t.jsonb('tiers').notNullable();
        t.boolean('sales_open').notNullable().defaultTo(true);
        t.integer('category_id').notNullable().references('id').inTable(`${schema}.categories`);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      // A last line of defence behind the bingo service's claims: never two sales of one carton.
      await s().createTable('sale_cartons', (t) => {
        t.integer('sale_id').notNullable().references('id').inTable(`${schema}.sales`).onDelete('CASCADE');
        t.integer('bingo_id').notNullable();
        t.integer('carton_number').notNullable();
        t.unique(['bingo_id', 'carton_number'], { indexName: 'sale_cartons_unique' });
        t.index(['sale_id']);
      });
    },
  },
  '016_idempotency_lease': {
    async up(knex) {
      // Short idempotency leases (src/idempotency.ts) are safe because a key is completed
      // once only — whatever completes it (a command's transaction, the sale's one statement), a
      // second completion is refused and rolls its whole statement (its sale) back.
      await knex.raw(`
        create or replace function ${schema}.idempotency_keys_complete_once() returns trigger language plpgsql as $fn$
        begin
          raise exception 'idempotency key already completed' using errcode = 'P0001';
        end
        $fn$`);
      await knex.raw(`
        create trigger idempotency_keys_complete_once before update on ${schema}.idempotency_keys
        for each row when (old.state = 'done') execute function ${schema}.idempotency_keys_complete_once()`);
    },
  },
  '017_bingo_refund_cartons': {
    async up(knex) {
      // Loto cartons voided by a refund: like raffle tickets, never back on sale.
      await knex.raw(`alter table ??.refunds add column voided_cartons int[] not null default '{}'`, [schema]);
    },
  },
  '018_sealed_journal_key': {
    async up(knex) {
      // The sales journal's HMAC key when no JOURNAL_HMAC_KEY is given (the embedded install), sealed
      // with KERMESSE_SECRET_KEY (@kermesse/kit/secrets): one row, never plain.
      await knex.schema.withSchema(schema).createTable('journal_key', (t) => {
        t.integer('id').primary().checkIn(['1'], 'journal_key_single_row');
        t.text('sealed').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
  },
  '040_till_law_unalterable': {
    async up(knex) {
      // docs/compliance/conditions.md §1 (inaltérabilité): a recorded sale, line, payment, refund,
      // closing or journal record is never updated nor deleted — the database refuses it, whatever
      // client sends it; a correction is a new record (a refund, a cancellation) that says why.
      await knex.raw(`
        create or replace function ${schema}.refuse_alteration() returns trigger language plpgsql as $fn$
        begin
          raise exception 'Enregistrement inaltérable : la table « % » n''accepte ni modification ni suppression (%). Corrigez par un nouvel enregistrement.', tg_table_name, lower(tg_op)
            using errcode = 'P0001', hint = 'docs/compliance/conditions.md §1';
        end
        $fn$`);
      const frozen = ['journal', 'sale_lines', 'payments', 'refunds', 'refund_lines', 'sale_tickets', 'sale_bets', 'sale_cartons'];
      for (const table of frozen) {
        await knex.raw(`create trigger ${table}_unalterable before update or delete on ${schema}.${table}
          for each row execute function ${schema}.refuse_alteration()`);
      }
      // A sale on hold is paid later (docs/spec.md §4): only what it has been paid, when it was
      // settled and its payment status move, and only forward; everything the journal recorded stays.
      await knex.raw(`
        create or replace function ${schema}.sales_unalterable() returns trigger language plpgsql as $fn$
        begin
          if tg_op = 'UPDATE'
             and (to_jsonb(new) - 'paid_cents' - 'settled_at' - 'payment_status') = (to_jsonb(old) - 'paid_cents' - 'settled_at' - 'payment_status')
             and new.paid_cents >= old.paid_cents
             and (old.settled_at is null or new.settled_at is not distinct from old.settled_at) then
            return new;
          end if;
          raise exception 'Enregistrement inaltérable : la vente % ne peut être ni modifiée ni supprimée (%). Corrigez par un remboursement.', old.reference, lower(tg_op)
            using errcode = 'P0001', hint = 'docs/compliance/conditions.md §1';
        end
        $fn$`);
      await knex.raw(`create trigger sales_unalterable before update or delete on ${schema}.sales
        for each row execute function ${schema}.sales_unalterable()`);
      // A till session is written twice: at its opening, then once at its closing (the Z report);
      // after that it never changes, and its opening never does.
      await knex.raw(`
        create or replace function ${schema}.till_sessions_unalterable() returns trigger language plpgsql as $fn$
        begin
          if tg_op = 'UPDATE' and old.closed_at is null
             and (new.id, new.checkout_id, new.event_id, new.float_cash_cents, new.automatic, new.opened_by, new.opened_at)
                 is not distinct from (old.id, old.checkout_id, old.event_id, old.float_cash_cents, old.automatic, old.opened_by, old.opened_at) then
            return new;
          end if;
          raise exception 'Enregistrement inaltérable : la session de caisse % ne peut être ni modifiée ni supprimée une fois clôturée (%).', old.id, lower(tg_op)
            using errcode = 'P0001', hint = 'docs/compliance/conditions.md §1';
        end
        $fn$`);
      await knex.raw(`create trigger till_sessions_unalterable before update or delete on ${schema}.till_sessions
        for each row execute function ${schema}.till_sessions_unalterable()`);
      // TRUNCATE skips row triggers: refuse it as a statement.
      for (const table of [...frozen, 'sales', 'till_sessions']) {
        await knex.raw(`create trigger ${table}_no_truncate before truncate on ${schema}.${table}
          for each statement execute function ${schema}.refuse_alteration()`);
      }
    },
  },
  '041_till_law_closings_archives_log': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      // docs/compliance/conditions.md §2: the key pair that signs closings and archives, made once;
      // the private key sealed with KERMESSE_SECRET_KEY (@kermesse/kit/secrets), the public one published.
      await s().createTable('till_signing_key', (t) => {
        t.integer('id').primary().checkIn(['1'], 'till_signing_key_single_row');
        t.text('key_id').notNullable();
        t.text('public_key').notNullable();
        t.text('private_key').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      // Daily, monthly and yearly closings per register and for the association, one chain, each signed.
      await s().createTable('closings', (t) => {
        t.bigInteger('seq').primary();
        t.text('kind').notNullable();
        t.text('scope').notNullable();
        t.integer('checkout_id').references('id').inTable(`${schema}.checkouts`);
        t.date('period_start').notNullable();
        t.date('period_end').notNullable();
        // The exact signed text; hash = its SHA-256; the chain runs through prev_hash.
        t.text('payload').notNullable();
        t.text('prev_hash').notNullable();
        t.text('hash').notNullable();
        t.text('signature').notNullable();
        t.text('key_id').notNullable();
        t.timestamp('closed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(`alter table ??.closings add constraint closings_kind check (kind in ('day', 'month', 'year'))`, [schema]);
      await knex.raw(`alter table ??.closings add constraint closings_scope check (scope in ('register', 'association'))`, [schema]);
      await knex.raw('create unique index closings_period on ??.closings (kind, scope, coalesce(checkout_id, 0), period_start)', [schema]);
      // docs/compliance/conditions.md §3: signed archives, per closed month and on demand.
      await s().createTable('archives', (t) => {
        t.increments('id').primary();
        t.text('kind').notNullable();
        t.date('period_start').notNullable();
        t.date('period_end').notNullable();
        t.text('file_name').notNullable();
        t.text('sha256').notNullable();
        t.integer('size').notNullable();
        t.binary('content').notNullable();
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(`alter table ??.archives add constraint archives_kind check (kind in ('month', 'on-demand'))`, [schema]);
      await knex.raw(`create unique index archives_month on ??.archives (period_start) where kind = 'month'`, [schema]);
      // docs/compliance/conditions.md §5: the technical event log, chained like the sales journal.
      await s().createTable('event_log', (t) => {
        t.bigInteger('seq').primary();
        t.text('kind').notNullable();
        t.text('actor').notNullable();
        t.text('summary').notNullable();
        t.text('payload').notNullable();
        t.text('prev_hash').notNullable();
        t.text('hash').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
        t.index(['kind']);
      });
      await s().createTable('event_log_head', (t) => {
        t.smallint('id').primary();
        t.bigInteger('seq').notNullable();
        t.text('hash').notNullable();
      });
      await knex.raw(`insert into ??.event_log_head (id, seq, hash) values (1, 0, repeat('0', 64))`, [schema]);
      for (const table of ['closings', 'archives', 'event_log']) {
        await knex.raw(`create trigger ${table}_unalterable before update or delete on ${schema}.${table}
          for each row execute function ${schema}.refuse_alteration()`);
        await knex.raw(`create trigger ${table}_no_truncate before truncate on ${schema}.${table}
          for each statement execute function ${schema}.refuse_alteration()`);
      }
    },
  },
  // Every category is written with its event (back office, raffles, gift baskets, loto nights, demo):
  // the ones an older version left without one are given theirs once here, so that reading the
  // back office's lists writes nothing.
  '042_categories_own_event': {
    async up(knex) {
      const owner = `coalesce(
          (select r.event_id from ??.raffles r where r.category_id = c.id limit 1),
          (select g.event_id from ??.gift_baskets g where g.category_id = c.id limit 1),
          (select b.event_id from ??.bingos b where b.id = c.bingo_id),
          (select min(k.event_id) from ??.products p join ??.checkout_products cp on cp.product_id = p.id
             join ??.checkouts k on k.id = cp.checkout_id where p.category_id = c.id))`;
      await knex.raw(
        `update ??.categories c set event_id = ${owner}
         where c.event_id is null and exists (select 1 from ??.events e where e.id = ${owner})`,
        [schema, schema, schema, schema, schema, schema, schema, schema, schema, schema, schema, schema, schema, schema],
      );
    },
  },
  '051_drawer_openings': {
    async up(knex) {
      // « Ouvrir le tiroir » outside a sale: who opened the cash drawer of which register, and when (docs/printing.md §5).
      await knex.schema.withSchema(schema).createTable('drawer_openings', (t) => {
        t.increments('id').primary();
        t.integer('checkout_id').notNullable().references('id').inTable(`${schema}.checkouts`).onDelete('CASCADE');
        t.text('opened_by').notNullable();
        t.text('opened_by_email').notNullable();
        t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['checkout_id', 'opened_at']);
      });
    },
  },
  '070_erase_after_export': {
    async up(knex) {
      // docs/hosting-portability.md: the one way the till law's records go — the host console erases
      // an association after handing it its export. The erase runs as the tables' owner, in one
      // transaction that names that association in `kermesse.erasing` (ERASE_SETTING of the kit):
      // a DELETE of its rows passes then, and only then. The run-time role may set the setting too,
      // but it is not the owner (nor has it DELETE on these tables): still refused.
      const erasing = `tg_op = 'DELETE' and tg_level = 'ROW'`;
      const allowed = `current_setting('kermesse.erasing', true) = old.association_id::text
               and current_user = (select pg_get_userbyid(c.relowner) from pg_class c where c.oid = tg_relid)`;
      await knex.raw(`
        create or replace function ${schema}.refuse_alteration() returns trigger language plpgsql as $fn$
        begin
          if ${erasing} then
            if ${allowed} then return old; end if;
          end if;
          raise exception 'Enregistrement inaltérable : la table « % » n''accepte ni modification ni suppression (%). Corrigez par un nouvel enregistrement.', tg_table_name, lower(tg_op)
            using errcode = 'P0001', hint = 'docs/compliance/conditions.md §1';
        end
        $fn$`);
      await knex.raw(`
        create or replace function ${schema}.sales_unalterable() returns trigger language plpgsql as $fn$
        begin
          if ${erasing} then
            if ${allowed} then return old; end if;
          end if;
          if tg_op = 'UPDATE'
             and (to_jsonb(new) - 'paid_cents' - 'settled_at' - 'payment_status') = (to_jsonb(old) - 'paid_cents' - 'settled_at' - 'payment_status')
             and new.paid_cents >= old.paid_cents
             and (old.settled_at is null or new.settled_at is not distinct from old.settled_at) then
            return new;
          end if;
          raise exception 'Enregistrement inaltérable : la vente % ne peut être ni modifiée ni supprimée (%). Corrigez par un remboursement.', old.reference, lower(tg_op)
            using errcode = 'P0001', hint = 'docs/compliance/conditions.md §1';
        end
        $fn$`);
      await knex.raw(`
        create or replace function ${schema}.till_sessions_unalterable() returns trigger language plpgsql as $fn$
        begin
          if ${erasing} then
            if ${allowed} then return old; end if;
          end if;
          if tg_op = 'UPDATE' and old.closed_at is null
             and (new.id, new.checkout_id, new.event_id, new.float_cash_cents, new.automatic, new.opened_by, new.opened_at)
                 is not distinct from (old.id, old.checkout_id, old.event_id, old.float_cash_cents, old.automatic, old.opened_by, old.opened_at) then
            return new;
          end if;
          raise exception 'Enregistrement inaltérable : la session de caisse % ne peut être ni modifiée ni supprimée une fois clôturée (%).', old.id, lower(tg_op)
            using errcode = 'P0001', hint = 'docs/compliance/conditions.md §1';
        end
        $fn$`);
    },
  },
  /**
   * Hosting (docs/keys-per-association.md, docs/compliance/conditions.md): every key two associations
   * could both hold is made per association. Each association has its own sales journal, event log
   * and chain of closings (their numbers start at 1 for each, their head rows are made at their first
   * record), its own journal key and signing key, settings, meal deals, idempotency keys, rights,
   * simulated readers and stock alerts; a sale reference, an e-mail, a raffle, gift basket or loto
   * night (ids handed out by other services, kept as an import brings them) are unique within it.
   * Keys made of ids this schema's own sequences hand out (sales, refunds, events…) are unique across
   * associations already and stay as they are.
   */
  '071_keys_per_association': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      const primary = (table: string, columns: string) =>
        knex.raw(`alter table ??.?? drop constraint ??, add primary key (association_id, ${columns})`, [schema, table, `${table}_pkey`]);
      const unique = (table: string, old: string, columns: string) =>
        knex.raw(`alter table ??.?? drop constraint ??, add constraint ?? unique (association_id, ${columns})`, [schema, table, old, old]);
      const uniqueIndex = (name: string, table: string, columns: string, where = '') =>
        knex
          .raw('drop index ??.??', [schema, name])
          .then(() => knex.raw(`create unique index ?? on ??.?? (association_id, ${columns}) ${where}`, [name, schema, table]));
      // The chains and their heads: `id = 1` (journal_key's, till_signing_key's checks) now means one per association.
      await primary('journal', 'seq');
      await primary('journal_head', 'id');
      await primary('journal_key', 'id');
      await primary('event_log', 'seq');
      await primary('event_log_head', 'id');
      await primary('closings', 'seq');
      await primary('till_signing_key', 'id');
      await uniqueIndex('closings_period', 'closings', 'kind, scope, coalesce(checkout_id, 0), period_start');
      await uniqueIndex('archives_month', 'archives', 'period_start', "where kind = 'month'");
      // Keys chosen by people or clients.
      await primary('settings', 'key');
      await primary('idempotency_keys', 'user_id, scope, key');
      await primary('register_rights', 'user_id, "right"');
      await primary('simulated_readers', 'id');
      await uniqueIndex('persons_email', 'persons', 'lower(email)', 'where email is not null');
      await unique('sales', 'sales_reference_unique', 'reference');
      await unique('checkouts', 'checkouts_event_id_name_unique', 'event_id, name');
      await primary('event_meal_deals', 'event_id');
      // Ids of the other services, and the rows keyed by them.
      await unique('categories', 'categories_raffle_id_unique', 'raffle_id');
      await unique('categories', 'categories_gift_basket_id_unique', 'gift_basket_id');
      await unique('categories', 'categories_bingo_id_unique', 'bingo_id');
      await unique('products', 'products_category_id_tier_nb_unique', 'category_id, tier_nb');
      await primary('stock_alerts', 'event_id, product_id');
      await primary('sale_tickets', 'raffle_id, number');
      await primary('sale_bets', 'gift_basket_id, type_id, weight');
      await unique('sale_cartons', 'sale_cartons_unique', 'bingo_id, carton_number');
    },
  },
  // New migrations go above this line, each helper with its own number (009 bingo cartons, 010 till, 011 refunds).
  /**
   * A product's barcode (EAN-13, EAN-8 or UPC-A), found by a scanner at the register (docs/gate.md §5).
   * Unique among one event's products, which the back office checks (an event's products are reached
   * through their categories); the index serves the look-up, per association.
   */
  '060_product_ean': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      await knex.schema.withSchema(schema).alterTable('products', (t) => {
        t.text('ean');
      });
      await knex.raw('create index products_ean on ??.products (association_id, ean) where ean is not null', [schema]);
    },
  },
};
