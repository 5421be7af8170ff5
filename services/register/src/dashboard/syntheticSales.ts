/**
 * A whole fair's worth of sales written straight into the register's tables, for the dashboard's
 * bench (`npm run bench till`): `count` sales spread over the registers of an event and over
 * `hours` hours, three product lines each (the products the registers offer), a donation on one
 * sale in ten, paid cash, by cheque or by card in turn, one in fifty on hold (half of those partly
 * paid). Not the path sales take (that is createSale, measured on its own): only the rows the
 * dashboard reads, shaped as createSale writes them.
 */
import type { Db } from '@kermesse/kit/db';

export interface SyntheticSalesInput {
  eventId: number;
  count: number;
  /** When the first sale was made; the others follow evenly over `hours`. */
  startsAt: Date;
  hours: number;
  createdBy?: string;
}

/** Writes the sales in one transaction; answers how many sales and lines were written. */
export async function writeSyntheticSales(db: Db, input: SyntheticSalesInput): Promise<{ sales: number; lines: number }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return db.transaction(async (trx) => {
    const params = {
      eventId: input.eventId,
      count: input.count,
      startsAt: input.startsAt,
      seconds: Math.round(input.hours * 3600),
      createdBy: input.createdBy ?? 'bench',
      tag,
    };
    await trx.raw(
      `
      create temp table syn_products on commit drop as
      select row_number() over (order by p.id) as rn, p.id, p.name, p.price_cents, p.category_id, c.name as category_name
      from products p join categories c on c.id = p.category_id
      where c.kind = 'product' and p.price_cents > 0
        and exists (select 1 from checkout_products cp join checkouts k on k.id = cp.checkout_id where cp.product_id = p.id and k.event_id = :eventId)`,
      params,
    );
    await trx.raw(
      `
      create temp table syn_checkouts on commit drop as
      select row_number() over (order by id) as rn, id from checkouts where event_id = :eventId`,
      params,
    );
    const [{ np, nc }] = (
      await trx.raw('select (select count(*) from syn_products)::int as np, (select count(*) from syn_checkouts)::int as nc')
    ).rows;
    if (!np || !nc) throw new Error("L'événement n'a ni caisse ni produit : rien à vendre.");
    await trx.raw(
      `
      create temp table syn_sales on commit drop as
      select g, nextval(pg_get_serial_sequence('sales', 'id'))::int as id,
             case when g % 50 = 0 then 99 else 1 + g % 3 end as mode
      from generate_series(1, :count) as g`,
      params,
    );
    await trx.raw(`
      create temp table syn_lines on commit drop as
      select s.g, s.id as sale_id, x.pos, p.id as product_id, p.name, p.category_id, p.category_name, p.price_cents,
             1 + (s.g + x.pos) % 3 as quantity, 'product' as kind
      from syn_sales s cross join generate_series(0, 2) as x(pos)
      join syn_products p on p.rn = ((s.g * 7 + x.pos * 13) % ${np}) + 1
      union all
      select s.g, s.id, 3, -1, 'Don', null, 'Dons', 200 + (s.g % 5) * 100, 1, 'donation'
      from syn_sales s where s.g % 10 = 0`);
    await trx.raw(
      `
      insert into sales (id, reference, event_id, checkout_id, total_cents, paid_cents, payment_mode, payment_status, order_type, created_by, created_at, settled_at)
      select s.id, 'SYN-' || :tag || '-' || s.g, :eventId, k.id, t.total,
             case when s.mode = 99 then (case when s.g % 100 = 0 then t.total / 2 else 0 end) else t.total end,
             s.mode, case when s.mode in (2, 3) then 1 else 2 end, 'standard', :createdBy,
             :startsAt::timestamptz + make_interval(secs => (s.g - 1) * :seconds::float8 / :count), null
      from syn_sales s
      join (select sale_id, sum(price_cents * quantity)::int as total from syn_lines group by sale_id) t on t.sale_id = s.id
      join syn_checkouts k on k.rn = (s.g % ${nc}) + 1`,
      params,
    );
    await trx.raw(`
      insert into sale_lines (sale_id, position, product_id, name, category_id, category_name, unit_price_cents, quantity, total_cents, kind)
      select sale_id, pos, product_id, name, category_id, category_name, price_cents, quantity, price_cents * quantity, kind from syn_lines`);
    await trx.raw(`
      insert into payments (sale_id, method, mode, amount_cents, reference, created_by, created_at)
      select s.id, case s.payment_mode when 1 then 'CHQ' when 2 then 'ESP' else 'CB' end, s.payment_mode, s.total_cents, '', s.created_by, s.created_at
      from sales s join syn_sales y on y.id = s.id where s.payment_mode <> 99
      union all
      select s.id, 'ESP', 2, s.paid_cents, '', s.created_by, s.created_at
      from sales s join syn_sales y on y.id = s.id where s.payment_mode = 99 and s.paid_cents > 0`);
    const [{ lines }] = (await trx.raw('select count(*)::int as lines from syn_lines')).rows;
    return { sales: input.count, lines };
  });
}
