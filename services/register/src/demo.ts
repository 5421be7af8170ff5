import './events.ts';
import { type AuthUser } from '@kermesse/kit/auth';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { currentAssociation, SINGLE_ASSOCIATION_ID, type DemoVariant } from '@kermesse/kit/tenancy';
import { DEMO_MEAL_DEAL, NO_MEAL_DEAL, type MealDealRule } from './cart/rules.ts';
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

/** The comité des fêtes' demo (hosting): the village fête. */
export const VILLAGE_EVENT = 'Fête du village';
export const VILLAGE_CHECKOUTS = ['Caisse Buvette', 'Caisse Grillades', 'Caisse Tombola'];

/**
 * What a comité des fêtes sells at its fête: the buvette, the barbecue's grillades, the crêpes
 * stand, the pétanque contest and the vide-grenier pitches sold on the day. No meal deal.
 */
export const VILLAGE_CATALOGUE: DemoCategory[] = [
  {
    id: 1,
    name: 'Buvette',
    checkouts: ['Caisse Buvette', 'Caisse Grillades', 'Caisse Tombola'],
    products: [
      { name: 'Bière pression', price: 2.5, image: 'biere.svg', alcohol: true },
      { name: 'Verre de rosé', price: 2, image: null, alcohol: true },
      { name: 'Bolée de cidre', price: 2, image: 'cidre.svg', alcohol: true },
      { name: 'Soda 33 cl', price: 1.5, image: 'soda.svg' },
      { name: 'Sirop à l’eau', price: 1, image: null },
      { name: 'Eau minérale', price: 1, image: 'eau.svg' },
      { name: 'Café', price: 1, image: 'cafe.svg' },
    ],
  },
  {
    id: 2,
    name: 'Grillades',
    checkouts: ['Caisse Grillades'],
    products: [
      { name: 'Sandwich merguez', price: 4, image: 'sandwich.svg', clickAndCollect: true },
      { name: 'Sandwich saucisse', price: 4, image: 'hot-dog.svg', clickAndCollect: true },
      { name: 'Assiette merguez-frites', price: 7, image: null, clickAndCollect: true },
      { name: 'Barquette de frites', price: 2.5, image: 'frites.svg', clickAndCollect: true },
    ],
  },
  {
    id: 3,
    name: 'Crêpes',
    checkouts: ['Caisse Buvette', 'Caisse Grillades'],
    products: [
      { name: 'Crêpe au sucre', price: 1.5, image: 'crepe.svg' },
      { name: 'Crêpe à la confiture', price: 2, image: 'crepe.svg' },
      { name: 'Crêpe au chocolat', price: 2, image: 'crepe.svg' },
      { name: 'Galette complète', price: 4.5, image: 'galette.svg' },
    ],
  },
  {
    id: 4,
    name: 'Animations',
    checkouts: ['Caisse Buvette', 'Caisse Tombola'],
    products: [
      { name: 'Concours de pétanque (doublette)', price: 10, image: null },
      { name: 'Emplacement vide-grenier (2 m)', price: 6, image: null },
      { name: 'Chamboule-tout', price: 1, image: 'chamboule.svg' },
    ],
  },
];

/** Each demo: its event, registers, catalogue, meal deal and the carts of its sales on hold. */
const DEMO_FAIRS: Record<
  DemoVariant,
  { event: string; checkouts: string[]; catalogue: DemoCategory[]; mealDeal: MealDealRule; onHold: Array<Array<[string, number]>> }
> = {
  school: {
    event: DEMO_EVENT,
    checkouts: DEMO_CHECKOUTS,
    catalogue: DEMO_CATALOGUE,
    mealDeal: DEMO_MEAL_DEAL,
    onHold: [
      [
        ['Hot-dog', 2],
        ['Soda 33 cl', 2],
        ['Crêpe au sucre', 2],
      ],
      [
        ['Galette-saucisse', 1],
        ['Bière pression', 2],
        ['Barbe à papa', 1],
      ],
      [
        ['Barquette de frites', 3],
        ['Jus de pomme', 3],
      ],
    ],
  },
  village: {
    event: VILLAGE_EVENT,
    checkouts: VILLAGE_CHECKOUTS,
    catalogue: VILLAGE_CATALOGUE,
    mealDeal: NO_MEAL_DEAL,
    onHold: [
      [
        ['Bière pression', 2],
        ['Sirop à l’eau', 2],
        ['Crêpe au sucre', 2],
      ],
      [
        ['Bolée de cidre', 2],
        ['Galette complète', 1],
        ['Crêpe au chocolat', 1],
      ],
      [
        ['Café', 3],
        ['Crêpe à la confiture', 3],
      ],
    ],
  },
};

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
async function seedCatalogue(
  trx: Trx,
  eventId: number,
  checkoutIds: Map<string, number>,
  catalogue: DemoCategory[],
  mealDeal: MealDealRule,
): Promise<void> {
  const { rows } = (await trx.raw("select pg_get_serial_sequence('categories', 'id') as sequence")) as {
    rows: Array<{ sequence: string }>;
  };
  const sequence = rows[0]!.sequence;
  const fresh = !((await trx.raw(`select is_called from ${sequence}`)) as { rows: Array<{ is_called: boolean }> }).rows[0]!.is_called;
  const idOf = new Map<number, number>();
  for (const [position, category] of catalogue.entries()) {
    const explicit = fresh ? { id: category.id } : {};
    const [row] = await trx('categories')
      .insert({ ...explicit, name: category.name, kind: 'product', position, event_id: eventId })
      .returning('id');
    idOf.set(category.id, (row as { id: number }).id);
  }
  if (fresh) await trx.raw('select setval(?::regclass, (select max(id) from categories))', [sequence]);

  for (const category of catalogue) {
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
    discountCents: mealDeal.discountCents,
    items: mealDeal.items.map((item) => ({ ...item, categoryId: idOf.get(item.categoryId) ?? item.categoryId })),
  };
  await trx('settings')
    .insert({ key: MEAL_DEAL_SETTING, value: JSON.stringify(rule) })
    .onConflict(['association_id', 'key'])
    .ignore();
}

/** A few sales on hold (mode 99), one of them partly paid, so the pending list has something to settle. */
async function seedPendingSales(db: Db, eventId: number, checkoutId: number, carts: Array<Array<[string, number]>>): Promise<void> {
  const product = async (name: string) => (await db('products').where({ name }).first('id')) as { id: number };
  const person = async (email: string) => (await db('persons').where({ email }).first('id')) as { id: number };
  const line = async (name: string, quantity: number) => ({ product: { id: (await product(name)).id }, quantity });
  const logger = createLogger('register-demo', 'warn');
  const sales: Array<{ person: string; cart: SaleInput['cart'] }> = [];
  for (const [index, cart] of carts.entries()) {
    sales.push({
      person: DEMO_PERSONS[index % DEMO_PERSONS.length]!.email,
      cart: await Promise.all(cart.map(([name, quantity]) => line(name, quantity))),
    });
  }
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
 * The `village` variant (a comité des fêtes, hosting demo) is the « Fête du village » instead: its
 * buvette, grillades, crêpes and animations, without a meal deal.
 */
export async function seedDemo({ db, variant = 'school' }: { db: Db; password?: string; variant?: DemoVariant }): Promise<void> {
  const fair = DEMO_FAIRS[variant];
  if (!(await findEventByName(db, fair.event))) {
    const year = new Date().getFullYear();
    // The village fête in June, the school's spring fair in May.
    await createEventWithCheckouts(db, {
      name: fair.event,
      startsOn: variant === 'village' ? `${year}-06-20` : `${year}-05-16`,
      checkouts: fair.checkouts,
    });
  }
  const event = (await findEventByName(db, fair.event))!;
  const checkouts = await listCheckouts(db, event.id);
  const checkoutIds = new Map(checkouts.map((c) => [c.name, c.id]));

  if (!(await db('products').where({ name: fair.catalogue[0]!.products[0]!.name }).first('id'))) {
    await db.transaction((trx) => seedCatalogue(trx, event.id, checkoutIds, fair.catalogue, fair.mealDeal));
  }
  if (!(await db('simulated_readers').first('id'))) {
    for (const reader of DEMO_READERS) await addSimulatedReader(db, { ...reader, settleMs: 2000 });
  }
  for (const p of DEMO_PERSONS) {
    if (!(await db('persons').whereRaw('lower(email) = ?', [p.email]).first('id'))) await db('persons').insert(p);
  }
  if (!(await db('sales').where({ created_by: demoUser().id }).first('id')) && checkoutIds.has('Caisse Buvette')) {
    await seedPendingSales(db, event.id, checkoutIds.get('Caisse Buvette')!, fair.onHold);
  }
}
