import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumer, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { createLogger } from '@kermesse/kit/http';
import { eventually } from '@kermesse/kit/testing';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;
let buyerId: number;
const published: EventEnvelope<'sale.completed'>[] = [];
let listener: EventConsumer;

let RAFFLE_ID: number;
let BASKET_ID: number;
let GOURMAND: number;
let BIEN_ETRE: number;

beforeAll(async () => {
  // The real raffle service holds the numbers; its configuration reaches the register through NATS.
  h = await startRegisterHarness({ raffle: true });
  await h.createProducts([
    { name: 'Panini', price: 4, category: 'Plats du jour', clickAndCollect: true },
    { name: 'Limonade', price: 2, category: 'Boissons fraîches' },
    { name: 'Thé glacé', price: 1.2, category: 'Boissons fraîches' },
    { name: 'Cidre brut', price: 3, category: 'Boissons fraîches', alcohol: true },
    { name: 'Tarte aux pommes', price: 1.5, category: 'Desserts maison' },
    { name: 'Chouchous', price: 2.5, category: 'Gourmandises' },
    { name: 'Grimage', price: 3, category: 'Stands' },
  ]);
  // The event's own meal deal, before its first sale: a dish at 4,00, a drink at 2,00 and a dessert at 1,50 get 1,00 off.
  await h.setMealDeal({
    discount: 1,
    items: [
      { category: 'Plats du jour', price: 4 },
      { category: 'Boissons fraîches', price: 2 },
      { category: 'Desserts maison', price: 1.5 },
    ],
  });
  RAFFLE_ID = await h.raffle.createRaffle({
    name: 'Tombola de printemps',
    tickets: 500,
    price: [
      { nb: 1, p: 2 },
      { nb: 5, p: 8 },
    ],
  });
  const basket = await h.raffle.createGiftBasket({
    name: 'Panier du terroir',
    price: [
      { nb: 1, p: 2 },
      { nb: 3, p: 5 },
    ],
    types: [
      { name: 'Panier gourmand', price: 2 },
      { name: 'Panier bien-être', price: 2 },
    ],
  });
  BASKET_ID = basket.id;
  [GOURMAND, BIEN_ETRE] = basket.types.map((t) => t.id) as [number, number];
  await eventually(
    async () =>
      (await h.db('products').join('categories', 'categories.id', 'products.category_id').where('categories.gift_basket_id', BASKET_ID))
        .length === 2,
  );
  const created = await h.request('POST', '/api/cr/users/create', {
    body: { email: 'alice.durand@example.org', phone: '06 11 22 33 44', firstName: 'Alice', lastName: 'Durand' },
  });
  buyerId = created.body.data.user.id;
  // What the other services receive: sale.completed on the bus.
  listener = await startConsumer({
    db: h.db,
    bus: h.bus,
    logger: createLogger('test', 'error'),
    name: 'test-sale-completed',
    type: 'sale.completed',
    async handle(event) {
      published.push(event);
    },
  });
});

afterAll(async () => {
  await listener?.stop();
  await h?.close();
});

const line = (name: string, quantity = 1, price?: number) => ({ product: { id: h.madeProduct(name), name, price }, quantity });
const ticketProduct = async (kind: 'raffle' | 'giftbasket', nb: number) => {
  const owner = kind === 'raffle' ? 'raffle_id' : 'gift_basket_id';
  const row = await h
    .db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .where(`c.${owner}`, kind === 'raffle' ? RAFFLE_ID : BASKET_ID)
    .andWhere('p.tier_nb', nb)
    .andWhere('p.active', true)
    .first('p.id', 'p.name');
  return { product: { id: row.id as number, name: row.name as string }, quantity: 1 };
};

function sale(overrides: Record<string, unknown>) {
  return { sale: { checkoutId: h.checkoutId, eventId: h.eventId, personId: 0, paymentMode: 2, payments: [], ...overrides } };
}

const salesCount = async () => Number((await h.db('sales').count({ n: '*' }))[0]!.n);
const outboxOf = async (reference: string) =>
  (await h.db('outbox').where({ type: 'sale.completed' }).whereRaw("envelope->'payload'->>'reference' = ?", [reference]).first('envelope'))
    ?.envelope as EventEnvelope<'sale.completed'> | undefined;

describe('buyers (docs/spec.md §7 users)', () => {
  it('finds a buyer by e-mail in any case, or by phone written with spaces', async () => {
    const byEmail = await h.request('POST', '/api/cr/users/findOrCreate', { body: { email: 'Alice.Durand@Example.org', phone: '' } });
    expect(byEmail).toMatchObject({
      status: 200,
      body: {
        success: true,
        data: { user: { id: buyerId, firstname: 'Alice', lastname: 'Durand', phone: '0611223344', email: 'alice.durand@example.org' } },
      },
    });
    const byPhone = await h.request('POST', '/api/cr/users/findOrCreate', { body: { email: '', phone: '06.11.22.33.44' } });
    expect(byPhone.body.data.user.id).toBe(buyerId);
  });

  it('says when nobody matches, so the screen asks for Prénom and Nom', async () => {
    expect(await h.request('POST', '/api/cr/users/findOrCreate', { body: { email: 'inconnu@example.org', phone: '' } })).toMatchObject({
      status: 404,
      body: { success: false, error: 'Aucune personne ne correspond à cet e-mail ou ce téléphone.' },
    });
  });

  it('requires both names to create a buyer, and a way to reach them', async () => {
    for (const body of [
      { email: 'x@example.org', firstName: 'Jean' },
      { email: 'x@example.org', firstName: '  ', lastName: 'Valjean' },
    ]) {
      expect(await h.request('POST', '/api/cr/users/create', { body })).toMatchObject({
        status: 400,
        body: { error: 'Le prénom et le nom sont obligatoires.' },
      });
    }
    expect(await h.request('POST', '/api/cr/users/create', { body: { firstName: 'Jean', lastName: 'Valjean' } })).toMatchObject({
      status: 400,
      body: { error: 'Saisissez un e-mail ou un numéro de téléphone.' },
    });
    expect(
      await h.request('POST', '/api/cr/users/create', { body: { email: 'pas-un-email', firstName: 'Jean', lastName: 'Valjean' } }),
    ).toMatchObject({ status: 400, body: { error: "L'adresse e-mail n'est pas valide." } });
    expect(
      await h.request('POST', '/api/cr/users/create', {
        body: { email: 'jean.valjean@example.org', phone: 'abc', firstName: 'Jean', lastName: 'Valjean' },
      }),
    ).toMatchObject({ status: 400, body: { error: "Le numéro de téléphone n'est pas valide." } });
    expect(
      await h.request('POST', '/api/cr/users/create', { body: { email: 'ALICE.durand@example.org', firstName: 'Alice', lastName: 'Bis' } }),
    ).toMatchObject({ status: 409 });
  });
});

describe('payment modes (docs/spec.md §4)', () => {
  it('cash: status 1, the amount given as reference, a receipt and a preparation slip', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [line('Panini', 2), line('Cidre brut')],
        paymentMode: 2,
        paymentStatus: 1,
        payments: [{ method: 'ESP', amount: 11, payment_reference: '20' }],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      deliveryMethod: 'print',
      orderType: 'kermesse',
      error: null,
      sale: { price: 11, paymentMode: 2, paymentStatus: 1 },
    });
    const { reference } = res.body.sale;
    expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(res.body.printData.receiptHtml).toContain('size: 80mm');
    expect(res.body.printData.receiptHtml).toContain(`Reçu ${reference}`);
    expect(res.body.printData.receiptHtml).toContain('Donné : 20,00\u00a0€ — rendu : 9,00\u00a0€');
    expect(res.body.printData.orderHtml).toContain('Commande à préparer');
    expect(res.body.printData.orderHtml).toContain('2 ×</td><td>Panini');
    expect(res.body.printData.orderHtml).not.toContain('Cidre');
    const row = await h.db('sales').where({ reference }).first();
    expect(row).toMatchObject({ payment_mode: 2, payment_status: 1, total_cents: 1100, paid_cents: 1100 });
    expect(await h.db('payments').where({ sale_id: row.id }).select('method', 'amount_cents', 'reference')).toEqual([
      { method: 'ESP', amount_cents: 1100, reference: '20' },
    ]);
  });

  it('cash: refuses an amount given that is not a number, or none, and writes nothing', async () => {
    const before = await salesCount();
    const cash = async (given: unknown) =>
      h.request('POST', '/api/cr/sale/create', {
        body: sale({ cart: [line('Panini', 1)], payments: [{ method: 'ESP', amount: 4, payment_reference: given }] }),
      });
    for (const given of ['abc', 'NaN', '🙂', '1e3', 'Infinity']) {
      expect(await cash(given)).toMatchObject({
        status: 400,
        body: { error: "Le montant donné en espèces n'est pas un nombre : saisissez par exemple 20 ou 20,50." },
      });
    }
    for (const given of [null, '', '  ']) {
      expect(await cash(given)).toMatchObject({
        status: 400,
        body: { error: 'Montant insuffisant. Vous devez fournir au moins 4,00\u00a0€.' },
      });
    }
    expect((await cash('20,50')).status).toBe(201);
    expect(await salesCount()).toBe(before + 1);
  });

  it('refuses a NUL character in any text field with a 400 naming the field, never a 500', async () => {
    const before = await salesCount();
    expect(
      await h.request('POST', '/api/cr/sale/create', {
        body: sale({
          cart: [line('Thé glacé', 1)],
          paymentMode: 1,
          payments: [{ method: 'CHQ', amount: 1.2, payment_reference: '00\u000012' }],
        }),
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Le champ « sale.payments.0.payment_reference » contient un caractère interdit (caractère nul).' },
    });
    expect(
      await h.request('POST', '/api/cr/users/create', { body: { email: 'nul@example.org', firstName: 'Jea\u0000n', lastName: 'Valjean' } }),
    ).toMatchObject({ status: 400, body: { error: 'Le champ « firstName » contient un caractère interdit (caractère nul).' } });
    expect(await salesCount()).toBe(before);
  });

  it('cash: refuses an amount given below the total with the spec message', async () => {
    const before = await salesCount();
    expect(
      await h.request('POST', '/api/cr/sale/create', {
        body: sale({ cart: [line('Panini', 3)], payments: [{ method: 'ESP', amount: 12, payment_reference: '10' }] }),
      }),
    ).toMatchObject({ status: 400, body: { error: 'Montant insuffisant. Vous devez fournir au moins 12,00\u00a0€.' } });
    expect(await salesCount()).toBe(before);
  });

  it('cheque: status 2, the cheque number as reference, nothing to prepare', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [line('Limonade', 2)],
        paymentMode: 1,
        payments: [{ method: 'CHQ', amount: 4, payment_reference: '1234567' }],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderType: 'standard', printData: { orderHtml: '' }, sale: { paymentStatus: 2, price: 4 } });
    expect(res.body.printData.receiptHtml).toContain('Chèque n° 1234567');
    const row = await h.db('sales').where({ reference: res.body.sale.reference }).first();
    expect(await h.db('payments').where({ sale_id: row.id }).first('method', 'reference')).toEqual({ method: 'CHQ', reference: '1234567' });
  });

  it('hold: needs an identified buyer, then mode 99 status 2 without payment', async () => {
    expect(await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [line('Thé glacé')], paymentMode: 99 }) })).toMatchObject({
      status: 400,
      body: { error: 'Identifier/Créer une personne pour ce panier' },
    });
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Thé glacé')], paymentMode: 99, personId: buyerId }),
    });
    expect(res).toMatchObject({ status: 201, body: { sale: { paymentMode: 99, paymentStatus: 2 } } });
    expect(res.body.printData.receiptHtml).toContain('En attente de règlement — reste à payer : 1,20\u00a0€');
    const row = await h.db('sales').where({ reference: res.body.sale.reference }).first();
    expect(row).toMatchObject({ payment_mode: 99, payment_status: 2, paid_cents: 0, person_id: buyerId });
    expect(await h.db('payments').where({ sale_id: row.id })).toEqual([]);
  });

  it('card: refuses a transaction code the terminal never confirmed', async () => {
    expect(
      await h.request('POST', '/api/cr/sale/create', {
        body: sale({ cart: [line('Thé glacé')], paymentMode: 3, payments: [{ method: 'CB', amount: 1.2, payment_reference: 'INVENTE' }] }),
      }),
    ).toMatchObject({ status: 400, body: { error: 'Transaction CB inconnue : le paiement par carte passe par le terminal.' } });
  });
});

describe('prices are the server’s (docs/spec.md §9)', () => {
  it('ignores every price and total the client sends', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [line('Panini', 2, 0.01), line('Chouchous', 1, 0)],
        price: 0.02,
        payments: [{ method: 'ESP', amount: 0.02, payment_reference: '11' }],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.sale.price).toBe(10.5);
    const envelope = await outboxOf(res.body.sale.reference);
    expect(envelope!.payload.lines.map((l) => [l.name, l.unitPriceCents, l.totalCents])).toEqual([
      ['Panini', 400, 800],
      ['Chouchous', 250, 250],
    ]);
    expect(envelope!.payload.payments).toEqual([{ method: 'ESP', amountCents: 1050, reference: '11' }]);
  });

  it('adds the meal-deal discount line (-2) for each complete set, and only then', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [line('Panini', 2), line('Limonade', 2), line('Tarte aux pommes', 3), { product: { id: -2, price: -5 }, quantity: 5 }],
      }),
    });
    expect(res.body.sale.price).toBe(2 * 4 + 2 * 2 + 3 * 1.5 - 2 * 1);
    const lines = (await outboxOf(res.body.sale.reference))!.payload.lines;
    expect(lines.at(-1)).toEqual({
      productId: -2,
      name: 'Remise formule',
      categoryId: null,
      categoryName: 'Remises',
      unitPriceCents: -100,
      quantity: 2,
      totalCents: -200,
      kind: 'discount',
    });
    // A drink at another price than the meal deal's: no set.
    const none = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Panini'), line('Thé glacé'), line('Tarte aux pommes')] }),
    });
    expect(none.body.sale.price).toBe(6.7);
  });

  it('takes the donation (-1) amount from the cashier, in the « Dons » category', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [line('Thé glacé'), { product: { id: -1, name: 'Don', price: 10, productCategory: { id: 0, name: 'Dons' } }, quantity: 1 }],
      }),
    });
    expect(res.body.sale.price).toBe(11.2);
    const donation = (await outboxOf(res.body.sale.reference))!.payload.lines.find((l) => l.productId === -1);
    expect(donation).toMatchObject({ kind: 'donation', categoryName: 'Dons', totalCents: 1000 });
    expect(
      await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [{ product: { id: -1, price: 0 }, quantity: 1 }] }) }),
    ).toMatchObject({ status: 400, body: { error: 'Le montant du don doit être supérieur à 0 € (2 décimales au plus).' } });
  });
});

describe('receipt wish and sale.completed', () => {
  it("records the buyer's SMS receipt wish and answers deliveryMethod sms", async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Chouchous')], personId: buyerId, receipt: { method: 'sms', to: '07 88 99 00 11' } }),
    });
    expect(res.body.deliveryMethod).toBe('sms');
    const envelope = await outboxOf(res.body.sale.reference);
    expect(envelope!.payload.receipt).toEqual({ method: 'sms', to: '0788990011' });
    expect(envelope!.payload.buyer).toEqual({
      personId: buyerId,
      firstname: 'Alice',
      lastname: 'Durand',
      email: 'alice.durand@example.org',
      phone: '0611223344',
    });
  });

  it("sends the e-mail receipt to the buyer's address by default", async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Chouchous')], personId: buyerId, receipt: { method: 'email' } }),
    });
    expect(res.body.deliveryMethod).toBe('email');
    expect((await outboxOf(res.body.sale.reference))!.payload.receipt).toEqual({ method: 'email', to: 'alice.durand@example.org' });
  });

  it('refuses an SMS number that is not 10 digits (the spec message)', async () => {
    expect(
      await h.request('POST', '/api/cr/sale/create', {
        body: sale({ cart: [line('Chouchous')], receipt: { method: 'sms', to: '06 12' } }),
      }),
    ).toMatchObject({ status: 400, body: { error: 'Merci de saisir un numéro de téléphone valide (10 chiffres).' } });
  });

  it('publishes sale.completed with the full lines, payments and buyer on NATS', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Chouchous', 2)], personId: buyerId, payments: [{ method: 'ESP', payment_reference: '5' }] }),
    });
    const event = await eventually(() => published.find((e) => e.payload.reference === res.body.sale.reference), 10_000);
    expect(event.source).toBe('register');
    expect(event.payload).toMatchObject({
      saleId: res.body.sale.id,
      eventId: h.eventId,
      checkoutId: h.checkoutId,
      claimId: null,
      totalCents: 500,
      paymentMode: 2,
      paymentStatus: 1,
      tickets: [],
      bets: [],
      receipt: null,
      lines: [
        {
          productId: h.madeProduct('Chouchous'),
          name: 'Chouchous',
          quantity: 2,
          unitPriceCents: 250,
          totalCents: 500,
          kind: 'product',
          categoryName: 'Gourmandises',
        },
      ],
      payments: [{ method: 'ESP', amountCents: 500, reference: '5' }],
      buyer: { personId: buyerId, firstname: 'Alice' },
    });
  });
});

describe('every bad body gets a 400 in French and changes nothing', () => {
  const cases: Array<[string, () => Promise<unknown>, string | RegExp]> = [
    ['no sale', async () => ({}), 'Le champ « sale » est obligatoire.'],
    ['not JSON', async () => '{"sale":', 'Corps de requête invalide (JSON attendu).'],
    ['cart missing', async () => ({ sale: { checkoutId: 1, eventId: 1, paymentMode: 2 } }), 'Le champ « sale.cart » est obligatoire.'],
    ['cart not a list', async () => sale({ cart: 'hot-dog' }), 'Le champ « sale.cart » doit être de type liste.'],
    ['quantity 0', async () => sale({ cart: [line('Panini', 0)] }), 'Le champ « sale.cart.0.quantity » doit être supérieur ou égal à 1.'],
    [
      'quantity 51',
      async () => sale({ cart: [line('Panini', 51)] }),
      'Le champ « sale.cart.0.quantity » doit être inférieur ou égal à 50.',
    ],
    [
      'unknown payment mode',
      async () => sale({ cart: [line('Panini')], paymentMode: 4 }),
      "Le champ « sale.paymentMode » doit valoir l'une des valeurs : 1, 2, 3, 99.",
    ],
    [
      'product id as text',
      async () => sale({ cart: [{ product: { id: 'abc' }, quantity: 1 }] }),
      'Le champ « sale.cart.0.product.id » doit être de type entier.',
    ],
    [
      'bet weight 0',
      async () => sale({ cart: [line('Panini')], giftBaskets: [{ weight: 0, type: { id: 1 } }] }),
      'Le champ « sale.giftBaskets.0.weight » doit être supérieur ou égal à 1.',
    ],
    ['empty cart', async () => sale({ cart: [] }), 'Le panier est vide.'],
    [
      'unknown product',
      async () => sale({ cart: [{ product: { id: 987654, name: 'Caviar' }, quantity: 1 }] }),
      "Le produit « Caviar » (n° 987654) n'est pas en vente à cette caisse.",
    ],
    [
      'register of another event',
      async () => sale({ cart: [line('Panini')], eventId: h.eventId + 1000 }),
      "Cette caisse n'appartient pas à cet événement.",
    ],
    ['unknown buyer', async () => sale({ cart: [line('Panini')], personId: 999999 }), 'Acheteur introuvable : identifiez-le à nouveau.'],
    [
      'bad receipt method',
      async () => sale({ cart: [line('Panini')], receipt: { method: 'pigeon' } }),
      "Le champ « sale.receipt.method » doit valoir l'une des valeurs : sms, email, print.",
    ],
  ];
  it.each(cases)('%s', async (_name, build, message) => {
    const before = await salesCount();
    const res = await h.request('POST', '/api/cr/sale/create', { body: await build() });
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.error).toBe(message);
    else expect(res.body.error).toMatch(message);
    expect(await salesCount()).toBe(before);
  });

  it('answers an unknown register with 404', async () => {
    expect(await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [line('Panini')], checkoutId: 999999 }) })).toMatchObject({
      status: 404,
      body: { error: 'Caisse introuvable.' },
    });
  });
});

describe('raffle tickets and bets', () => {
  it('needs a buyer, a selection of the paid number of tickets, and at least one bet', async () => {
    const five = await ticketProduct('raffle', 5);
    expect(await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [five], raffles: [1, 2, 3, 4, 5] }) })).toMatchObject({
      status: 400,
      body: { error: 'Identifier/Créer une personne pour ce panier' },
    });
    expect(await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [five], personId: buyerId }) })).toMatchObject({
      status: 400,
      body: { error: 'Aucune selection de tickets' },
    });
    expect(
      await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [five], personId: buyerId, raffles: [1, 2, 3, 4, 5, 6] }) }),
    ).toMatchObject({ status: 400, body: { error: 'Vous pouvez sélectionner un maximum de 5 tickets.' } });
    const bet = await ticketProduct('giftbasket', 3);
    expect(await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [bet], personId: buyerId }) })).toMatchObject({
      status: 400,
      body: { error: 'Aucun vote effectué' },
    });
    expect(
      await h.request('POST', '/api/cr/sale/create', {
        body: sale({
          cart: [bet],
          personId: buyerId,
          giftBaskets: [
            { weight: 4250, type: { id: GOURMAND } },
            { weight: 4250, type: { id: GOURMAND } },
          ],
        }),
      }),
    ).toMatchObject({ status: 400, body: { error: 'Ce pari a déjà été sélectionné.' } });
    expect(h.raffle.calls.claims).toBe(0);
  });

  it('claims the numbers and bets, writes them with the sale and names the claim in sale.completed', async () => {
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [await ticketProduct('raffle', 5), await ticketProduct('giftbasket', 3)],
        personId: buyerId,
        raffleId: RAFFLE_ID,
        raffles: [10, 11, 12, { number: 13 }, 14],
        giftBasketsId: BASKET_ID,
        giftBaskets: [
          { weight: 4250, type: { id: GOURMAND, name: 'Panier gourmand' } },
          { weight: 3980, type: { id: BIEN_ETRE } },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.sale.price).toBe(13);
    expect(res.body.printData.receiptHtml).toContain('n° 10, n° 11, n° 12, n° 13, n° 14');
    expect(res.body.printData.receiptHtml).toContain('Panier gourmand : 4 kg 250 g');
    const payload = (await outboxOf(res.body.sale.reference))!.payload;
    expect(payload.claimId).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.tickets).toEqual([10, 11, 12, 13, 14].map((number) => ({ raffleId: RAFFLE_ID, number })));
    expect(payload.bets).toEqual([
      { giftBasketId: BASKET_ID, typeId: GOURMAND, weight: 4250 },
      { giftBasketId: BASKET_ID, typeId: BIEN_ETRE, weight: 3980 },
    ]);
    expect(payload.lines.map((l) => l.kind)).toEqual(['raffle', 'giftbasket']);
    expect(await h.raffle.takenNumbers(RAFFLE_ID)).toEqual(expect.arrayContaining([10, 11, 12, 13, 14]));
  });

  it('answers 409 in French when a number was just sold, writes nothing and frees the claim', async () => {
    const before = await salesCount();
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [await ticketProduct('raffle', 5)], personId: buyerId, raffles: [14, 15, 16, 17, 18] }),
    });
    expect(res).toMatchObject({
      status: 409,
      body: {
        error: "Ce numéro de tombola vient d'être vendu : 14. Choisissez-en un autre.",
        code: 'TICKET_TAKEN',
        details: { numbers: [14], weights: [] },
      },
    });
    expect(await salesCount()).toBe(before);
    expect(await h.raffle.takenNumbers(RAFFLE_ID)).not.toContain(15);
  });

  it('answers 503 in French while the raffle service is down, and writes nothing', async () => {
    h.raffle.down = true;
    try {
      const before = await salesCount();
      const res = await h.request('POST', '/api/cr/sale/create', {
        body: sale({ cart: [await ticketProduct('raffle', 1)], personId: buyerId, raffles: [100] }),
      });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/^Le service de tombola ne répond pas/);
      expect(res.body.code).toBe('RAFFLE_UNAVAILABLE');
      expect(await salesCount()).toBe(before);
    } finally {
      h.raffle.down = false;
    }
  });

  it('sells each number once when 20 registers sell overlapping numbers at the same time', async () => {
    const five = await ticketProduct('raffle', 5);
    // Register i wants 200+i … 204+i: neighbours overlap on four numbers.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.request('POST', '/api/cr/sale/create', {
          body: sale({ cart: [five], personId: buyerId, raffles: [0, 1, 2, 3, 4].map((k) => 200 + i + k) }),
        }),
      ),
    );
    const windows = results.map((r, i) => ({ status: r.status, numbers: [0, 1, 2, 3, 4].map((k) => 200 + i + k) }));
    const won = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(won.length + refused.length).toBe(20);
    // Every refusal is explained by a sale that got one of its numbers.
    const wonNumbers = new Set(windows.filter((w) => w.status === 201).flatMap((w) => w.numbers));
    for (const w of windows.filter((x) => x.status === 409)) expect(w.numbers.some((n) => wonNumbers.has(n))).toBe(true);
    for (const r of refused)
      expect(r.body.error).toMatch(/^(Ce numéro de tombola vient d'être vendu|Ces numéros de tombola viennent d'être vendus) : /);
    // The client reads the numbers from the details: each named number was in that register's window.
    for (const [i, r] of results.entries())
      if (r.status === 409) expect(windows[i]!.numbers).toEqual(expect.arrayContaining(r.body.details.numbers));
    const sold: Array<{ number: number }> = await h
      .db('sale_tickets')
      .where({ raffle_id: RAFFLE_ID })
      .whereBetween('number', [200, 230])
      .select('number');
    const numbers = sold.map((s) => s.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.length).toBe(won.length * 5);
    // The raffle holds exactly the numbers of the sales written: no claim leaked.
    expect((await h.raffle.takenNumbers(RAFFLE_ID)).filter((n) => n >= 200 && n <= 230).sort((a, b) => a - b)).toEqual(
      [...numbers].sort((a, b) => a - b),
    );
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates one sale', async () => {
    const key = randomUUID();
    const body = sale({ cart: [line('Grimage')] });
    const first = await h.request('POST', '/api/cr/sale/create', { body, headers: { 'Idempotency-Key': key } });
    const before = await salesCount();
    const again = await h.request('POST', '/api/cr/sale/create', { body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await salesCount()).toBe(before);
  });

  it('refuses the same key with another body (422)', async () => {
    const key = randomUUID();
    await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Grimage')] }),
      headers: { 'Idempotency-Key': key },
    });
    const other = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Grimage', 2)] }),
      headers: { 'Idempotency-Key': key },
    });
    expect(other).toMatchObject({
      status: 422,
      body: { error: 'Cette clé Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé.' },
    });
  });

  it('answers 409 to a retry while the first request still runs, then the first answer', async () => {
    const key = randomUUID();
    const body = sale({ cart: [await ticketProduct('raffle', 1)], personId: buyerId, raffles: [300] });
    h.raffle.delayMs = 600;
    try {
      const first = h.request('POST', '/api/cr/sale/create', { body, headers: { 'Idempotency-Key': key } });
      // The first request holds the key (its claim is slowed down) before the retry arrives.
      await eventually(() => h.db('idempotency_keys').where({ key, state: 'running' }).first());
      const during = await h.request('POST', '/api/cr/sale/create', { body, headers: { 'Idempotency-Key': key } });
      expect(during).toMatchObject({ status: 409, body: { error: 'Cette vente est déjà en cours de traitement. Patientez un instant.' } });
      const done = await first;
      expect(done.status).toBe(201);
      const after = await h.request('POST', '/api/cr/sale/create', { body, headers: { 'Idempotency-Key': key } });
      expect(after.body.sale.reference).toBe(done.body.sale.reference);
      expect(h.raffle.calls.claims).toBeGreaterThan(0);
    } finally {
      h.raffle.delayMs = 0;
    }
    expect(await h.db('sale_tickets').where({ raffle_id: RAFFLE_ID, number: 300 })).toHaveLength(1);
  });

  it('keeps nothing for a refused request: the same key works once the body is fixed', async () => {
    const key = randomUUID();
    const refused = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Thé glacé')], paymentMode: 99 }),
      headers: { 'Idempotency-Key': key },
    });
    expect(refused.status).toBe(400);
    const fixed = await h.request('POST', '/api/cr/sale/create', {
      body: sale({ cart: [line('Thé glacé')], paymentMode: 99, personId: buyerId }),
      headers: { 'Idempotency-Key': key },
    });
    expect(fixed.status).toBe(201);
  });

  it('forgets keys after 24 hours', async () => {
    const { pruneIdempotencyKeys } = await import('./idempotency.ts');
    await h.db('idempotency_keys').insert({
      user_id: 'u',
      scope: 'sale.create',
      key: 'old',
      request_hash: 'x',
      state: 'done',
      locked_until: new Date(),
      created_at: new Date(Date.now() - 25 * 3_600_000),
    });
    await h
      .db('idempotency_keys')
      .insert({ user_id: 'u', scope: 'sale.create', key: 'recent', request_hash: 'x', state: 'done', locked_until: new Date() });
    expect(await pruneIdempotencyKeys(h.db)).toBe(1);
    expect(await h.db('idempotency_keys').where({ user_id: 'u' }).pluck('key')).toEqual(['recent']);
  });

  it('refuses a malformed key', async () => {
    expect(
      await h.request('POST', '/api/cr/sale/create', { body: sale({ cart: [line('Thé glacé')] }), headers: { 'Idempotency-Key': 'a b' } }),
    ).toMatchObject({ status: 400, body: { error: "L'en-tête Idempotency-Key doit contenir de 1 à 255 caractères imprimables." } });
  });
});

describe('receipts', () => {
  let reference: string;
  beforeAll(async () => {
    // A meal-deal set of its own: 4,00 + 2,00 + 1,50 − 1,00 = 6,50.
    await h.createProducts([
      { name: 'Croque maison', price: 4, category: 'Plats du jour' },
      { name: "Jus d'orange", price: 2, category: 'Boissons fraîches' },
      { name: 'Far breton', price: 1.5, category: 'Desserts maison' },
    ]);
    const res = await h.request('POST', '/api/cr/sale/create', {
      body: sale({
        cart: [line('Croque maison'), line("Jus d'orange"), line('Far breton')],
        personId: buyerId,
        receipt: { method: 'email' },
      }),
    });
    reference = res.body.sale.reference;
  });

  it('prints the receipt as 80 mm HTML for the cashier', async () => {
    const res = await h.request('GET', `/api/cr/order/${reference}/print`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('@page { size: 80mm auto; margin: 0; }');
    expect(res.text).toContain('Croque maison');
    expect(res.text).toContain('Remise formule');
    expect(res.text).toContain('6,50\u00a0€');
    expect(res.text).toContain(`/s/${reference}`);
    // A lower-case reference typed by hand finds it too.
    expect((await h.request('GET', `/api/cr/order/${reference.toLowerCase()}/print`)).status).toBe(200);
    expect(await h.request('GET', '/api/cr/order/ZZZZZ-ZZZZZ/print')).toMatchObject({ status: 404, body: { error: 'Vente introuvable.' } });
  });

  it('shows the public receipt page /s/{reference} without a token, and nothing personal', async () => {
    const res = await h.request('GET', `/s/${reference}`, { who: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain('Croque maison');
    expect(res.text).toContain('Fête de l&#39;école');
    for (const secret of ['Alice', 'Durand', 'alice.durand@example.org', '0611223344']) expect(res.text).not.toContain(secret);
    const missing = await h.request('GET', '/s/ABCDE-FGHJK', { who: null });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Reçu introuvable');
  });
});
