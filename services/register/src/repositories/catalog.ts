import type { Db, Trx } from '@kermesse/kit/db';
import { NO_MEAL_DEAL, type CatalogProduct, type GiftBasketInfo, type MealDealRule, type RaffleInfo, type Tier } from '../cart/rules.ts';

export interface CategoryRow {
  id: number;
  name: string;
  kind: 'product' | 'raffle' | 'giftbasket';
  raffle_id: number | null;
  gift_basket_id: number | null;
  position: number;
}

export interface ProductRow {
  id: number;
  name: string;
  image: string | null;
  price_cents: number;
  category_id: number;
  category_name: string;
  kind: 'product' | 'raffle' | 'giftbasket';
  raffle_id: number | null;
  gift_basket_id: number | null;
  tier_nb: number | null;
  click_and_collect: boolean;
  alcohol: boolean;
  active: boolean;
  ean: string | null;
}

export interface RaffleRow {
  id: number;
  event_id: number;
  name: string;
  total_tickets: number;
  tiers: Tier[];
  sales_open: boolean;
  category_id: number;
}
export interface GiftBasketRow {
  id: number;
  event_id: number;
  name: string;
  tiers: Tier[];
  types: GiftBasketInfo['types'];
  category_id: number;
}

const PRODUCT_COLUMNS = [
  'p.id',
  'p.name',
  'p.image',
  'p.price_cents',
  'p.category_id',
  'c.name as category_name',
  'c.kind',
  'c.raffle_id',
  'c.gift_basket_id',
  'p.tier_nb',
  'p.click_and_collect',
  'p.alcohol',
  'p.active',
  'p.ean',
];

/** Active products a register offers, in display order (category, then product). */
export function listCheckoutProducts(db: Db | Trx, checkoutId: number, onlyIds?: number[]): Promise<ProductRow[]> {
  const q = db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .join('checkout_products as cp', function joinOffer() {
      this.on('cp.product_id', '=', 'p.id').andOn('cp.checkout_id', '=', db.raw('?', [checkoutId]));
    })
    .where('p.active', true)
    .select(PRODUCT_COLUMNS)
    .orderBy([{ column: 'c.position' }, { column: 'c.id' }, { column: 'p.position' }, { column: 'p.id' }]);
  if (onlyIds) q.whereIn('p.id', onlyIds);
  return q;
}

export interface SaleHead {
  id: number;
  name: string;
  event_id: number;
  event_name: string;
  event_archived: boolean;
  checkout_archived: boolean;
  next_sale_id: number;
  products: ProductRow[];
}

/**
 * What a sale needs first, in one round trip: the register and its event, a new sale id (an id
 * lost by a refused sale is no matter), and the active products of `productIds` this register offers.
 */
export async function loadSaleHead(db: Db, checkoutId: number, productIds: number[]): Promise<SaleHead | undefined> {
  const { rows } = (await db.raw(
    `
    select c.id, c.name, c.event_id, e.name as event_name, e.archived_at is not null as event_archived, c.archived_at is not null as checkout_archived, nextval(pg_get_serial_sequence('sales', 'id'))::int as next_sale_id,
      coalesce((
        select json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'image', p.image, 'price_cents', p.price_cents, 'category_id', p.category_id,
          'category_name', k.name, 'kind', k.kind, 'raffle_id', k.raffle_id, 'gift_basket_id', k.gift_basket_id,
          'tier_nb', p.tier_nb, 'click_and_collect', p.click_and_collect, 'alcohol', p.alcohol, 'active', p.active, 'ean', p.ean))
        from products p
        join categories k on k.id = p.category_id
        join checkout_products cp on cp.product_id = p.id and cp.checkout_id = c.id
        where p.active and p.id = any(?::int[])
      ), '[]'::json) as products
    from checkouts c join events e on e.id = c.event_id
    where c.id = ?`,
    [productIds, checkoutId],
  )) as { rows: SaleHead[] };
  return rows[0];
}

/** Every active product of the register's event with whether the register offers it (admin checkout product selector). */
export function listProductsForCheckout(db: Db, checkoutId: number): Promise<Array<ProductRow & { in_checkout: boolean }>> {
  return (
    db('products as p')
      .join('categories as c', 'c.id', 'p.category_id')
      .leftJoin('checkout_products as cp', function joinOffer() {
        this.on('cp.product_id', '=', 'p.id').andOn('cp.checkout_id', '=', db.raw('?', [checkoutId]));
      })
      .where('p.active', true)
      // Another event's products are not this register's to sell (categories from before the back office have no event).
      .whereRaw('(c.event_id is null or c.event_id = (select k.event_id from checkouts k where k.id = ?))', [checkoutId])
      .select([...PRODUCT_COLUMNS, db.raw('(cp.product_id is not null) as in_checkout')])
      .orderBy([{ column: 'c.position' }, { column: 'c.id' }, { column: 'p.position' }, { column: 'p.id' }])
  );
}

export const findProduct = (db: Db | Trx, id: number): Promise<ProductRow | undefined> =>
  db('products as p').join('categories as c', 'c.id', 'p.category_id').where('p.id', id).first(PRODUCT_COLUMNS);

export const listRafflesOfEvent = (db: Db | Trx, eventId: number): Promise<RaffleRow[]> =>
  db('raffles').where({ event_id: eventId, sales_open: true }).select('*').orderBy('id');

export const listGiftBasketsOfEvent = (db: Db | Trx, eventId: number): Promise<GiftBasketRow[]> =>
  db('gift_baskets').where({ event_id: eventId }).select('*').orderBy('id');

/** A register's name (a receipt's header), undefined when it is gone. */
export const checkoutName = (db: Db | Trx, id: number): Promise<string | undefined> =>
  db('checkouts')
    .where({ id })
    .first('name')
    .then((row: { name: string } | undefined) => row?.name);

export const findRaffle = (db: Db | Trx, id: number): Promise<RaffleRow | undefined> => db('raffles').where({ id }).first();
export const findGiftBasket = (db: Db | Trx, id: number): Promise<GiftBasketRow | undefined> => db('gift_baskets').where({ id }).first();

/** Products of an event currently in stock alert (read model of `stock.alert`). */
export async function alertedProductIds(db: Db | Trx, eventId: number): Promise<Set<number>> {
  const rows: Array<{ product_id: number }> = await db('stock_alerts').where({ event_id: eventId, is_alert: true }).select('product_id');
  return new Set(rows.map((r) => r.product_id));
}

export const toCatalogProduct = (row: ProductRow): CatalogProduct => ({
  id: row.id,
  name: row.name,
  priceCents: row.price_cents,
  categoryId: row.category_id,
  categoryName: row.category_name,
  kind: row.kind,
  raffleId: row.raffle_id,
  giftBasketId: row.gift_basket_id,
  tierNb: row.tier_nb,
  clickAndCollect: row.click_and_collect,
});

export const toRaffleInfo = (row: RaffleRow): RaffleInfo => ({
  id: row.id,
  eventId: row.event_id,
  name: row.name,
  totalTickets: row.total_tickets,
  tiers: row.tiers,
});
export const toGiftBasketInfo = (row: GiftBasketRow): GiftBasketInfo => ({
  id: row.id,
  eventId: row.event_id,
  name: row.name,
  tiers: row.tiers,
  types: row.types,
});

export const MEAL_DEAL_SETTING = 'meal_deal';

/** Settings hardly ever change: each sale need not read them again (a change is seen within 5 s). */
const SETTINGS_TTL_MS = 5_000;
const mealDealCache = new WeakMap<object, Map<number, { until: number; rule: Promise<MealDealRule> }>>();

/** The installation's own meal-deal rule (settings table), undefined when it has none. */
export const installationMealDeal = async (q: Db | Trx): Promise<MealDealRule | undefined> =>
  ((await q('settings').where({ key: MEAL_DEAL_SETTING }).first('value')) as { value: MealDealRule } | undefined)?.value;

/**
 * The meal-deal rule: the event's own rule set (back office) when `eventId` is given and it has one,
 * else the installation's (settings table, which only the demo data fills), else none: no built-in rule
 * names category ids that belong to whatever categories an install created.
 */
export function readMealDeal(db: Db | Trx, eventId?: number): Promise<MealDealRule> {
  let perDb = mealDealCache.get(db);
  if (!perDb) mealDealCache.set(db, (perDb = new Map()));
  const key = eventId ?? 0;
  const cached = perDb.get(key);
  if (cached && cached.until > Date.now()) return cached.rule;
  const installation = () => installationMealDeal(db).then((rule) => rule ?? NO_MEAL_DEAL);
  const rule =
    eventId === undefined
      ? installation()
      : (db('event_meal_deals').where({ event_id: eventId }).first('rule') as Promise<{ rule: MealDealRule } | undefined>).then(
          (row) => row?.rule ?? installation(),
        );
  perDb.set(key, { until: Date.now() + SETTINGS_TTL_MS, rule });
  rule.catch(() => perDb.delete(key));
  return rule;
}

/** A register with its event's name (`GET /api/cr/checkouts/{id}`). */
export const findCheckoutWithEvent = (
  db: Db | Trx,
  checkoutId: number,
): Promise<{ id: number; name: string; event_id: number; event_name: string } | undefined> =>
  db('checkouts as c')
    .join('events as e', 'e.id', 'c.event_id')
    .where('c.id', checkoutId)
    .first('c.id', 'c.name', 'c.event_id', 'e.name as event_name');

/** A register's event, or undefined when the register does not exist. */
export const findCheckoutEvent = (db: Db | Trx, checkoutId: number): Promise<{ event_id: number } | undefined> =>
  db('checkouts').where({ id: checkoutId }).first('event_id');

/** A product's event (through its category), or undefined when the product does not exist. */
export const findProductEvent = (db: Db | Trx, productId: number): Promise<{ event_id: number | null } | undefined> =>
  db('products as p').join('categories as c', 'c.id', 'p.category_id').where('p.id', productId).first('c.event_id');

/** Puts a product on a register's sale screen, or takes it off. */
export async function setProductInCheckout(db: Db | Trx, checkoutId: number, productId: number, inCheckout: boolean): Promise<void> {
  if (inCheckout) await db('checkout_products').insert({ checkout_id: checkoutId, product_id: productId }).onConflict().ignore();
  else await db('checkout_products').where({ checkout_id: checkoutId, product_id: productId }).delete();
}

/** The active product this register offers under a barcode (docs/gate.md §5), if any. */
export const findCheckoutProductByEan = (db: Db | Trx, checkoutId: number, ean: string): Promise<ProductRow | undefined> =>
  db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .join('checkout_products as cp', 'cp.product_id', 'p.id')
    .where({ 'cp.checkout_id': checkoutId, 'p.ean': ean, 'p.active': true })
    .orderBy('p.id')
    .first(PRODUCT_COLUMNS);
