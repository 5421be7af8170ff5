import type { ServiceMigrations } from '@kermesse/kit/db';
import { addAssociationColumns, CURRENT_ASSOCIATION_SQL } from '@kermesse/kit/tenancy';

export const schema = 'raffle';

/**
 * The raffle service's schema: raffles (tiers, prizes, tickets, drawing) and gift baskets (tiers,
 * basket types, bets, weighing), the ticket claims made by the registers, and a read model of the
 * register's events. Money is in integer cents; weights in whole grams.
 */
export const migrations: ServiceMigrations['migrations'] = {
  '001_raffles_and_gift_baskets': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);

      // Read model of `catalog.event.created` (the register owns events).
      await s().createTable('events', (t) => {
        t.integer('id').primary();
        t.text('name').notNullable();
        t.date('starts_on');
        t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });

      await s().createTable('raffles', (t) => {
        t.increments('id').primary();
        // Null until the event is known (demo data waits for the register's event by name).
        t.integer('event_id');
        t.text('awaiting_event_name');
        t.text('name').notNullable();
        t.integer('total_tickets').notNullable();
        t.timestamp('sales_closed_at', { useTz: true });
        // Verifiable drawing: the seed stays secret until the drawing (see src/drawing/derive.ts).
        t.text('seed_hex');
        t.text('commitment');
        t.text('tickets_hash');
        t.specificType('committed_tickets', 'integer[]');
        t.timestamp('drawn_at', { useTz: true });
        t.jsonb('drawn_prizes');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        `alter table ??.raffles add constraint raffles_total_positive check (total_tickets >= 1),
        add constraint raffles_event_known check (event_id is not null or awaiting_event_name is not null)`,
        [schema],
      );

      await s().createTable('raffle_tiers', (t) => {
        t.integer('raffle_id').notNullable().references('id').inTable(`${schema}.raffles`).onDelete('CASCADE');
        t.integer('position').notNullable();
        t.integer('nb').notNullable();
        t.integer('price_cents').notNullable();
        t.primary(['raffle_id', 'position']);
        t.unique(['raffle_id', 'nb']);
        t.unique(['raffle_id', 'price_cents']);
      });
      await knex.raw('alter table ??.raffle_tiers add constraint raffle_tiers_values check (nb >= 1 and price_cents >= 0)', [schema]);

      await s().createTable('prizes', (t) => {
        t.increments('id').primary();
        t.integer('raffle_id').notNullable().references('id').inTable(`${schema}.raffles`).onDelete('CASCADE');
        t.text('name').notNullable();
        t.integer('rank').notNullable();
        t.integer('price_cents').notNullable().defaultTo(0);
        t.integer('cost_cents').notNullable().defaultTo(0);
        t.text('provider').notNullable().defaultTo('');
        t.integer('quantity').notNullable().defaultTo(1);
        t.boolean('alcohol').notNullable().defaultTo(false);
        t.text('illustration');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['raffle_id', 'rank']);
      });
      await knex.raw(
        `alter table ??.prizes add constraint prizes_values check
        (rank > 0 and price_cents >= 0 and cost_cents >= 0 and quantity >= 0)`,
        [schema],
      );

      // One row per claim made by a register for a sale being created (docs/platform.md).
      await s().createTable('claims', (t) => {
        t.uuid('claim_id').primary();
        t.text('fingerprint').notNullable();
        t.text('status').notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.integer('sale_id');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('settled_at', { useTz: true });
      });
      await knex.raw(`alter table ??.claims add constraint claims_status check (status in ('held', 'confirmed', 'released', 'expired'))`, [
        schema,
      ]);

      // A ticket number exists at most once per raffle: held by a claim, or sold to a buyer.
      await s().createTable('tickets', (t) => {
        t.integer('raffle_id').notNullable().references('id').inTable(`${schema}.raffles`).onDelete('CASCADE');
        t.integer('number').notNullable();
        t.text('status').notNullable();
        t.uuid('claim_id');
        t.timestamp('expires_at', { useTz: true });
        t.integer('sale_id');
        t.text('sale_reference');
        t.integer('person_id');
        t.text('firstname');
        t.text('lastname');
        t.text('email');
        t.text('phone');
        t.timestamp('sold_at', { useTz: true });
        t.primary(['raffle_id', 'number']);
        t.index(['claim_id']);
      });
      await knex.raw(`alter table ??.tickets add constraint tickets_values check (number >= 1 and status in ('held', 'sold'))`, [schema]);

      // What each sale paid for each raffle's tickets (the organiser's revenue panel).
      await s().createTable('raffle_sales', (t) => {
        t.integer('sale_id').notNullable();
        t.integer('raffle_id').notNullable().references('id').inTable(`${schema}.raffles`).onDelete('CASCADE');
        t.text('reference').notNullable();
        t.integer('tickets').notNullable();
        t.integer('revenue_cents').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['sale_id', 'raffle_id']);
      });

      // A completed sale naming a number that another sale already holds (only after a long outage).
      await s().createTable('sale_conflicts', (t) => {
        t.increments('id').primary();
        t.integer('sale_id').notNullable();
        t.text('reference').notNullable();
        t.text('kind').notNullable();
        t.jsonb('detail').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });

      await s().createTable('drawing_winners', (t) => {
        t.integer('raffle_id').notNullable().references('id').inTable(`${schema}.raffles`).onDelete('CASCADE');
        t.integer('position').notNullable();
        t.integer('prize_id').notNullable().references('id').inTable(`${schema}.prizes`);
        t.integer('number').notNullable();
        t.primary(['raffle_id', 'position']);
        // Each ticket wins at most once.
        t.unique(['raffle_id', 'number']);
      });

      await s().createTable('gift_baskets', (t) => {
        t.increments('id').primary();
        t.integer('event_id');
        t.text('awaiting_event_name');
        t.text('name').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        'alter table ??.gift_baskets add constraint gift_baskets_event_known check (event_id is not null or awaiting_event_name is not null)',
        [schema],
      );

      await s().createTable('gift_basket_tiers', (t) => {
        t.integer('gift_basket_id').notNullable().references('id').inTable(`${schema}.gift_baskets`).onDelete('CASCADE');
        t.integer('position').notNullable();
        t.integer('nb').notNullable();
        t.integer('price_cents').notNullable();
        t.primary(['gift_basket_id', 'position']);
        t.unique(['gift_basket_id', 'nb']);
        t.unique(['gift_basket_id', 'price_cents']);
      });
      await knex.raw('alter table ??.gift_basket_tiers add constraint gift_basket_tiers_values check (nb >= 1 and price_cents >= 0)', [
        schema,
      ]);

      // The baskets to win (the spec « gift basket type »: name and value); each is weighed on its own.
      await s().createTable('gift_basket_types', (t) => {
        t.increments('id').primary();
        t.integer('gift_basket_id').notNullable().references('id').inTable(`${schema}.gift_baskets`).onDelete('CASCADE');
        t.text('name').notNullable();
        t.integer('price_cents').notNullable().defaultTo(0);
        t.integer('real_weight');
        t.timestamp('weighed_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw(
        'alter table ??.gift_basket_types add constraint gift_basket_types_values check (price_cents >= 0 and (real_weight is null or real_weight >= 1))',
        [schema],
      );

      // A weight is sold at most once per gift basket, whatever the type (docs/spec.md §5 « Ce poids a déjà été choisi »).
      await s().createTable('bets', (t) => {
        t.integer('gift_basket_id').notNullable().references('id').inTable(`${schema}.gift_baskets`).onDelete('CASCADE');
        t.integer('weight').notNullable();
        t.integer('type_id').notNullable().references('id').inTable(`${schema}.gift_basket_types`);
        t.text('status').notNullable();
        t.uuid('claim_id');
        t.timestamp('expires_at', { useTz: true });
        t.integer('sale_id');
        t.text('sale_reference');
        t.integer('person_id');
        t.text('firstname');
        t.text('lastname');
        t.text('email');
        t.text('phone');
        t.timestamp('sold_at', { useTz: true });
        t.bigIncrements('seq', { primaryKey: false });
        t.primary(['gift_basket_id', 'weight']);
        t.index(['claim_id']);
        t.index(['type_id']);
      });
      await knex.raw(`alter table ??.bets add constraint bets_values check (weight >= 1 and status in ('held', 'sold'))`, [schema]);

      await s().createTable('gift_basket_sales', (t) => {
        t.integer('sale_id').notNullable();
        t.integer('gift_basket_id').notNullable().references('id').inTable(`${schema}.gift_baskets`).onDelete('CASCADE');
        t.text('reference').notNullable();
        t.integer('bets').notNullable();
        t.integer('revenue_cents').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['sale_id', 'gift_basket_id']);
      });
    },
  },
  // Numbers reserved in advance for one register, so it can sell them offline; a number
  // in a block is offered to no other register and claimed only by its own (blocks/ in src).
  '003_ticket_blocks': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('ticket_blocks', (t) => {
        t.integer('raffle_id').notNullable().references('id').inTable(`${schema}.raffles`).onDelete('CASCADE');
        t.integer('number').notNullable();
        t.integer('checkout_id').notNullable();
        t.timestamp('reserved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['raffle_id', 'number']);
        t.index(['raffle_id', 'checkout_id']);
      });
    },
  },
  /**
   * Which raffle the pre-sale page, the home banner and the public results show, and the
   * banner's words (one row per installation); the events already filled from a duplicated one
   * (a copy is made exactly once per new event).
   */
  '002_featured_raffle_and_event_copies': {
    async up(knex) {
      const s = () => knex.schema.withSchema(schema);
      await s().createTable('featured_raffle', (t) => {
        t.smallint('id').primary().defaultTo(1);
        t.integer('raffle_id').references('id').inTable(`${schema}.raffles`).onDelete('SET NULL');
        t.boolean('banner_shown').notNullable().defaultTo(false);
        t.text('banner_title').notNullable().defaultTo('');
        t.text('banner_text').notNullable().defaultTo('');
        // Changes whenever the banner changes, so a visitor who dismissed the old one sees the new one.
        t.text('banner_key').notNullable().defaultTo('');
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.raw('alter table ??.featured_raffle add constraint featured_raffle_single check (id = 1)', [schema]);

      await s().createTable('event_copies', (t) => {
        t.integer('event_id').primary();
        t.integer('source_event_id').notNullable();
        t.integer('raffles').notNullable();
        t.integer('gift_baskets').notNullable();
        t.timestamp('copied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
  },
  // A refunded ticket or bet is voided, never back on sale (the buyer may keep the stub; a
  // number sold twice would make the drawing ambiguous): it stays sold, marked voided, and the
  // drawing and the basket weighing leave it out.
  '004_refund_voids': {
    async up(knex) {
      for (const table of ['tickets', 'bets']) {
        await knex.schema.withSchema(schema).alterTable(table, (t) => {
          t.timestamp('voided_at', { useTz: true });
          t.uuid('voided_by_refund');
        });
      }
    },
  },
  // What refunds gave back of each raffle's (gift basket's) revenue, so the organiser's
  // figures count what was kept (`sale.refunded`, one row per refund and raffle or basket).
  '005_refund_revenue': {
    async up(knex) {
      await knex.schema.withSchema(schema).createTable('refund_revenue', (t) => {
        t.uuid('refund_id').notNullable();
        t.text('kind').notNullable();
        t.integer('owner_id').notNullable();
        t.integer('sale_id').notNullable();
        t.integer('count').notNullable();
        t.integer('refund_cents').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['refund_id', 'kind', 'owner_id']);
        t.index(['kind', 'owner_id']);
      });
      await knex.raw("alter table ??.refund_revenue add constraint refund_revenue_kind check (kind in ('raffle', 'giftbasket'))", [schema]);
    },
  },
  /**
   * Hosting (docs/keys-per-association.md): the featured raffle and its banner are each association's
   * own, one row per association (created when it first chooses). Every other key holds ids the
   * database hands out (raffles, baskets, sales, claims, refunds, the register's events): never the
   * same in two associations.
   */
  '006_keys_per_association': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      await knex.raw('alter table ??.featured_raffle drop constraint featured_raffle_pkey, add primary key (association_id, id)', [schema]);
    },
  },
  /**
   * Pre-sold tickets checked at the gate (docs/gate.md): each association's Ed25519 signing key (made
   * the first time a pass is issued), the passes, and every scan — a scan made offline arrives later
   * with its own time and phone, and is kept even when it finds the pass already used.
   */
  '060_gate_passes': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      const s = () => knex.schema.withSchema(schema);
      const association = knex.raw(CURRENT_ASSOCIATION_SQL);
      await s().createTable('gate_keys', (t) => {
        // One key per association: the association is the key of the row.
        t.uuid('association_id').primary().defaultTo(association);
        t.text('public_key').notNullable();
        // PKCS#8, sealed with KERMESSE_SECRET_KEY when one is configured (kit/secrets).
        t.text('private_key').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await s().createTable('gate_passes', (t) => {
        t.uuid('id').primary();
        t.uuid('association_id').notNullable().defaultTo(association);
        t.integer('event_id').notNullable();
        t.text('holder').notNullable();
        t.text('label').notNullable().defaultTo('');
        t.integer('quantity').notNullable().defaultTo(1);
        t.text('issued_by').notNullable();
        t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('used_at', { useTz: true });
        t.text('used_device');
        t.text('used_by');
        t.index(['association_id', 'event_id']);
      });
      await knex.raw('alter table ??.gate_passes add constraint gate_passes_quantity check (quantity between 1 and 50)', [schema]);
      await s().createTable('gate_scans', (t) => {
        t.uuid('id').primary();
        t.uuid('association_id').notNullable().defaultTo(association);
        t.uuid('pass_id').references('id').inTable(`${schema}.gate_passes`).onDelete('CASCADE');
        t.integer('event_id').notNullable();
        t.text('outcome').notNullable();
        t.timestamp('scanned_at', { useTz: true }).notNullable();
        t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.text('device').notNullable();
        t.text('scanned_by').notNullable();
        t.index(['pass_id']);
      });
    },
  },
  /**
   * A ticket sold elsewhere (a HelloAsso order item) names its source and its id there: imported
   * twice, it stays one ticket of its association (docs/gate.md §1).
   */
  '061_gate_pass_sources': {
    async up(knex) {
      await addAssociationColumns(knex, schema);
      await knex.schema.withSchema(schema).alterTable('gate_passes', (t) => {
        t.text('source');
        t.text('source_id');
      });
      await knex.raw(
        'create unique index gate_passes_source on ??.gate_passes (association_id, source, source_id) where source is not null',
        [schema],
      );
    },
  },
  /**
   * A ticket refunded where it was sold (a HelloAsso order refunded) is cancelled, never deleted: its
   * scans stay, and the gate no longer lets it in (docs/gate.md §1).
   */
  '062_gate_pass_cancellation': {
    async up(knex) {
      await knex.schema.withSchema(schema).alterTable('gate_passes', (t) => {
        t.timestamp('cancelled_at', { useTz: true });
      });
    },
  },
};
