/**
 * The dashboard's read-only queries, in cents.
 *
 * A sale never changes what it sold, where, when, for how much or in which mode once it is written
 * (refunds are their own records, the payments of a sale on hold are read apart). So the figures
 * are the sum of two parts read the same way: the sales older than a cutoff, read once and kept
 * (`readSalesPart(…, { before })`), and the recent ones, read at each request through the
 * (event_id, created_at) index (`{ from }`). Everything that does change — sales on hold and what
 * was paid on them, refunds, raffles, names — is read fresh each time; those are small.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import { DONATION_PRODUCT_ID } from '@kermesse/contracts-register';

/** A payment mode that takes money (1 cheque, 2 cash, 3 card); 99 is « on hold ». */
export type MoneyMode = 1 | 2 | 3;

export interface DashboardFigures {
  event: { id: number; name: string };
  sales: number;
  grossCents: number;
  refunds: { count: number; cents: number };
  donations: { count: number; cents: number };
  pending: { count: number; cents: number };
  byMode: Array<{ mode: MoneyMode; collectedCents: number; refundedCents: number }>;
  byCheckout: Array<{ checkoutId: number; name: string; sales: number; cents: number }>;
  byCategory: Array<{ categoryId: number | null; name: string; quantity: number; cents: number }>;
  byHour: Array<{ startsAt: string; sales: number; cents: number }>;
  topProducts: Array<{ productId: number; name: string; quantity: number; cents: number }>;
  raffles: Array<{ raffleId: number; name: string; sold: number; voided: number; total: number; cents: number }>;
  giftBaskets: Array<{ giftBasketId: number; name: string; bets: number; voided: number; cents: number }>;
  bingos: Array<{ bingoId: number; name: string; sold: number; voided: number; total: number; cents: number }>;
}

interface SalesGroup {
  checkoutId: number;
  hour: string;
  mode: number;
  n: number;
  totalCents: number;
  paidCents: number;
}
interface LineGroup {
  productId: number;
  categoryId: number | null;
  kind: string;
  donations: number;
  quantity: number;
  cents: number;
}

/** Aggregates of a set of sales: by (register, hour, mode) and by (product, category, kind). */
export interface SalesPart {
  groups: Map<string, SalesGroup>;
  lines: Map<string, LineGroup>;
  sales: number;
}

const TOP_PRODUCTS = 10;
const HOUR = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00Z"')`;
const num = (value: unknown) => Number(value ?? 0);
const groupKey = (g: { checkoutId: number; hour: string; mode: number }) => `${g.checkoutId}|${g.hour}|${g.mode}`;
const lineKey = (l: { productId: number; categoryId: number | null; kind: string }) => `${l.productId}|${l.categoryId ?? ''}|${l.kind}`;

/** The event's name, or undefined when there is no such event. */
export async function findDashboardEvent(db: Db, eventId: number): Promise<{ id: number; name: string } | undefined> {
  return db('events').where({ id: eventId }).first('id', 'name');
}

/** Events for the dashboard's chooser: current ones first (not archived, latest start first). */
export async function listDashboardEvents(
  db: Db,
): Promise<Array<{ id: number; name: string; startsOn: string | null; archived: boolean }>> {
  const rows = await db.raw(`
    select id, name, to_char(starts_on, 'YYYY-MM-DD') as starts_on, archived_at is not null as archived from events
    order by archived_at is not null, starts_on desc nulls last, id desc`);
  return (rows.rows as Array<{ id: number; name: string; starts_on: string | null; archived: boolean }>).map((e) => ({
    id: e.id,
    name: e.name,
    startsOn: e.starts_on,
    archived: e.archived,
  }));
}

/** By register, hour and mode, the sales of the event matching `condition` (on `created_at`, bound as `:at`). */
const salesSql = (condition: string) => `
  select checkout_id, ${HOUR} as hour, payment_mode, count(*)::int as n, sum(total_cents)::bigint as total, sum(paid_cents)::bigint as paid
  from sales where event_id = :eventId and ${condition}
  group by 1, 2, 3`;
/** By product, category and kind, the lines of those sales. */
const linesSql = (condition: string) => `
  select l.product_id, l.category_id, l.kind, count(*) filter (where l.product_id = ${DONATION_PRODUCT_ID})::int as donations,
         sum(l.quantity)::bigint as quantity, sum(l.total_cents)::bigint as cents
  from sales s join sale_lines l on l.sale_id = s.id
  where s.event_id = :eventId and s.${condition}
  group by 1, 2, 3`;

type SalesRow = { checkout_id: number; hour: string; payment_mode: number; n: number; total: string | number; paid: string | number };
type LinesRow = {
  product_id: number;
  category_id: number | null;
  kind: string;
  donations: number;
  quantity: string | number;
  cents: string | number;
};

function salesPartOf(salesRows: SalesRow[], lineRows: LinesRow[]): SalesPart {
  const part: SalesPart = { groups: new Map(), lines: new Map(), sales: 0 };
  for (const r of salesRows) {
    const g: SalesGroup = {
      checkoutId: r.checkout_id,
      hour: r.hour,
      mode: r.payment_mode,
      n: r.n,
      totalCents: num(r.total),
      paidCents: num(r.paid),
    };
    part.groups.set(groupKey(g), g);
    part.sales += r.n;
  }
  for (const r of lineRows) {
    const l: LineGroup = {
      productId: r.product_id,
      categoryId: r.category_id,
      kind: r.kind,
      donations: r.donations,
      quantity: num(r.quantity),
      cents: num(r.cents),
    };
    part.lines.set(lineKey(l), l);
  }
  return part;
}

/** The sales of an event created before `before` (the kept part), aggregated. */
export async function readSalesPart(db: Db, eventId: number, range: { before: Date } | { from: Date }): Promise<SalesPart> {
  const [condition, at] = 'before' in range ? ['created_at < :at', range.before] : ['created_at >= :at', range.from];
  const [salesRows, lineRows] = await Promise.all([
    db.raw(salesSql(condition), { eventId, at }),
    db.raw(linesSql(condition), { eventId, at }),
  ]);
  return salesPartOf(salesRows.rows as SalesRow[], lineRows.rows as LinesRow[]);
}

/** The two parts added up (neither is changed). */
export function addSalesParts(a: SalesPart, b: SalesPart): SalesPart {
  const sum: SalesPart = { groups: new Map(), lines: new Map(), sales: a.sales + b.sales };
  for (const part of [a, b]) {
    for (const [key, g] of part.groups) {
      const s = sum.groups.get(key);
      sum.groups.set(
        key,
        s ? { ...s, n: s.n + g.n, totalCents: s.totalCents + g.totalCents, paidCents: s.paidCents + g.paidCents } : { ...g },
      );
    }
    for (const [key, l] of part.lines) {
      const s = sum.lines.get(key);
      sum.lines.set(
        key,
        s ? { ...s, donations: s.donations + l.donations, quantity: s.quantity + l.quantity, cents: s.cents + l.cents } : { ...l },
      );
    }
  }
  return sum;
}

/**
 * A fingerprint of what the figures depend on besides the kept part: the recent sales (how many,
 * the highest id), sales on hold (what has been paid), refunds, raffle and basket read models,
 * the names of registers and categories. Every query here reads an index or a small table.
 */
export async function dashboardVersion(db: Db, eventId: number, cutoff: Date): Promise<{ version: string; eventName: string | null }> {
  const { rows } = await db.raw(
    `
    select
      (select count(*) || '.' || coalesce(max(id), 0) from sales where event_id = :eventId and created_at >= :cutoff) as recent,
      (select count(*) || '.' || coalesce(sum(paid_cents), 0) || '.' || count(settled_at) from sales where event_id = :eventId and payment_mode = 99) as held,
      (select count(*) || '.' || coalesce(sum(amount_cents), 0) from refunds where event_id = :eventId) as refunds,
      (select coalesce(max(updated_at)::text, '') || count(*) from raffles where event_id = :eventId) as raffles,
      (select coalesce(max(updated_at)::text, '') || count(*) from gift_baskets where event_id = :eventId) as baskets,
      (select coalesce(max(updated_at)::text, '') || count(*) from bingos where event_id = :eventId) as bingos,
      (select md5(coalesce(string_agg(id || name, '|' order by id), '')) from checkouts where event_id = :eventId) as checkouts,
      (select md5(coalesce(string_agg(id || name, '|' order by id), '')) from categories where event_id = :eventId) as categories,
      (select name from events where id = :eventId) as event`,
    { eventId, cutoff },
  );
  const row = rows[0] as Record<string, string | null>;
  const version = createHash('sha256')
    .update(`${eventId}|${cutoff.getTime()}|${Object.values(row).join('|')}`)
    .digest('base64url')
    .slice(0, 22);
  return { version, eventName: row.event ?? null };
}

/**
 * The recent sales and everything that may change after a sale is written, read fresh (all at once),
 * added to the kept part, then the figures assembled.
 */
export async function assembleDashboard(
  db: Db,
  event: { id: number; name: string },
  kept: SalesPart,
  cutoff: Date,
): Promise<DashboardFigures> {
  const eventId = event.id;
  // One statement (one round trip, one backend): the recent sales and every figure that may have moved.
  const json = (sql: string) => `(select coalesce(json_agg(x), '[]'::json) from (${sql}) x)`;
  const { rows } = await db.raw(
    `select
    ${json(salesSql('created_at >= :at'))} as recent_sales,
    ${json(linesSql('created_at >= :at'))} as recent_lines,
    ${json(`select count(*)::int as n, coalesce(sum(total_cents - paid_cents), 0)::bigint as remaining
            from sales where event_id = :eventId and payment_mode = 99 and settled_at is null`)} as pending,
    ${json(`select p.mode, coalesce(sum(p.amount_cents), 0)::bigint as cents
            from sales s join payments p on p.sale_id = s.id
            where s.event_id = :eventId and s.payment_mode = 99 group by p.mode`)} as held,
    ${json(`select r.checkout_id, r.payment_mode, r.amount_cents, ${HOUR.replace('created_at', 'r.created_at')} as hour,
                   s.raffle_id, s.gift_basket_id, cardinality(r.voided_tickets)::int as voided_tickets, jsonb_array_length(r.voided_bets)::int as voided_bets
            from refunds r join sales s on s.id = r.sale_id where r.event_id = :eventId`)} as refunds,
    ${json(`select rl.product_id, rl.category_id, rl.kind, count(*)::int as lines, sum(rl.quantity)::bigint as quantity, sum(rl.total_cents)::bigint as cents
            from refund_lines rl join refunds r on r.id = rl.refund_id
            where r.event_id = :eventId group by 1, 2, 3`)} as refund_lines,
    ${json('select id, name from checkouts where event_id = :eventId order by id')} as checkouts,
    ${json('select id, name from categories')} as categories,
    ${json(`select r.id, r.name, r.total_tickets, r.category_id, (select count(*) from sale_tickets t where t.raffle_id = r.id)::int as sold
            from raffles r where r.event_id = :eventId order by r.id`)} as raffles,
    ${json(`select b.id, b.name, b.category_id, (select count(*) from sale_bets t where t.gift_basket_id = b.id)::int as bets
            from gift_baskets b where b.event_id = :eventId order by b.id`)} as baskets,
    ${json(`select b.id, b.name, b.total_cartons, b.category_id,
                   (select count(*) from sale_cartons c where c.bingo_id = b.id)::int as sold,
                   (select count(*) from sale_cartons c join refunds r on r.sale_id = c.sale_id
                     where c.bingo_id = b.id and c.carton_number = any(r.voided_cartons))::int as voided
            from bingos b where b.event_id = :eventId order by b.id`)} as bingos,
    ${json('select id, name from products')} as products`,
    { eventId, at: cutoff },
  );
  const fresh = rows[0] as Record<string, unknown[]>;
  const recent = salesPartOf(fresh.recent_sales as SalesRow[], fresh.recent_lines as LinesRow[]);
  const pendingRows = { rows: fresh.pending! };
  const heldPayments = { rows: fresh.held! };
  const refundRows = { rows: fresh.refunds! };
  const refundLineRows = { rows: fresh.refund_lines! };
  const checkoutRows = fresh.checkouts!;
  const categoryRows = fresh.categories!;
  const raffleRows = { rows: fresh.raffles! };
  const basketRows = { rows: fresh.baskets! };
  const bingoRows = fresh.bingos as Array<{
    id: number;
    name: string;
    total_cartons: number;
    category_id: number;
    sold: number;
    voided: number;
  }>;
  const productRows = fresh.products!;
  const part = addSalesParts(kept, recent);
  const refunds = refundRows.rows as Array<{
    checkout_id: number;
    payment_mode: number;
    amount_cents: number;
    hour: string;
    raffle_id: number | null;
    gift_basket_id: number | null;
    voided_tickets: number;
    voided_bets: number;
  }>;
  const groups = [...part.groups.values()];

  // Money by mode: sales paid at once (their mode), payments of sales on hold (each payment's mode).
  const collected = new Map<number, number>([
    [1, 0],
    [2, 0],
    [3, 0],
  ]);
  for (const g of groups) if (g.mode !== 99) collected.set(g.mode, (collected.get(g.mode) ?? 0) + g.paidCents);
  for (const p of heldPayments.rows as Array<{ mode: number; cents: string | number }>)
    collected.set(p.mode, (collected.get(p.mode) ?? 0) + num(p.cents));
  const refunded = new Map<number, number>();
  const refundedByCheckout = new Map<number, number>();
  const refundedByHour = new Map<string, number>();
  for (const r of refunds) {
    refunded.set(r.payment_mode, (refunded.get(r.payment_mode) ?? 0) + r.amount_cents);
    refundedByCheckout.set(r.checkout_id, (refundedByCheckout.get(r.checkout_id) ?? 0) + r.amount_cents);
    refundedByHour.set(r.hour, (refundedByHour.get(r.hour) ?? 0) + r.amount_cents);
  }

  const checkoutNames = new Map((checkoutRows as Array<{ id: number; name: string }>).map((c) => [c.id, c.name]));
  const salesByCheckout = new Map<number, { n: number; cents: number }>();
  const hours = new Map<string, { sales: number; cents: number }>();
  for (const g of groups) {
    const c = salesByCheckout.get(g.checkoutId) ?? { n: 0, cents: 0 };
    salesByCheckout.set(g.checkoutId, { n: c.n + g.n, cents: c.cents + g.totalCents });
    const h = hours.get(g.hour) ?? { sales: 0, cents: 0 };
    hours.set(g.hour, { sales: h.sales + g.n, cents: h.cents + g.totalCents });
  }
  const byCheckout = [...new Set([...checkoutNames.keys(), ...salesByCheckout.keys()])].map((checkoutId) => ({
    checkoutId,
    name: checkoutNames.get(checkoutId) ?? `Caisse ${checkoutId}`,
    sales: salesByCheckout.get(checkoutId)?.n ?? 0,
    cents: (salesByCheckout.get(checkoutId)?.cents ?? 0) - (refundedByCheckout.get(checkoutId) ?? 0),
  }));
  for (const [hour, cents] of refundedByHour) {
    const h = hours.get(hour) ?? { sales: 0, cents: 0 };
    hours.set(hour, { sales: h.sales, cents: h.cents - cents });
  }
  const byHour = [...hours.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([startsAt, h]) => ({ startsAt, ...h }));

  // Lines, refunded lines subtracted.
  const lines = new Map([...part.lines].map(([key, l]) => [key, { ...l }]));
  for (const r of refundLineRows.rows as Array<{
    product_id: number;
    category_id: number | null;
    kind: string;
    lines: number;
    quantity: string | number;
    cents: string | number;
  }>) {
    const l = { productId: r.product_id, categoryId: r.category_id, kind: r.kind };
    const line = lines.get(lineKey(l)) ?? { ...l, donations: 0, quantity: 0, cents: 0 };
    line.quantity -= num(r.quantity);
    line.cents -= num(r.cents);
    if (r.product_id === DONATION_PRODUCT_ID) line.donations -= r.lines;
    lines.set(lineKey(l), line);
  }

  const categories = new Map((categoryRows as Array<{ id: number; name: string }>).map((c) => [c.id, c.name]));
  const productNames = new Map((productRows as Array<{ id: number; name: string }>).map((p) => [p.id, p.name]));

  const byCategoryMap = new Map<string, { categoryId: number | null; name: string; quantity: number; cents: number }>();
  const byProduct = new Map<number, { productId: number; name: string; quantity: number; cents: number }>();
  const donations = { count: 0, cents: 0 };
  for (const line of lines.values()) {
    const special = line.kind === 'donation' || line.kind === 'discount';
    const categoryKey = special ? line.kind : String(line.categoryId);
    const name =
      line.kind === 'donation'
        ? 'Dons'
        : line.kind === 'discount'
          ? 'Remises formule'
          : line.categoryId !== null
            ? (categories.get(line.categoryId) ?? `Catégorie ${line.categoryId}`)
            : 'Sans catégorie';
    const category = byCategoryMap.get(categoryKey) ?? { categoryId: special ? null : line.categoryId, name, quantity: 0, cents: 0 };
    category.quantity += line.quantity;
    category.cents += line.cents;
    byCategoryMap.set(categoryKey, category);
    if (line.kind === 'donation') {
      donations.count += line.donations;
      donations.cents += line.cents;
    }
    if (line.productId > 0) {
      const product = byProduct.get(line.productId) ?? {
        productId: line.productId,
        name: productNames.get(line.productId) ?? `Produit ${line.productId}`,
        quantity: 0,
        cents: 0,
      };
      product.quantity += line.quantity;
      product.cents += line.cents;
      byProduct.set(line.productId, product);
    }
  }
  const byCategory = [...byCategoryMap.values()]
    .filter((c) => c.quantity !== 0 || c.cents !== 0)
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name, 'fr'));
  const topProducts = [...byProduct.values()]
    .filter((p) => p.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || b.cents - a.cents || a.name.localeCompare(b.name, 'fr'))
    .slice(0, TOP_PRODUCTS);

  const centsOfCategory = (categoryId: number) => byCategoryMap.get(String(categoryId))?.cents ?? 0;
  const voidedTickets = new Map<number, number>();
  const voidedBets = new Map<number, number>();
  for (const r of refunds) {
    if (r.raffle_id !== null) voidedTickets.set(r.raffle_id, (voidedTickets.get(r.raffle_id) ?? 0) + r.voided_tickets);
    if (r.gift_basket_id !== null) voidedBets.set(r.gift_basket_id, (voidedBets.get(r.gift_basket_id) ?? 0) + r.voided_bets);
  }
  const raffles = (raffleRows.rows as Array<{ id: number; name: string; total_tickets: number; category_id: number; sold: number }>).map(
    (r) => {
      const voided = voidedTickets.get(r.id) ?? 0;
      return { raffleId: r.id, name: r.name, sold: r.sold - voided, voided, total: r.total_tickets, cents: centsOfCategory(r.category_id) };
    },
  );
  const giftBaskets = (basketRows.rows as Array<{ id: number; name: string; category_id: number; bets: number }>).map((b) => {
    const voided = voidedBets.get(b.id) ?? 0;
    return { giftBasketId: b.id, name: b.name, bets: b.bets - voided, voided, cents: centsOfCategory(b.category_id) };
  });

  const bingos = bingoRows.map((b) => ({
    bingoId: b.id,
    name: b.name,
    sold: b.sold - b.voided,
    voided: b.voided,
    total: b.total_cartons,
    cents: centsOfCategory(b.category_id),
  }));

  const pending = pendingRows.rows[0] as { n: number; remaining: string | number };
  return {
    event,
    sales: part.sales,
    grossCents: groups.reduce((sum, g) => sum + g.totalCents, 0),
    refunds: { count: refunds.length, cents: refunds.reduce((sum, r) => sum + r.amount_cents, 0) },
    donations,
    pending: { count: pending.n, cents: num(pending.remaining) },
    byMode: ([1, 2, 3] as const).map((mode) => ({
      mode,
      collectedCents: collected.get(mode) ?? 0,
      refundedCents: refunded.get(mode) ?? 0,
    })),
    byCheckout,
    byCategory,
    byHour,
    topProducts,
    raffles,
    giftBaskets,
    bingos,
  };
}
