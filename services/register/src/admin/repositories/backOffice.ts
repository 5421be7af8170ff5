/** SQL of the register's back office (events, registers, categories, products, meal deal). */
import type { Db, Trx } from '@kermesse/kit/db';
import type { MealDealRule } from '../../cart/rules.ts';

type Q = Db | Trx;

export interface AdminEventRow {
  id: number;
  name: string;
  starts_on: string | null;
  ends_on: string | null;
  place: string | null;
  description: string | null;
  archived_at: Date | null;
  has_sales: boolean;
  idle_lock_minutes: number;
  /** Its raffles' names (read model of the raffle service's `raffle.configured`). */
  raffle_names: string[];
}
export interface AdminCheckoutRow {
  id: number;
  event_id: number;
  name: string;
  archived_at: Date | null;
  has_sales: boolean;
}
export interface AdminCategoryRow {
  id: number;
  event_id: number;
  name: string;
  kind: 'product' | 'raffle' | 'giftbasket';
  position: number;
  product_count: number;
}
export interface AdminProductRow {
  id: number;
  name: string;
  image: string | null;
  price_cents: number;
  category_id: number;
  category_name: string;
  kind: 'product' | 'raffle' | 'giftbasket';
  event_id: number;
  click_and_collect: boolean;
  alcohol: boolean;
  active: boolean;
  position: number;
  checkout_ids: number[];
  has_sales: boolean;
  ean: string | null;
}

const EVENT_COLUMNS = (q: Q) => [
  'e.id',
  'e.name',
  q.raw(`to_char(e.starts_on, 'YYYY-MM-DD') as starts_on`),
  q.raw(`to_char(e.ends_on, 'YYYY-MM-DD') as ends_on`),
  'e.place',
  'e.description',
  'e.archived_at',
  'e.idle_lock_minutes',
  q.raw('exists (select 1 from sales s where s.event_id = e.id) as has_sales'),
  q.raw(`array(select r.name from raffles r where r.event_id = e.id order by r.id) as raffle_names`),
];

export const listAdminEvents = (q: Q): Promise<AdminEventRow[]> =>
  q('events as e')
    .select(EVENT_COLUMNS(q))
    .orderBy([
      { column: 'e.archived_at', order: 'desc', nulls: 'first' },
      { column: 'e.starts_on', order: 'desc', nulls: 'last' },
      { column: 'e.id', order: 'desc' },
    ]);

export const findAdminEvent = (q: Q, id: number): Promise<AdminEventRow | undefined> =>
  q('events as e').where('e.id', id).first(EVENT_COLUMNS(q));

export interface EventFields {
  name?: string;
  starts_on?: string | null;
  ends_on?: string | null;
  place?: string | null;
  description?: string | null;
  archived_at?: Date | null;
  idle_lock_minutes?: number;
}

export async function insertAdminEvent(trx: Trx, fields: EventFields): Promise<number> {
  const [row] = await trx('events').insert(fields).returning('id');
  return (row as { id: number }).id;
}

export const updateAdminEvent = (trx: Trx, id: number, fields: EventFields) => trx('events').where({ id }).update(fields);

const CHECKOUT_COLUMNS = (q: Q) => [
  'c.id',
  'c.event_id',
  'c.name',
  'c.archived_at',
  q.raw('exists (select 1 from sales s where s.checkout_id = c.id) as has_sales'),
];

export const listAdminCheckouts = (q: Q, eventId: number): Promise<AdminCheckoutRow[]> =>
  q('checkouts as c')
    .where('c.event_id', eventId)
    .select(CHECKOUT_COLUMNS(q))
    .orderBy([{ column: 'c.archived_at', nulls: 'first' }, { column: 'c.id' }]);

export const findAdminCheckout = (q: Q, id: number): Promise<AdminCheckoutRow | undefined> =>
  q('checkouts as c').where('c.id', id).first(CHECKOUT_COLUMNS(q));

export async function insertAdminCheckout(trx: Trx, eventId: number, name: string): Promise<number> {
  const [row] = await trx('checkouts').insert({ event_id: eventId, name }).returning('id');
  return (row as { id: number }).id;
}

export const checkoutNameTaken = async (q: Q, eventId: number, name: string, exceptId?: number): Promise<boolean> =>
  Boolean(
    await q('checkouts')
      .where({ event_id: eventId })
      .whereRaw('lower(name) = lower(?)', [name])
      .whereNot('id', exceptId ?? 0)
      .first('id'),
  );

const CATEGORY_COLUMNS = (q: Q) => [
  'k.id',
  'k.event_id',
  'k.name',
  'k.kind',
  'k.position',
  q.raw('(select count(*)::int from products p where p.category_id = k.id) as product_count'),
];

export const listAdminCategories = (q: Q, eventId: number): Promise<AdminCategoryRow[]> =>
  q('categories as k')
    .where('k.event_id', eventId)
    .select(CATEGORY_COLUMNS(q))
    .orderBy([{ column: 'k.position' }, { column: 'k.id' }]);

export const findAdminCategory = (q: Q, id: number): Promise<AdminCategoryRow | undefined> =>
  q('categories as k').where('k.id', id).first(CATEGORY_COLUMNS(q));

export const categoryNameTaken = async (q: Q, eventId: number, name: string, exceptId?: number): Promise<boolean> =>
  Boolean(
    await q('categories')
      .where({ event_id: eventId })
      .whereRaw('lower(name) = lower(?)', [name])
      .whereNot('id', exceptId ?? 0)
      .first('id'),
  );

export async function insertCategory(trx: Trx, fields: { event_id: number; name: string; position: number }): Promise<number> {
  const [row] = await trx('categories')
    .insert({ ...fields, kind: 'product' })
    .returning('id');
  return (row as { id: number }).id;
}

export const nextCategoryPosition = async (q: Q, eventId: number): Promise<number> =>
  ((await q('categories').where({ event_id: eventId }).max('position as max').first()) as { max: number | null } | undefined)?.max ?? -1;

const PRODUCT_COLUMNS = (q: Q) => [
  'p.id',
  'p.name',
  'p.image',
  'p.price_cents',
  'p.category_id',
  'k.name as category_name',
  'k.kind',
  'k.event_id',
  'p.click_and_collect',
  'p.alcohol',
  'p.active',
  'p.position',
  'p.ean',
  q.raw(
    "coalesce((select array_agg(cp.checkout_id order by cp.checkout_id) from checkout_products cp where cp.product_id = p.id), '{}') as checkout_ids",
  ),
  q.raw('exists (select 1 from sale_lines l where l.product_id = p.id) as has_sales'),
];

export const listAdminProducts = (q: Q, eventId: number): Promise<AdminProductRow[]> =>
  q('products as p')
    .join('categories as k', 'k.id', 'p.category_id')
    .where('k.event_id', eventId)
    .select(PRODUCT_COLUMNS(q))
    .orderBy([{ column: 'k.position' }, { column: 'k.id' }, { column: 'p.position' }, { column: 'p.id' }]);

export const findAdminProduct = (q: Q, id: number): Promise<AdminProductRow | undefined> =>
  q('products as p').join('categories as k', 'k.id', 'p.category_id').where('p.id', id).first(PRODUCT_COLUMNS(q));

export interface ProductFields {
  name?: string;
  price_cents?: number;
  category_id?: number;
  click_and_collect?: boolean;
  alcohol?: boolean;
  active?: boolean;
  image?: string | null;
  position?: number;
  ean?: string | null;
}

export async function insertProduct(
  trx: Trx,
  fields: ProductFields & { name: string; price_cents: number; category_id: number },
): Promise<number> {
  const [row] = await trx('products').insert(fields).returning('id');
  return (row as { id: number }).id;
}

export const updateProduct = (trx: Trx, id: number, fields: ProductFields) =>
  trx('products')
    .where({ id })
    .update({ ...fields, updated_at: trx.fn.now() });

/** Makes `checkoutIds` exactly the registers that sell the product. */
export async function setProductCheckouts(trx: Trx, productId: number, checkoutIds: number[]): Promise<void> {
  await trx('checkout_products').where({ product_id: productId }).whereNotIn('checkout_id', checkoutIds).delete();
  if (checkoutIds.length) {
    await trx('checkout_products')
      .insert(checkoutIds.map((checkoutId) => ({ checkout_id: checkoutId, product_id: productId })))
      .onConflict()
      .ignore();
  }
}

/** Registers among `ids` that belong to the event (archived ones included). */
export const checkoutsOfEvent = async (q: Q, eventId: number, ids: number[]): Promise<number[]> =>
  ids.length
    ? ((await q('checkouts').where({ event_id: eventId }).whereIn('id', ids).select('id')) as Array<{ id: number }>).map((r) => r.id)
    : [];

export const productHasSales = async (q: Q, id: number): Promise<boolean> =>
  Boolean(await q('sale_lines').where({ product_id: id }).first('id'));

export const readEventMealDeal = async (q: Q, eventId: number): Promise<MealDealRule | undefined> =>
  ((await q('event_meal_deals').where({ event_id: eventId }).first('rule')) as { rule: MealDealRule } | undefined)?.rule;

export const writeEventMealDeal = (trx: Trx, eventId: number, rule: MealDealRule) =>
  trx('event_meal_deals')
    .insert({ event_id: eventId, rule: JSON.stringify(rule), updated_at: trx.fn.now() })
    .onConflict(['association_id', 'event_id'])
    .merge(['rule', 'updated_at']);

export const CATALOG_VERSION_SETTING = 'catalog_version';

/** Marks the catalogue as changed (`/api/cr/settings` → `catalogVersion`): the time of the change, in ms. */
export async function bumpCatalogVersion(q: Q): Promise<void> {
  await q.raw(
    `insert into settings (key, value) values (?, to_jsonb((extract(epoch from clock_timestamp()) * 1000)::bigint))
     on conflict (association_id, key) do update set value = to_jsonb(greatest((settings.value #>> '{}')::bigint + 1, (extract(epoch from clock_timestamp()) * 1000)::bigint))`,
    [CATALOG_VERSION_SETTING],
  );
}

/** The catalogue version the registers compare (0 before any back-office change). */
export async function readCatalogVersion(q: Q): Promise<number> {
  const row = (await q('settings').where({ key: CATALOG_VERSION_SETTING }).first('value')) as { value: number | string } | undefined;
  return row ? Number(row.value) : 0;
}

// ── Leftovers of the commands, one statement each ─────────────────────────────────────────────
export const updateCheckoutFields = (trx: Trx, id: number, fields: { name?: string; archived_at?: Date | null }) =>
  trx('checkouts').where({ id }).update(fields);

export const updateCategoryFields = (trx: Trx, id: number, fields: { name?: string; position?: number }) =>
  trx('categories').where({ id }).update(fields);

export const deleteCategoryRow = (trx: Trx, id: number) => trx('categories').where({ id }).delete();

export const productIdsOfCategory = async (q: Q, categoryId: number): Promise<number[]> =>
  ((await q('products').where({ category_id: categoryId }).select('id')) as Array<{ id: number }>).map((p) => p.id);

/** Whether the event's meal deal names this category (it may not be deleted then). */
export const mealDealUsesCategory = async (q: Q, eventId: number, categoryId: number): Promise<boolean> =>
  Boolean(
    await q('event_meal_deals')
      .where({ event_id: eventId })
      .whereRaw(`rule->'items' @> ?::jsonb`, [JSON.stringify([{ categoryId }])])
      .first('event_id'),
  );

/** The last position in a category (-1 when empty). */
export const lastProductPosition = async (q: Q, categoryId: number): Promise<number> =>
  ((await q('products').where({ category_id: categoryId }).max('position as max').first()) as { max: number | null } | undefined)?.max ??
  -1;

/** The product of the event that carries this barcode (another than `exceptId`), if any. */
export const productWithEan = (q: Q, eventId: number, ean: string, exceptId?: number): Promise<{ id: number; name: string } | undefined> =>
  q('products as p')
    .join('categories as k', 'k.id', 'p.category_id')
    .where({ 'k.event_id': eventId, 'p.ean': ean })
    .whereNot('p.id', exceptId ?? 0)
    .first('p.id', 'p.name');

export const deleteProductRow = (trx: Trx, id: number) => trx('products').where({ id }).delete();

/** An event's idle lock (minutes), undefined for an unknown event. */
export const eventIdleLock = async (q: Q, eventId: number): Promise<number | undefined> =>
  ((await q('events').where({ id: eventId }).first('idle_lock_minutes')) as { idle_lock_minutes: number } | undefined)?.idle_lock_minutes;

/** The idle lock of a register's event (minutes), undefined for an unknown register. */
export const checkoutIdleLock = async (q: Q, checkoutId: number): Promise<number | undefined> =>
  (
    (await q('checkouts as c').join('events as e', 'e.id', 'c.event_id').where('c.id', checkoutId).first('e.idle_lock_minutes')) as
      { idle_lock_minutes: number } | undefined
  )?.idle_lock_minutes;

// ── Copying an event (commands/duplicateEvent.ts) ──────────────────────────────────────
export const activeCheckoutsOfEvent = (q: Q, eventId: number): Promise<Array<{ id: number; name: string }>> =>
  q('checkouts').where({ event_id: eventId }).whereNull('archived_at').orderBy('id').select('id', 'name');

export const productCategoriesOfEvent = (q: Q, eventId: number): Promise<Array<{ id: number; name: string; position: number }>> =>
  q('categories').where({ event_id: eventId, kind: 'product' }).orderBy(['position', 'id']).select('id', 'name', 'position');

/** A product as a copied event takes it. */
export interface ProductToCopy {
  id: number;
  name: string;
  image: string | null;
  price_cents: number;
  category_id: number;
  click_and_collect: boolean;
  alcohol: boolean;
  active: boolean;
  position: number;
  ean: string | null;
}

export const productsOfCategories = (q: Q, categoryIds: number[]): Promise<ProductToCopy[]> =>
  q('products')
    .whereIn('category_id', categoryIds)
    .orderBy(['position', 'id'])
    .select('id', 'name', 'image', 'price_cents', 'category_id', 'click_and_collect', 'alcohol', 'active', 'position', 'ean');

export const checkoutLinksOfProducts = (q: Q, productIds: number[]): Promise<Array<{ checkout_id: number; product_id: number }>> =>
  q('checkout_products').whereIn('product_id', productIds).select('checkout_id', 'product_id');

export async function insertCopiedProduct(trx: Trx, product: Omit<ProductToCopy, 'id'>): Promise<number> {
  const [row] = await trx('products').insert(product).returning('id');
  return (row as { id: number }).id;
}

export async function insertCheckoutProducts(trx: Trx, links: Array<{ checkout_id: number; product_id: number }>): Promise<void> {
  if (links.length) await trx('checkout_products').insert(links);
}

// ── Importing products (commands/importProducts.ts) ───────────────────────────────────────────
export const categoriesOfEvent = (q: Q, eventId: number): Promise<Array<{ id: number; name: string; kind: string }>> =>
  q('categories').where({ event_id: eventId }).select('id', 'name', 'kind');

export const checkoutNamesOfEvent = (q: Q, eventId: number): Promise<Array<{ id: number; name: string }>> =>
  q('checkouts').where({ event_id: eventId }).select('id', 'name');

/** The event's own products (not its ticket or carton products), by name. */
export const productNamesOfEvent = (q: Q, eventId: number): Promise<Array<{ id: number; name: string }>> =>
  q('products as p')
    .join('categories as k', 'k.id', 'p.category_id')
    .where('k.event_id', eventId)
    .where('k.kind', 'product')
    .select('p.id', 'p.name');
