import './events.ts';
import { type AuthUser } from '@kermesse/kit/auth';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { currentAssociation, SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { DEMO_MEAL_DEAL, type MealDealRule } from './cart/rules.ts';
import { createEventWithCheckouts } from './commands/createEvent.ts';
import { createSale, type SaleInput } from './commands/createSale.ts';
import { payPendingSale } from './commands/payPendingSale.ts';
import { addSimulatedReader } from './payments/simulator.ts';
import { MEAL_DEAL_SETTING } from './repositories/catalog.ts';
import { findEventByName, listCheckouts } from './repositories/events.ts';
import { toCents } from '@kermesse/contracts-common';

export const DEMO_EVENT = 'Kermesse de printemps';
export const DEMO_CHECKOUTS = ['Caisse Buvette', 'Caisse Tombola', 'Caisse Entrée'];

interface DemoProduct {
  name: string;
  price: number;
  image: string | null;
  clickAndCollect?: boolean;
  alcohol?: boolean;
}
interface DemoCategory {
  id: number;
  name: string;
  products: DemoProduct[];
  checkouts: string[];
}

/**
 * The demo catalogue. Category ids 1, 2 and 4 and the prices 1.50, 3.50 and 1.00 are those of the
 * meal deal (docs/spec.md §9): a dish, a drink and a dessert together get 0.50 € off.
 */
export const DEMO_CATALOGUE: DemoCategory[] = [
  {
    id: 1,
    name: 'Boissons',
    checkouts: ['Caisse Buvette', 'Caisse Tombola', 'Caisse Entrée'],
    products: [
      { name: 'Soda 33 cl', price: 1.5, image: 'soda.svg' },
      { name: 'Jus de pomme', price: 1.5, image: 'jus-pomme.svg' },
      { name: 'Eau minérale', price: 1, image: 'eau.svg' },
      { name: 'Café', price: 1, image: 'cafe.svg' },
      { name: 'Bière pression', price: 2.5, image: 'biere.svg', alcohol: true },
      { name: 'Bolée de cidre', price: 2, image: 'cidre.svg', alcohol: true },
    ],
  },
  {
    id: 2,
    name: 'Plats',
    checkouts: ['Caisse Buvette', 'Caisse Tombola'],
    products: [
      { name: 'Hot-dog', price: 3.5, image: 'hot-dog.svg', clickAndCollect: true },
      { name: 'Croque-monsieur', price: 3.5, image: 'croque.svg', clickAndCollect: true },
      { name: 'Sandwich jambon-beurre', price: 3.5, image: 'sandwich.svg' },
      { name: 'Galette-saucisse', price: 3.5, image: 'galette.svg', clickAndCollect: true },
      { name: 'Barquette de frites', price: 2.5, image: 'frites.svg', clickAndCollect: true },
    ],
  },
  {
    id: 3,
    name: 'Confiseries',
    checkouts: ['Caisse Buvette', 'Caisse Tombola', 'Caisse Entrée'],
    products: [
      { name: 'Barbe à papa', price: 2, image: 'barbe-a-papa.svg' },
      { name: 'Sachet de bonbons', price: 1, image: 'bonbons.svg' },
      { name: 'Pop-corn', price: 1.5, image: 'popcorn.svg' },
    ],
  },
  {
    id: 4,
    name: 'Desserts',
    checkouts: ['Caisse Buvette', 'Caisse Tombola'],
    products: [
      { name: 'Crêpe au sucre', price: 1, image: 'crepe.svg' },
      { name: 'Part de gâteau', price: 1, image: 'gateau.svg' },
      { name: 'Gaufre', price: 1.5, image: 'gaufre.svg' },
    ],
  },
  {
    id: 5,
    name: 'Animations',
    checkouts: ['Caisse Entrée', 'Caisse Tombola'],
    products: [
      { name: 'Pêche aux canards', price: 1, image: 'canard.svg' },
      { name: 'Chamboule-tout', price: 1, image: 'chamboule.svg' },
      { name: 'Maquillage', price: 2, image: 'maquillage.svg' },
      { name: "Tote bag de l'école", price: 5, image: null },
    ],
  },
];

export const DEMO_READERS = [
  {
    id: 'rdr_DEMO0BUVETTE00000000000001',
    name: 'Solo buvette',
    identifier: 'SIMSOLO-0001-4F2A',
    status: 'paired' as const,
    outcome: 'success' as const,
  },
  {
    id: 'rdr_DEMO0TOMBOLA00000000000002',
    name: 'Solo tombola',
    identifier: 'SIMSOLO-0002-9C7E',
    status: 'paired' as const,
    outcome: 'success' as const,
  },
  {
    id: 'rdr_DEMO0ANCIEN000000000000003',
    name: 'Ancien lecteur',
    identifier: 'SIMSOLO-0003-B13D',
    status: 'expired' as const,
    outcome: 'failure' as const,
  },
];

export const DEMO_PERSONS = [
  { firstname: 'Camille', lastname: 'Martin', email: 'camille.martin@example.org', phone: '0612345678' },
  { firstname: 'Nicolas', lastname: 'Bernard', email: 'nicolas.bernard@example.org', phone: '0698765432' },
  { firstname: 'Léa', lastname: 'Dubois', email: 'lea.dubois@example.org', phone: '0744556677' },
];

/** The demo's cashier, of the association the demo is seeded for. */
const demoUser = (): AuthUser => ({
  id: 'demo',
  email: 'demo@kermesse.local',
  roles: ['cashier'],
  jti: 'demo',
  exp: 0,
  associationId: currentAssociation() ?? SINGLE_ASSOCIATION_ID,
});

/**
 * Categories at their meal-deal ids on a fresh database, else wherever Postgres puts them. Another
 * association's categories are invisible here (row-level security) but hold their ids all the same:
 * only a sequence never used tells that the ids are free.
 */
async function seedCatalogue(trx: Trx, eventId: number, checkoutIds: Map<string, number>): Promise<void> {
  const { rows } = (await trx.raw("select pg_get_serial_sequence('categories', 'id') as sequence")) as {
    rows: Array<{ sequence: string }>;
  };
  const sequence = rows[0]!.sequence;
  const fresh = !((await trx.raw(`select is_called from ${sequence}`)) as { rows: Array<{ is_called: boolean }> }).rows[0]!.is_called;
  const idOf = new Map<number, number>();
  for (const [position, category] of DEMO_CATALOGUE.entries()) {
    const explicit = fresh ? { id: category.id } : {};
    const [row] = await trx('categories')
      .insert({ ...explicit, name: category.name, kind: 'product', position, event_id: eventId })
      .returning('id');
    idOf.set(category.id, (row as { id: number }).id);
  }
  if (fresh) await trx.raw('select setval(?::regclass, (select max(id) from categories))', [sequence]);

  for (const category of DEMO_CATALOGUE) {
    const categoryId = idOf.get(category.id)!;
    for (const [position, p] of category.products.entries()) {
      const [row] = await trx('products')
        .insert({
          name: p.name,
          image: p.image,
          price_cents: toCents(p.price),
          category_id: categoryId,
          click_and_collect: p.clickAndCollect ?? false,
          alcohol: p.alcohol ?? false,
          position,
        })
        .returning('id');
      const productId = (row as { id: number }).id;
      await trx('checkout_products').insert(
        category.checkouts.map((name) => ({ checkout_id: checkoutIds.get(name)!, product_id: productId })),
      );
      await recordEvent(trx, 'register', 'catalog.product.changed', {
        productId,
        name: p.name,
        priceCents: toCents(p.price),
        categoryId,
        categoryName: category.name,
        image: p.image,
        clickAndCollect: p.clickAndCollect ?? false,
        alcohol: p.alcohol ?? false,
        active: true,
        eventId,
      });
    }
  }
  const rule: MealDealRule = {
    discountCents: DEMO_MEAL_DEAL.discountCents,
    items: DEMO_MEAL_DEAL.items.map((item) => ({ ...item, categoryId: idOf.get(item.categoryId) ?? item.categoryId })),
  };
  await trx('settings')
    .insert({ key: MEAL_DEAL_SETTING, value: JSON.stringify(rule) })
    .onConflict(['association_id', 'key'])
    .ignore();
}

/** A few sales on hold (mode 99), one of them partly paid, so the pending list has something to settle. */
async function seedPendingSales(db: Db, eventId: number, checkoutId: number): Promise<void> {
  const product = async (name: string) => (await db('products').where({ name }).first('id')) as { id: number };
  const person = async (email: string) => (await db('persons').where({ email }).first('id')) as { id: number };
  const line = async (name: string, quantity: number) => ({ product: { id: (await product(name)).id }, quantity });
  const logger = createLogger('register-demo', 'warn');
  const sales: Array<{ person: string; cart: SaleInput['cart'] }> = [
    {
      person: 'camille.martin@example.org',
      cart: [await line('Hot-dog', 2), await line('Soda 33 cl', 2), await line('Crêpe au sucre', 2)],
    },
    {
      person: 'nicolas.bernard@example.org',
      cart: [await line('Galette-saucisse', 1), await line('Bière pression', 2), await line('Barbe à papa', 1)],
    },
    { person: 'lea.dubois@example.org', cart: [await line('Barquette de frites', 3), await line('Jus de pomme', 3)] },
  ];
  const created: number[] = [];
  for (const sale of sales) {
    const answer = await createSale(
      { db, logger },
      {
        checkoutId,
        eventId,
        personId: (await person(sale.person)).id,
        cart: sale.cart,
        paymentMode: 99,
      },
      { user: demoUser(), bearer: '', origin: '' },
    );
    created.push(answer.sale.id);
  }
  await payPendingSale({ db }, created[1]!, [{ price: 5, payment_mode: 2, reference: '5' }], { user: demoUser() });
}

/**
 * The demo: the event « Kermesse de printemps » with three registers, the meal-deal catalogue with
 * drinks, dishes, sweets, desserts and activities (pictures under /up/), two paired simulated card
 * readers (and an expired one, never offered), three buyers and three sales on hold. Raffle and
 * gift-basket ticket products arrive from the raffle service's events. Each part is seeded once.
 */
export async function seedDemo({ db }: { db: Db; password?: string }): Promise<void> {
  if (!(await findEventByName(db, DEMO_EVENT))) {
    const year = new Date().getFullYear();
    await createEventWithCheckouts(db, { name: DEMO_EVENT, startsOn: `${year}-05-16`, checkouts: DEMO_CHECKOUTS });
  }
  const event = (await findEventByName(db, DEMO_EVENT))!;
  const checkouts = await listCheckouts(db, event.id);
  const checkoutIds = new Map(checkouts.map((c) => [c.name, c.id]));

  if (!(await db('products').where({ name: DEMO_CATALOGUE[0]!.products[0]!.name }).first('id'))) {
    await db.transaction((trx) => seedCatalogue(trx, event.id, checkoutIds));
  }
  if (!(await db('simulated_readers').first('id'))) {
    for (const reader of DEMO_READERS) await addSimulatedReader(db, { ...reader, settleMs: 2000 });
  }
  for (const p of DEMO_PERSONS) {
    if (!(await db('persons').whereRaw('lower(email) = ?', [p.email]).first('id'))) await db('persons').insert(p);
  }
  if (!(await db('sales').where({ created_by: demoUser().id }).first('id')) && checkoutIds.has('Caisse Buvette')) {
    await seedPendingSales(db, event.id, checkoutIds.get('Caisse Buvette')!);
  }
}
