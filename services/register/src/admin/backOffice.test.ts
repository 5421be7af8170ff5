/**
 * The register's back office as an association uses it: events, registers, categories,
 * products (pictures, CSV import), meal deal — with real Postgres, NATS and identity tokens.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { LIMITS_HEADER } from '@kermesse/kit/tenancy';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';
import { applyRaffleConfigured } from '../commands/applyRaffleConfigured.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness();
});

/** Pictures this file uploaded (the app's default folder when the server gives none): removed at the end. */
const uploaded: string[] = [];

afterAll(async () => {
  await h?.close();
  await Promise.all(uploaded.map((name) => rm(path.join(tmpdir(), 'kermesse-register-uploads', name), { force: true })));
});

const admin = <T = any>(method: string, path: string, body?: unknown) => h.request<T>(method, path, { who: 'admin', body }); // eslint-disable-line @typescript-eslint/no-explicit-any

let counter = 0;
const unique = (name: string) => `${name} ${++counter}-${Date.now() % 100000}`;

async function buildEvent(name = unique('Kermesse')) {
  const res = await admin('POST', '/api/admin/events', { name, startsOn: '2027-06-12', place: 'École Jules Ferry' });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}
async function buildCheckout(eventId: number, name = 'Caisse Buvette') {
  const res = await admin('POST', `/api/admin/events/${eventId}/checkouts`, { name });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}
async function buildCategory(eventId: number, name = 'Boissons') {
  const res = await admin('POST', '/api/admin/categories', { name, eventId });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}
async function buildProduct(overrides: Record<string, unknown>) {
  const res = await admin('POST', '/api/admin/products', {
    name: 'Limonade',
    price: '2,50',
    clickAndCollectEligible: false,
    alcoohol: false,
    active: true,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; price: number; checkoutIds: number[]; image: string | null };
}

/** A 1×1 (or w×h) PNG whose header is true; the pixels are never decoded by the check. */
function png(width = 1, height = 1): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(
  path: string,
  file: Buffer | string,
  filename: string,
  type: string,
  fields: Record<string, string> = {},
  who: 'admin' | 'caissier' = 'admin',
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }), filename);
  const res = await fetch(h.base + path, { method: 'POST', headers: { authorization: `Bearer ${h.tokens[who]}`, ...headers }, body: form });
  const body = JSON.parse(await res.text()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (typeof body?.image === 'string') uploaded.push(body.image);
  return { status: res.status, body };
}

describe('events (/api/admin/events)', () => {
  it('creates an event (201, id at the top level) that the registers list at once', async () => {
    const name = unique('Kermesse de juin');
    const res = await admin('POST', '/api/admin/events', {
      name: `  ${name} `,
      startsOn: '2027-06-12',
      endsOn: '2027-06-13',
      place: "Cour de l'école",
      description: 'Jeux, buvette et tombola.',
    });
    expect(res).toMatchObject({
      status: 201,
      body: { name, startsOn: '2027-06-12', endsOn: '2027-06-13', place: "Cour de l'école", archived: false, hasSales: false },
    });
    expect(res.body.id).toBeGreaterThan(0);
    const listed = (await h.request('GET', '/api/cr/events')).body as Array<{ id: number; name: string }>;
    expect(listed).toContainEqual({ id: res.body.id, name });
    expect((await admin('GET', `/api/admin/events/${res.body.id}`)).body).toMatchObject({ name, description: 'Jeux, buvette et tombola.' });
    const outbox = await h
      .db('outbox')
      .where({ type: 'catalog.event.created' })
      .whereRaw("(envelope->'payload'->>'eventId')::int = ?", [res.body.id])
      .first();
    expect(outbox).toBeTruthy();
  });

  it('edits and archives an event; an archived event leaves the register but is never deleted', async () => {
    const event = await buildEvent();
    expect(await admin('PUT', `/api/admin/events/${event.id}`, { name: "Fête de fin d'année", place: 'Gymnase' })).toMatchObject({
      status: 200,
      body: { id: event.id, name: "Fête de fin d'année", place: 'Gymnase', startsOn: '2027-06-12' },
    });
    expect(await admin('DELETE', `/api/admin/events/${event.id}`)).toMatchObject({ status: 200, body: { id: event.id, archived: true } });
    expect(((await h.request('GET', '/api/cr/events')).body as Array<{ id: number }>).map((e) => e.id)).not.toContain(event.id);
    expect((await admin('GET', '/api/admin/events')).body).toContainEqual(expect.objectContaining({ id: event.id, archived: true }));
    expect(await admin('POST', `/api/admin/events/${event.id}/checkouts`, { name: 'Caisse 1' })).toMatchObject({
      status: 409,
      body: { code: 'EVENT_ARCHIVED' },
    });
    expect(await admin('PUT', `/api/admin/events/${event.id}`, { archived: false })).toMatchObject({
      status: 200,
      body: { archived: false },
    });
  });

  it("sets the register's idle lock per event (30 minutes by default), served with the register's settings", async () => {
    const event = await buildEvent();
    const checkout = await buildCheckout(event.id);
    expect((await admin('GET', `/api/admin/events/${event.id}`)).body).toMatchObject({ idleLockMinutes: 30 });
    expect((await h.request('GET', `/api/cr/settings?checkoutId=${checkout.id}`)).body.data.idleLockMinutes).toBe(30);
    expect(await admin('PUT', `/api/admin/events/${event.id}`, { idleLockMinutes: 10 })).toMatchObject({
      status: 200,
      body: { idleLockMinutes: 10 },
    });
    expect((await h.request('GET', `/api/cr/settings?eventId=${event.id}`)).body.data.idleLockMinutes).toBe(10);
    expect((await h.request('GET', `/api/cr/settings?checkoutId=${checkout.id}`)).body.data.idleLockMinutes).toBe(10);
    expect((await h.request('GET', '/api/cr/settings')).body.data.idleLockMinutes).toBe(30);
    const bad = await admin('PUT', `/api/admin/events/${event.id}`, { idleLockMinutes: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('idleLockMinutes');
    expect((await admin('GET', `/api/admin/events/${event.id}`)).body).toMatchObject({ idleLockMinutes: 10 });
  });

  it('gives one register name once when requests ask for it at the same time: the others get 400 NAME_TAKEN, never a 500', async () => {
    const event = await buildEvent();
    const others = await Promise.all([
      buildCheckout(event.id, 'Caisse 1'),
      buildCheckout(event.id, 'Caisse 2'),
      buildCheckout(event.id, 'Caisse 3'),
    ]);
    const answers = await Promise.all([
      ...others.map((c) => admin('PUT', `/api/admin/checkout/${c.id}`, { name: 'Caisse Tombola' })),
      ...others.map(() => admin('POST', `/api/admin/events/${event.id}/checkouts`, { name: 'Caisse Tombola' })),
    ]);
    expect(answers.filter((a) => a.status < 300)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status >= 300)) {
      expect(refused).toMatchObject({ status: 400, body: { error: 'Ce nom est déjà utilisé dans cet événement.', code: 'NAME_TAKEN' } });
    }
    expect(await h.db('checkouts').where({ event_id: event.id, name: 'Caisse Tombola' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('refuses bad input in French, naming the field, and writes nothing', async () => {
    const before = Number((await h.db('events').count({ n: '*' }))[0]!.n);
    expect(await admin('POST', '/api/admin/events', { name: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « name » ne doit pas être vide.', code: 'NAME_EMPTY' },
    });
    expect(await admin('POST', '/api/admin/events', {})).toMatchObject({
      status: 400,
      body: { error: 'Le champ « name » est obligatoire.' },
    });
    expect(await admin('POST', '/api/admin/events', { name: 'Loto', startsOn: '12/06/2027' })).toMatchObject({
      status: 400,
      body: { error: "Le champ « startsOn » n'est pas au bon format (date)." },
    });
    expect(await admin('POST', '/api/admin/events', { name: 'Loto', startsOn: '2027-06-12', endsOn: '2027-06-01' })).toMatchObject({
      status: 400,
      body: { error: 'La date de fin doit suivre la date de début.' },
    });
    // A field the back office does not know is refused, not ignored (docs/api.md §1): no event without its date.
    expect(await admin('POST', '/api/admin/events', { name: 'Loto', date: '2027-06-12' })).toMatchObject({
      status: 400,
      body: { error: "Le champ « date » n'est pas autorisé.", code: 'VALIDATION', details: { field: 'date' } },
    });
    expect(Number((await h.db('events').count({ n: '*' }))[0]!.n)).toBe(before);
    expect(await admin('GET', '/api/admin/events/999999')).toMatchObject({ status: 404, body: { error: 'Événement introuvable.' } });
  });

  it('is for admins only: a cashier gets 403, nobody signed in 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events'],
      ['POST', '/api/admin/categories'],
      ['POST', '/api/admin/products'],
      ['PUT', '/api/admin/checkout/1'],
      ['GET', '/api/admin/events/1/meal-deal'],
    ] as const) {
      const body = method === 'GET' ? undefined : { name: 'x' };
      expect((await h.request(method, path, { body })).status, `${method} ${path}`).toBe(403);
      expect((await h.request(method, path, { who: null, body })).status).toBe(401);
    }
    expect((await upload('/api/admin/products/import?dry-run=1', 'nom;prix;categorie\n', 'p.csv', 'text/csv', {}, 'caissier')).status).toBe(
      403,
    );
  });
});

describe('registers, categories and products', () => {
  it('sets up a fair from nothing: the product sells at once on its register', async () => {
    const event = await buildEvent();
    const buvette = await buildCheckout(event.id, 'Caisse Buvette');
    const entree = await buildCheckout(event.id, 'Caisse Entrée');
    const boissons = await buildCategory(event.id, 'Boissons');
    const product = await buildProduct({
      name: 'Jus de pomme',
      price: '30,50',
      categoryId: boissons.id,
      eventId: event.id,
      checkoutIds: [buvette.id],
    });
    expect(product).toMatchObject({ price: 30.5, categoryName: 'Boissons', checkoutIds: [buvette.id], active: true, hasSales: false });

    expect((await h.request('GET', `/api/cr/events/${event.id}/checkouts`)).body[0].checkouts).toEqual([
      { id: buvette.id, name: 'Caisse Buvette' },
      { id: entree.id, name: 'Caisse Entrée' },
    ]);
    const [data] = (await h.request('GET', `/api/cr/checkouts/${buvette.id}`)).body as [
      { products: Array<{ id: number; price: number; productCategory: { name: string } }> },
    ];
    expect(data.products).toEqual([
      expect.objectContaining({ id: product.id, price: 30.5, productCategory: { id: boissons.id, name: 'Boissons' } }),
    ]);
    expect((await h.request('GET', `/api/cr/checkouts/${entree.id}`)).body[0].products as unknown[]).toEqual([]);

    // Other services learn it from catalog.product.changed (the stock line), published at once.
    const envelope = await eventually(
      async () =>
        (
          await h
            .db('outbox')
            .where({ type: 'catalog.product.changed' })
            .whereRaw("(envelope->'payload'->>'productId')::int = ?", [product.id])
            .first('envelope')
        )?.envelope,
    );
    expect(envelope.payload).toMatchObject({
      productId: product.id,
      priceCents: 3050,
      categoryName: 'Boissons',
      active: true,
      eventId: event.id,
    });

    // Rename a register, move the product to both.
    expect(await admin('PUT', `/api/admin/checkout/${entree.id}`, { name: 'Caisse Accueil' })).toMatchObject({
      status: 200,
      body: { name: 'Caisse Accueil' },
    });
    expect(await admin('PUT', `/api/admin/products/${product.id}`, { price: 3, checkoutIds: [buvette.id, entree.id] })).toMatchObject({
      status: 200,
      body: { price: 3, checkoutIds: [buvette.id, entree.id] },
    });
    expect(((await h.request('GET', `/api/cr/checkouts/${entree.id}`)).body[0].products as Array<{ id: number }>).map((p) => p.id)).toEqual(
      [product.id],
    );
    // Archive a register: gone from the register's list, kept here.
    expect(await admin('DELETE', `/api/admin/checkout/${entree.id}`)).toMatchObject({ status: 200, body: { archived: true } });
    expect((await h.request('GET', `/api/cr/events/${event.id}/checkouts`)).body[0].checkouts).toEqual([
      { id: buvette.id, name: 'Caisse Buvette' },
    ]);
    expect(((await admin('GET', `/api/admin/events/${event.id}/checkouts`)).body as unknown[]).length).toBe(2);
    expect(((await admin('GET', `/api/admin/products?eventId=${event.id}`)).body as Array<{ id: number }>).map((p) => p.id)).toEqual([
      product.id,
    ]);
    expect((await admin('GET', `/api/admin/categories?eventId=${event.id}`)).body).toEqual([
      expect.objectContaining({ id: boissons.id, name: 'Boissons', kind: 'product', productCount: 1 }),
    ]);
  });

  it("lists a raffle's and a loto night's categories in their fair as soon as they are announced", async () => {
    const event = await buildEvent();
    const raffleId = 900_000 + counter;
    await h.publish('raffle', 'raffle.configured', {
      raffleId,
      eventId: event.id,
      name: 'Tombola du week-end',
      totalTickets: 100,
      tiers: [{ nb: 1, priceCents: 200 }],
    });
    await h.publish('bingo', 'bingo.configured', {
      bingoId: raffleId,
      eventId: event.id,
      name: 'Loto du samedi',
      heldOn: '2027-06-12',
      prizes: [],
      totalCartons: 60,
      tiers: [{ nb: 1, priceCents: 300 }],
    });
    const listed = async () =>
      ((await admin('GET', `/api/admin/categories?eventId=${event.id}`)).body as Array<{ name: string; kind: string }>).map((c) => [
        c.name,
        c.kind,
      ]);
    await eventually(async () => (await listed()).length === 2, 20_000);
    expect((await listed()).sort()).toEqual([
      ['Loto : Loto du samedi', 'bingo'],
      ['Tombola : Tombola du week-end', 'raffle'],
    ]);
  });

  it('reads the categories and products without writing: a write holding the categories does not stop the lists', async () => {
    const event = await buildEvent();
    await buildCategory(event.id, 'Crêpes');
    // A share lock lets readers through and stops any UPDATE of the table until it is released.
    await h.db.transaction(async (trx) => {
      await trx.raw('lock table categories in share mode');
      const outcome = await Promise.race([
        Promise.all([
          admin('GET', `/api/admin/categories?eventId=${event.id}`),
          admin('GET', `/api/admin/products?eventId=${event.id}`),
          admin('GET', `/api/admin/events/${event.id}/meal-deal`),
        ]),
        new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
      ]);
      expect(outcome).not.toBe('blocked');
      if (outcome === 'blocked') return;
      expect(outcome.map((res) => res.status)).toEqual([200, 200, 200]);
      expect((outcome[0].body as Array<{ name: string }>).map((c) => c.name)).toEqual(['Crêpes']);
    });
  });

  it('refuses a negative price, an empty name, an unknown category, a category or register of another event — in French', async () => {
    const event = await buildEvent();
    const other = await buildEvent();
    const category = await buildCategory(event.id, 'Plats');
    const otherCategory = await buildCategory(other.id, 'Plats');
    const otherCheckout = await buildCheckout(other.id);
    const base = { name: 'Frites', price: '2,00', categoryId: category.id, eventId: event.id };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: '-1' }, 'Le champ « price » doit être un montant positif en euros, 2 décimales au plus (ex. 3,50).'],
      [{ price: -2 }, 'Le champ « price » doit être un montant positif en euros, 2 décimales au plus (ex. 3,50).'],
      [{ price: '2,505' }, 'Le champ « price » doit être un montant positif en euros, 2 décimales au plus (ex. 3,50).'],
      [{ name: ' ' }, 'Le champ « name » ne doit pas être vide.'],
      [{ categoryId: 999999 }, "La catégorie choisie n'existe pas."],
      [{ categoryId: otherCategory.id }, 'La catégorie choisie appartient à un autre événement.'],
      [{ checkoutIds: [otherCheckout.id] }, "Une des caisses choisies n'existe pas ou appartient à un autre événement."],
      [{ eventId: undefined }, 'Le champ « eventId » est obligatoire.'],
    ];
    for (const [overrides, error] of cases) {
      expect(await admin('POST', '/api/admin/products', { ...base, ...overrides }), JSON.stringify(overrides)).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    expect(await h.db('products').where({ category_id: category.id }).first('id')).toBeUndefined();
    expect(await admin('POST', '/api/admin/categories', { name: 'Desserts' })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « eventId » est obligatoire.' },
    });
    expect(await admin('POST', '/api/admin/categories', { name: 'plats', eventId: event.id })).toMatchObject({
      status: 400,
      body: { error: 'Ce nom est déjà utilisé dans cet événement.' },
    });
    expect(await admin('POST', `/api/admin/events/${event.id}/checkouts`, { name: '' })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « name » ne doit pas être vide.' },
    });
    expect(await admin('PUT', '/api/admin/products/999999', { price: 2 })).toMatchObject({
      status: 404,
      body: { error: 'Produit introuvable.' },
    });
  });

  it('deletes a product without sales; one with sales is deactivated and its receipt still shows it', async () => {
    const event = await buildEvent();
    const checkout = await buildCheckout(event.id);
    const category = await buildCategory(event.id, 'Desserts');
    const unsold = await buildProduct({ name: 'Tarte', price: 2, categoryId: category.id, eventId: event.id, checkoutIds: [checkout.id] });
    const sold = await buildProduct({
      name: 'Gaufre maison',
      price: '1,50',
      categoryId: category.id,
      eventId: event.id,
      checkoutIds: [checkout.id],
    });
    const saleRes = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: checkout.id,
          eventId: event.id,
          personId: 0,
          paymentMode: 2,
          cart: [{ product: { id: sold.id }, quantity: 2 }],
          payments: [{ method: 'ESP', amount: 3, payment_reference: '5' }],
        },
      },
    });
    expect(saleRes.status, JSON.stringify(saleRes.body)).toBe(201);

    expect(await admin('DELETE', `/api/admin/products/${unsold.id}`)).toMatchObject({
      status: 200,
      body: { id: unsold.id, deleted: true, deactivated: false },
    });
    expect(await h.db('products').where({ id: unsold.id }).first()).toBeUndefined();
    expect(await admin('DELETE', `/api/admin/products/${sold.id}`)).toMatchObject({
      status: 200,
      body: { id: sold.id, deleted: false, deactivated: true },
    });
    expect(await h.db('products').where({ id: sold.id }).first('active')).toEqual({ active: false });
    expect((await h.request('GET', `/api/cr/checkouts/${checkout.id}`)).body[0].products).toEqual([]);
    const receipt = await fetch(`${h.base}/s/${saleRes.body.sale.reference}`);
    expect(await receipt.text()).toContain('Gaufre maison');
    expect(await admin('DELETE', `/api/admin/categories/${category.id}`)).toMatchObject({
      status: 409,
      body: { code: 'CATEGORY_NOT_EMPTY' },
    });
    expect(await admin('GET', `/api/admin/events/${event.id}`)).toMatchObject({ body: { hasSales: true } });
    // Archived, never deleted.
    expect(await admin('DELETE', `/api/admin/events/${event.id}`)).toMatchObject({ status: 200, body: { archived: true, hasSales: true } });
    expect(await h.db('events').where({ id: event.id }).first('id')).toEqual({ id: event.id });
  });
});

describe('duplicate from a past event', () => {
  it('copies registers, categories, products, prices, pictures and the meal deal — no sales', async () => {
    const event = await buildEvent(unique('Kermesse 2026'));
    const buvette = await buildCheckout(event.id, 'Caisse Buvette');
    const plats = await buildCategory(event.id, 'Plats');
    const boissons = await buildCategory(event.id, 'Boissons');
    await buildProduct({
      name: 'Hot-dog maison',
      price: '3,50',
      categoryId: plats.id,
      eventId: event.id,
      checkoutIds: [buvette.id],
      clickAndCollectEligible: true,
    });
    await buildProduct({
      name: 'Cidre',
      price: '2,50',
      categoryId: boissons.id,
      eventId: event.id,
      checkoutIds: [buvette.id],
      alcoohol: true,
    });
    expect(
      await admin('PUT', `/api/admin/events/${event.id}/meal-deal`, {
        discount: '0,50',
        items: [
          { categoryId: plats.id, price: '3,50' },
          { categoryId: boissons.id, price: 2.5 },
        ],
      }),
    ).toMatchObject({ status: 200, body: { discount: 0.5, isDefault: false } });

    // The fair's raffle, as the raffle service announced it: the duplicate dialog asks for its new name.
    await h.db.transaction((trx) =>
      applyRaffleConfigured(trx, {
        raffleId: 9_000 + event.id,
        eventId: event.id,
        name: 'Tombola 2026',
        tiers: [{ nb: 1, priceCents: 200 }],
        totalTickets: 500,
        prizes: [],
      }),
    );
    expect((await admin('GET', `/api/admin/events/${event.id}`)).body.raffles).toEqual(['Tombola 2026']);
    expect(
      await admin('POST', `/api/admin/events/${event.id}/duplicate`, { name: 'Kermesse 2027', startsOn: '2027-06-12', raffleName: '   ' }),
    ).toMatchObject({ status: 400, body: { code: 'RAFFLE_NAME_EMPTY', error: expect.stringMatching(/raffleName/) } });
    expect(await h.db('events').where({ name: 'Kermesse 2027' }).first()).toBeUndefined();

    const res = await admin('POST', `/api/admin/events/${event.id}/duplicate`, {
      name: 'Kermesse 2027',
      startsOn: '2027-06-12',
      endsOn: '2027-06-13',
      raffleName: ' Tombola  2027 ',
    });
    expect(res).toMatchObject({
      status: 201,
      body: {
        name: 'Kermesse 2027',
        startsOn: '2027-06-12',
        place: 'École Jules Ferry',
        hasSales: false,
        copied: { checkouts: 1, categories: 2, products: 2, mealDeal: true },
      },
    });
    const copy = res.body.id as number;
    expect(copy).not.toBe(event.id);
    // The raffle service copies the raffle under the name typed, the bingo service the loto nights.
    const announced = await h
      .db('outbox')
      .where({ type: 'catalog.event.created' })
      .whereRaw("(envelope->'payload'->>'eventId')::int = ?", [copy])
      .first('envelope');
    expect(announced.envelope.payload).toEqual({
      eventId: copy,
      name: 'Kermesse 2027',
      startsOn: '2027-06-12',
      // The stock screens keep a fair of several days current until its last day.
      endsOn: '2027-06-13',
      sourceEventId: event.id,
      raffleName: 'Tombola 2027',
    });
    const products = (await admin('GET', `/api/admin/products?eventId=${copy}`)).body as Array<{
      name: string;
      price: number;
      categoryName: string;
      checkoutIds: number[];
      alcoohol: boolean;
      clickAndCollectEligible: boolean;
    }>;
    const [newCheckout] = (await admin('GET', `/api/admin/events/${copy}/checkouts`)).body as Array<{ id: number; name: string }>;
    expect(newCheckout).toMatchObject({ name: 'Caisse Buvette' });
    expect(products).toEqual([
      expect.objectContaining({
        name: 'Hot-dog maison',
        price: 3.5,
        categoryName: 'Plats',
        checkoutIds: [newCheckout!.id],
        clickAndCollectEligible: true,
      }),
      expect.objectContaining({ name: 'Cidre', price: 2.5, categoryName: 'Boissons', checkoutIds: [newCheckout!.id], alcoohol: true }),
    ]);
    const categories = (await admin('GET', `/api/admin/categories?eventId=${copy}`)).body as Array<{ id: number; name: string }>;
    const meal = (await admin('GET', `/api/admin/events/${copy}/meal-deal`)).body;
    expect(meal).toMatchObject({
      discount: 0.5,
      isDefault: false,
      items: [
        { categoryId: categories.find((c) => c.name === 'Plats')!.id, price: 3.5 },
        { categoryId: categories.find((c) => c.name === 'Boissons')!.id, price: 2.5 },
      ],
    });
    expect(await h.db('sales').where({ event_id: copy }).first()).toBeUndefined();
    // The register of the copy reads the copied rule from its settings.
    const settings = await h.request('GET', `/api/cr/settings?checkoutId=${newCheckout!.id}`);
    expect(settings.body.data.mealDeal).toEqual({ discount: 0.5, items: meal.items });
  });

  it('copies the demo fair with its meal deal from the installation settings', async () => {
    const demo = await h.db('events').where({ name: 'Kermesse de printemps' }).first('id');
    const res = await admin('POST', `/api/admin/events/${demo.id}/duplicate`, { name: unique('Kermesse de printemps') });
    expect(res.status).toBe(201);
    expect(res.body.copied).toMatchObject({ checkouts: 3, mealDeal: true });
    expect(res.body.copied.products).toBeGreaterThanOrEqual(20);
  });
});

describe('meal deal per event (/api/admin/events/{id}/meal-deal)', () => {
  it('checks its categories and prices and serves it to the registers of the event only', async () => {
    const event = await buildEvent();
    const checkout = await buildCheckout(event.id);
    const plats = await buildCategory(event.id, 'Plats');
    const other = await buildCategory((await buildEvent()).id, 'Plats');
    expect(await admin('GET', `/api/admin/events/${event.id}/meal-deal`)).toMatchObject({
      status: 200,
      body: { isDefault: true, items: [] },
    });
    expect(
      await admin('PUT', `/api/admin/events/${event.id}/meal-deal`, { discount: '0,5', items: [{ categoryId: other.id, price: 3 }] }),
    ).toMatchObject({ status: 400, body: { code: 'MEAL_DEAL_CATEGORY' } });
    expect(await admin('PUT', `/api/admin/events/${event.id}/meal-deal`, { discount: '-1', items: [] })).toMatchObject({
      status: 400,
      body: { code: 'PRICE_INVALID' },
    });
    expect(
      await admin('PUT', `/api/admin/events/${event.id}/meal-deal`, {
        discount: '1',
        items: [
          { categoryId: plats.id, price: 4 },
          { categoryId: plats.id, price: 4 },
        ],
      }),
    ).toMatchObject({ status: 400, body: { code: 'MEAL_DEAL_DUPLICATE' } });
    expect(
      await admin('PUT', `/api/admin/events/${event.id}/meal-deal`, { discount: '1,00', items: [{ categoryId: plats.id, price: '4,50' }] }),
    ).toMatchObject({ status: 200 });
    expect((await h.request('GET', `/api/cr/settings?eventId=${event.id}`)).body.data.mealDeal).toEqual({
      discount: 1,
      items: [{ categoryId: plats.id, price: 4.5 }],
    });
    expect((await h.request('GET', `/api/cr/settings?checkoutId=${checkout.id}`)).body.data.mealDeal).toEqual({
      discount: 1,
      items: [{ categoryId: plats.id, price: 4.5 }],
    });
    expect(await admin('DELETE', `/api/admin/categories/${plats.id}`)).toMatchObject({
      status: 409,
      body: { error: "Cette catégorie fait partie de la formule : retirez-la de la formule d'abord." },
    });
    // Without an event, the installation's rule (docs/spec.md §9) as before.
    expect((await h.request('GET', '/api/cr/settings')).body.data.mealDeal.discount).toBe(0.5);
  });

  it('gives the registers a catalogue version that changes with every back-office edit', async () => {
    const version = async () => (await h.request('GET', '/api/cr/settings')).body.data.catalogVersion as number;
    const before = await version();
    const event = await buildEvent();
    const afterEvent = await version();
    expect(afterEvent).toBeGreaterThan(before);
    await buildCategory(event.id, 'Goûter');
    expect(await version()).toBeGreaterThan(afterEvent);
  });
});

describe('product pictures (POST /api/admin/products/{id}/image)', () => {
  let productId: number;
  let eventId: number;
  beforeAll(async () => {
    const event = await buildEvent();
    eventId = event.id;
    const category = await buildCategory(event.id, 'Confiseries');
    productId = (await buildProduct({ name: 'Sucette', price: '0,50', categoryId: category.id, eventId: event.id })).id;
  });

  it('takes a PNG checked by its bytes and serves it from /up/', async () => {
    const res = await upload(`/api/admin/products/${productId}/image`, png(64, 48), 'photo.png', 'image/png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.image).toMatch(/^produit-\d+-[0-9a-f]{12}\.png$/);
    const served = await fetch(`${h.base}/up/${res.body.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png(64, 48))).toBe(true);
  });

  it("refuses a picture above the association's upload limit, or over its storage quota, and keeps the product as it was", async () => {
    const imageNow = async () =>
      ((await admin('GET', `/api/admin/products?eventId=${eventId}`)).body as Array<{ id: number; image: string | null }>).find(
        (p) => p.id === productId,
      )!.image;
    const before = await imageNow();
    // The limits the gateway names for a hosted association (docs/hosting.md).
    const send = (limits: string) =>
      upload(`/api/admin/products/${productId}/image`, png(64, 48), 'photo.png', 'image/png', {}, 'admin', { [LIMITS_HEADER]: limits });
    expect(await send('upload=20; storage=1000000000')).toMatchObject({
      status: 413,
      body: { error: 'Fichier trop volumineux : 20 octets au plus par fichier pour votre association.', code: 'UPLOAD_TOO_LARGE' },
    });
    const full = await send(`upload=${1024 * 1024}; storage=0`);
    expect(full).toMatchObject({ status: 413, body: { code: 'STORAGE_QUOTA_EXCEEDED' } });
    expect(full.body.error).toMatch(/^Espace de stockage de l'association plein : .* utilisés sur 0 octet\. /);
    expect(await imageNow()).toBe(before);
  });

  it('cleans an SVG of its scripts and event handlers', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><circle r="40" onclick="steal()"/></a></svg>';
    const res = await upload(`/api/admin/products/${productId}/image`, svg, 'dessin.svg', 'image/svg+xml');
    expect(res.status).toBe(200);
    const text = await (await fetch(`${h.base}/up/${res.body.image}`)).text();
    expect(text).toContain('<circle r="40"/>');
    expect(text).not.toMatch(/script|onload|onclick|javascript/i);
  });

  it('refuses what is not a picture whatever its name, and pictures too large — in French', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(await upload(`/api/admin/products/${productId}/image`, gif, 'photo.png', 'image/png')).toMatchObject({
      status: 400,
      body: { error: 'Image refusée : seuls les fichiers PNG, JPEG, WebP et SVG sont acceptés.' },
    });
    expect(
      await upload(`/api/admin/products/${productId}/image`, '<html><script>x</script></html>', 'x.svg', 'image/svg+xml'),
    ).toMatchObject({ status: 400, body: { code: 'PICTURE_TYPE' } });
    expect(await upload(`/api/admin/products/${productId}/image`, png(5000, 10), 'large.png', 'image/png')).toMatchObject({
      status: 400,
      body: { error: 'Image trop grande : 4 000 × 4 000 pixels au plus.' },
    });
    expect(
      await upload(
        `/api/admin/products/${productId}/image`,
        Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]),
        'heavy.png',
        'image/png',
      ),
    ).toMatchObject({ status: 413, body: { error: 'Image trop lourde : 2 Mo au plus.' } });
    expect(
      await upload(`/api/admin/products/${productId}/image`, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), 'broken.jpg', 'image/jpeg'),
    ).toMatchObject({ status: 400, body: { code: 'PICTURE_UNREADABLE' } });
  });
});

describe('product CSV import (POST /api/admin/products/import)', () => {
  it('dry-runs, then imports a French spreadsheet (Windows-1252, decimal comma) all at once', async () => {
    const event = await buildEvent();
    const buvette = await buildCheckout(event.id, 'Caisse Buvette');
    await buildCategory(event.id, 'Boissons');
    const text =
      'Nom;Prix;Catégorie;Click_and_collect;Alcool;Actif;Caisses\r\nCafé;1,20;Boissons;non;non;oui;Caisse Buvette\r\nCrêpe;2,50;Desserts;oui;;;\r\nBière;"3,00";Boissons;non;oui;oui;Caisse Buvette\r\n';
    const bytes = Buffer.from(text, 'latin1');
    const dry = await upload(`/api/admin/products/import?dry-run=1&eventId=${event.id}`, bytes, 'produits.csv', 'text/csv');
    expect(dry).toMatchObject({
      status: 200,
      body: { status: 'dry-run', created: 3, updated: 0, categoriesCreated: ['Desserts'], errors: [] },
    });
    expect(dry.body.lines[1]).toEqual({ line: 3, name: 'Crêpe', price: 2.5, category: 'Desserts', action: 'create' });
    expect(((await admin('GET', `/api/admin/products?eventId=${event.id}`)).body as unknown[]).length).toBe(0);

    const done = await upload('/api/admin/products/import?dry-run=0', bytes, 'produits.csv', 'text/csv', { eventId: String(event.id) });
    expect(done).toMatchObject({ status: 200, body: { status: 'ok', created: 3 } });
    const products = (await admin('GET', `/api/admin/products?eventId=${event.id}`)).body as Array<{
      name: string;
      price: number;
      alcoohol: boolean;
      checkoutIds: number[];
      clickAndCollectEligible: boolean;
    }>;
    expect(products.map((p) => [p.name, p.price])).toEqual([
      ['Café', 1.2],
      ['Bière', 3],
      ['Crêpe', 2.5],
    ]);
    expect(products.find((p) => p.name === 'Bière')).toMatchObject({ alcoohol: true, checkoutIds: [buvette.id] });
    expect(products.find((p) => p.name === 'Crêpe')).toMatchObject({ clickAndCollectEligible: true, checkoutIds: [] });
    // Importing again updates by name.
    const again = await upload(
      `/api/admin/products/import?dry-run=0&eventId=${event.id}`,
      Buffer.from('nom,prix,categorie\nCafé,"1,50",Boissons\n'),
      'p.csv',
      'text/csv',
    );
    expect(again).toMatchObject({ status: 200, body: { created: 0, updated: 1 } });
  });

  it('names every bad line and writes nothing', async () => {
    const event = await buildEvent();
    const csv =
      'nom;prix;categorie;alcool;caisses\nFrites;-2;Plats;non;\n;1;Plats;non;\nSoda;1,50;Boissons;peut-être;\nEau;1;Boissons;non;Caisse fantôme\nSoda;2;Boissons;non;\nPain;1;Plats;non;\n';
    const res = await upload(`/api/admin/products/import?dry-run=0&eventId=${event.id}`, csv, 'p.csv', 'text/csv');
    expect(res).toMatchObject({
      status: 422,
      body: { error: "Import refusé : corrigez les lignes signalées, rien n'a été enregistré.", code: 'IMPORT_REJECTED', status: 'error' },
    });
    expect(res.body.details).toBeUndefined();
    expect(res.body.lines.map((l: { name: string }) => l.name)).toEqual(['Pain']);
    expect(res.body.errors).toEqual([
      'Ligne 2 : prix « -2 » illisible (un montant positif comme 3,50).',
      'Ligne 3 : le nom est vide.',
      "Ligne 4 : alcool : « peut-être » n'est ni oui ni non.",
      'Ligne 5 : caisse « Caisse fantôme » inconnue dans cet événement.',
      'Ligne 6 : « Soda » figure déjà ligne 4.',
    ]);
    expect(((await admin('GET', `/api/admin/products?eventId=${event.id}`)).body as unknown[]).length).toBe(0);
    expect(((await admin('GET', `/api/admin/categories?eventId=${event.id}`)).body as unknown[]).length).toBe(0);
    expect(await upload(`/api/admin/products/import?dry-run=1&eventId=${event.id}`, 'nom;tarif\nx;1\n', 'p.csv', 'text/csv')).toMatchObject(
      { status: 422, body: { code: 'IMPORT_REJECTED', status: 'error', errors: ['Ligne 1 : colonne manquante : categorie.'] } },
    );
    expect(
      await upload(`/api/admin/products/import?dry-run=1&eventId=${event.id}`, png(), 'p.xlsx', 'application/vnd.ms-excel'),
    ).toMatchObject({ status: 400, body: { error: 'Veuillez sélectionner un fichier CSV valide', code: 'IMPORT_NOT_CSV' } });
    expect(await upload('/api/admin/products/import?dry-run=1', 'nom;prix;categorie\n', 'p.csv', 'text/csv')).toMatchObject({
      status: 400,
      body: { error: 'Le champ « eventId » est obligatoire.' },
    });
  });

  it('refuses spreadsheet formulas, in the CSV as in the JSON API, and stores none', async () => {
    const event = await buildEvent();
    const csv = 'nom;prix;categorie\n=HYPERLINK("http://x");1;Plats\nFrites;2;@Plats\nCafé;1;Boissons\n';
    const res = await upload(`/api/admin/products/import?dry-run=0&eventId=${event.id}`, csv, 'p.csv', 'text/csv');
    expect(res).toMatchObject({ status: 422, body: { code: 'IMPORT_REJECTED' } });
    expect(res.body.errors).toEqual([
      'Ligne 2 : la cellule « nom » commence par « = » (« =HYPERLINK("http://x") ») : les formules ne sont pas acceptées.',
      'Ligne 3 : la cellule « categorie » commence par « @ » (« @Plats ») : les formules ne sont pas acceptées.',
    ]);
    const plats = await buildCategory(event.id, 'Plats');
    const refused = [
      await admin('POST', '/api/admin/products', {
        name: '=HYPERLINK("http://x","Cliquez")',
        price: 1,
        categoryId: plats.id,
        eventId: event.id,
      }),
      await admin('POST', '/api/admin/categories', { name: '+cmd|calc', eventId: event.id }),
      await admin('POST', '/api/admin/events', { name: ' @SOMME(A1)' }),
    ];
    for (const [answer, field] of refused.map((r, i) => [r, ['name', 'name', 'name'][i]] as const)) {
      expect(answer).toMatchObject({
        status: 400,
        body: {
          error: `Le champ « ${field} » ne peut pas commencer par =, +, - ou @ : un tableur le prendrait pour une formule.`,
          code: 'VALIDATION',
        },
      });
    }
    expect(((await admin('GET', `/api/admin/products?eventId=${event.id}`)).body as unknown[]).length).toBe(0);
    // « -10 % … » would be computed by a spreadsheet too; a plain number is a name like any other.
    expect((await admin('POST', '/api/admin/categories', { name: '-10 % sur les crêpes', eventId: event.id })).status).toBe(400);
    expect((await admin('POST', '/api/admin/categories', { name: '2026', eventId: event.id })).status).toBe(201);
  });

  it('checks like the other CSV imports: a dry run lists its bad lines, no file or an archived event is refused', async () => {
    const event = await buildEvent();
    const csv = 'nom;prix;categorie\nFrites;-2;Plats\nPain;1;Plats\n';
    const dry = await upload(`/api/admin/products/import?dry-run=1&eventId=${event.id}`, csv, 'p.csv', 'text/csv');
    expect(dry).toMatchObject({
      status: 200,
      body: { status: 'dry-run', created: 1, errors: ['Ligne 2 : prix « -2 » illisible (un montant positif comme 3,50).'] },
    });
    const notCsv = { error: 'Veuillez sélectionner un fichier CSV valide', code: 'IMPORT_NOT_CSV' };
    expect(await admin('POST', `/api/admin/products/import?dry-run=1&eventId=${event.id}`, {})).toMatchObject({
      status: 400,
      body: notCsv,
    });
    const form = new FormData();
    form.append('eventId', String(event.id));
    const noFile = await fetch(`${h.base}/api/admin/products/import?dry-run=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.tokens.admin}` },
      body: form,
    });
    expect({ status: noFile.status, body: await noFile.json() }).toMatchObject({ status: 400, body: notCsv });
    expect((await admin('DELETE', `/api/admin/events/${event.id}`)).status).toBe(200);
    expect(await upload(`/api/admin/products/import?dry-run=0&eventId=${event.id}`, csv, 'p.csv', 'text/csv')).toMatchObject({
      status: 409,
      body: { error: 'Cet événement est archivé : désarchivez-le pour le modifier.', code: 'EVENT_ARCHIVED' },
    });
    expect(((await admin('GET', `/api/admin/products?eventId=${event.id}`)).body as unknown[]).length).toBe(0);
  });
});

describe('checkout product selector (/api/admin/checkout/{id}/products) with several events', () => {
  it("lists only the register's event products and refuses another event's", async () => {
    const event = await buildEvent();
    const checkout = await buildCheckout(event.id);
    const category = await buildCategory(event.id, 'Boissons');
    const own = await buildProduct({ name: 'Sirop', price: 1, categoryId: category.id, eventId: event.id });
    const other = await buildEvent();
    const otherProduct = await buildProduct({
      name: 'Sirop ailleurs',
      price: 1,
      categoryId: (await buildCategory(other.id, 'Boissons')).id,
      eventId: other.id,
    });
    const assoc = (await admin('GET', `/api/admin/checkout/${checkout.id}/products`)).body.productsAssoc as Array<{ product_id: number }>;
    expect(assoc.map((p) => p.product_id)).toContain(own.id);
    expect(assoc.map((p) => p.product_id)).not.toContain(otherProduct.id);
    expect(await admin('PUT', `/api/admin/checkout/${checkout.id}/products/${otherProduct.id}`, { is_in_checkout: 1 })).toMatchObject({
      status: 400,
      body: { error: 'Ce produit appartient à un autre événement que cette caisse.' },
    });
    expect(await admin('PUT', `/api/admin/checkout/${checkout.id}/products/${own.id}`, { is_in_checkout: 1 })).toMatchObject({
      status: 200,
    });
  });
});

describe('unknown ids', () => {
  it('answer 404 in French on every path, and a malformed id 400', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['GET', '/api/admin/events/999999', undefined, 'Événement introuvable.'],
      ['PUT', '/api/admin/events/999999', { name: 'x' }, 'Événement introuvable.'],
      ['DELETE', '/api/admin/events/999999', undefined, 'Événement introuvable.'],
      ['POST', '/api/admin/events/999999/duplicate', { name: 'x' }, 'Événement introuvable.'],
      ['GET', '/api/admin/events/999999/checkouts', undefined, 'Événement introuvable.'],
      ['POST', '/api/admin/events/999999/checkouts', { name: 'x' }, 'Événement introuvable.'],
      ['GET', '/api/admin/events/999999/meal-deal', undefined, 'Événement introuvable.'],
      ['PUT', '/api/admin/events/999999/meal-deal', { discount: 1, items: [] }, 'Événement introuvable.'],
      ['PUT', '/api/admin/checkout/999999', { name: 'x' }, 'Caisse introuvable.'],
      ['DELETE', '/api/admin/checkout/999999', undefined, 'Caisse introuvable.'],
      ['GET', '/api/admin/categories?eventId=999999', undefined, 'Événement introuvable.'],
      ['PUT', '/api/admin/categories/999999', { name: 'x' }, 'Catégorie introuvable.'],
      ['DELETE', '/api/admin/categories/999999', undefined, 'Catégorie introuvable.'],
      ['GET', '/api/admin/products?eventId=999999', undefined, 'Événement introuvable.'],
      ['DELETE', '/api/admin/products/999999', undefined, 'Produit introuvable.'],
    ];
    for (const [method, path, body, error] of cases) {
      expect(await admin(method, path, body), `${method} ${path}`).toMatchObject({ status: 404, body: { error } });
    }
    expect((await admin('GET', '/api/admin/events/abc')).status).toBe(400);
    expect(await admin('GET', '/api/admin/products')).toMatchObject({
      status: 400,
      body: { error: 'Le champ « eventId » est obligatoire.' },
    });
  });
});
