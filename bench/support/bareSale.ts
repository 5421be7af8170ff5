/**
 * The yardstick of `npm run bench register`: what the database alone allows. CLIENTS clients each run,
 * one after the other, one bare Postgres statement writing the rows a cash sale writes — the sale, its
 * three lines, its payment and its `sale.completed` outbox row (services/register repositories/sales.ts
 * `writeSale`, less the till session, the journal and the idempotent answer) — with synchronous commit,
 * in a scratch schema created for the run and dropped after it. No HTTP, no pricing, no validation:
 * the sales/s of Kermesse divided by this rate is the share of the database's capacity it reaches.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createDb } from '@kermesse/kit/db';

const SCHEMA_DDL = (schema: string) => [
  `create schema "${schema}"`,
  `create table "${schema}".sales (
     id bigserial primary key, reference text not null unique, event_id int not null, checkout_id int not null,
     total_cents int not null, paid_cents int not null, payment_mode int not null, payment_status int not null,
     created_by text not null, created_at timestamptz not null)`,
  `create table "${schema}".sale_lines (
     sale_id bigint not null references "${schema}".sales(id), position int not null, product_id int not null,
     name text not null, unit_price_cents int not null, quantity int not null, total_cents int not null,
     primary key (sale_id, position))`,
  `create table "${schema}".payments (
     id bigserial primary key, sale_id bigint not null references "${schema}".sales(id), method text not null,
     amount_cents int not null, reference text, created_at timestamptz not null)`,
  `create table "${schema}".outbox (
     id uuid primary key, type text not null, envelope jsonb not null, occurred_at timestamptz not null)`,
];

const WRITE = (schema: string) => `
with cfg as (
  -- The server's default may be relaxed on a test machine: this yardstick waits for the flush, as a sale does.
  select set_config('synchronous_commit', 'on', true) as v
), s as (
  insert into "${schema}".sales (reference, event_id, checkout_id, total_cents, paid_cents, payment_mode, payment_status, created_by, created_at)
  values (:reference, 1, 1, 550, 550, 2, 1, 'bench', now()) returning id
), l as (
  insert into "${schema}".sale_lines (sale_id, position, product_id, name, unit_price_cents, quantity, total_cents)
  select s.id, x.position, x.product_id, x.name, x.price, 1, x.price
  from s, (values (0, 11, 'Hot-dog', 250), (1, 12, 'Soda 33 cl', 150), (2, 13, 'Crêpe au sucre', 150))
          as x(position, product_id, name, price)
), p as (
  insert into "${schema}".payments (sale_id, method, amount_cents, reference, created_at) select s.id, 'ESP', 550, '10', now() from s
)
insert into "${schema}".outbox (id, type, envelope, occurred_at)
select :eventId, 'sale.completed', jsonb_build_object('saleId', s.id, 'reference', :reference::text, 'totalCents', 550), now() from s, cfg`;

export interface BareFigures {
  /** Statements committed per second. */
  rate: number;
  statements: number;
}

/** Runs the bare statement from `clients` clients for `durationS` seconds (after a 1 s warm-up) on `databaseUrl`. */
export async function measureBareSale(databaseUrl: string, clients: number, durationS: number): Promise<BareFigures> {
  const schema = `bench_bare_${randomBytes(4).toString('hex')}`;
  const db = createDb(databaseUrl, { poolMax: clients });
  try {
    for (const ddl of SCHEMA_DDL(schema)) await db.raw(ddl);
    const sql = WRITE(schema);
    const client = async (until: number): Promise<number> => {
      let n = 0;
      while (performance.now() < until) {
        // One statement, one transaction, one round trip.
        await db.raw(sql, { reference: randomBytes(8).toString('hex'), eventId: randomUUID() });
        n += 1;
      }
      return n;
    };
    const run = async (seconds: number) => {
      const counts = await Promise.all(Array.from({ length: clients }, () => client(performance.now() + seconds * 1000)));
      return counts.reduce((a, b) => a + b, 0);
    };
    await run(1);
    const began = performance.now();
    const statements = await run(durationS);
    return { rate: statements / ((performance.now() - began) / 1000), statements };
  } finally {
    await db.raw(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await db.destroy();
  }
}
