/**
 * The stock service on real Postgres and NATS. Every test builds its own event, products and sales
 * (givenEvent, freshId): none depends on another one's data or order. Nothing sleeps: each test
 * waits for the row, the level or the event it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutMultipartUpload, eventually } from '@kermesse/kit/testing';
import type { AlertStates, ImportResult, MovementsAnswer, StockItem, StocksAnswer } from '@kermesse/contracts-stock';
import { MANUAL_NOTE } from './commands/correctStock.ts';
import { DEMO_NOTE } from './levels/levelChanges.ts';
import { listEvents } from './repositories/catalog.ts';
import { currentEvent } from './routes/resolveEvent.ts';
import { buildProduct, buildSale, freshId, givenEvent, levelAndLedger, startStockTestSystem, type StockTestSystem } from './testSupport.ts';

let sys: StockTestSystem;

beforeAll(async () => {
  sys = await startStockTestSystem();
}, 60_000);

afterAll(async () => {
  await sys?.stop();
});

const stocks = async (eventId: number): Promise<StocksAnswer> =>
  (await sys.request(`/api/stocks/?event_id=${eventId}`)).json() as Promise<StocksAnswer>;
const post = (path: string, body: unknown, as: 'admin' | 'cashier' | 'volunteer' = 'admin') =>
  sys.request(path, { method: 'POST', as, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const stockOf = async (eventId: number, productId: number): Promise<StockItem | undefined> =>
  (await stocks(eventId)).stocks.find((s) => s.id === productId);
const alertsOf = (eventId: number, productId?: number) =>
  sys.alerts.filter((a) => a.payload.eventId === eventId && (productId === undefined || a.payload.productId === productId));
const THREE = [
  ['Jus d’orange', 'Boissons'],
  ['Café filtre', 'Buvette'],
  ['Crêpe sucre', 'Buvette'],
] as Array<[string, string]>;

describe('stock state from the register catalogue', () => {
  it('lists the products of the most recent event by category, with the demo levels applied and alerts by id', async () => {
    const {
      eventId,
      products: [juice, coffee, crepe],
    } = await givenEvent(sys, { demo: true, startsOn: '2099-12-31', products: THREE });
    const body = (await (await sys.request('/api/stocks/')).json()) as StocksAnswer;
    expect(body.event).toMatchObject({ id: eventId, name: 'Kermesse de printemps' });
    expect(body.events[0]!.id).toBe(eventId);
    expect(body.stocks).toEqual([
      { id: juice, name: 'Jus d’orange', category: 'Boissons', stock: 60, alert_threshold: 10, isAlert: false },
      { id: coffee, name: 'Café filtre', category: 'Buvette', stock: 60, alert_threshold: 10, isAlert: false },
      { id: crepe, name: 'Crêpe sucre', category: 'Buvette', stock: 60, alert_threshold: 10, isAlert: false },
    ]);
    expect(body.alerts).toEqual([]);
    // Demo levels are explained by a movement like every other level.
    expect(await levelAndLedger(sys.db, eventId, crepe!)).toEqual({ stock: 60, ledger: 60, movements: 1 });
  });

  it('starts other events empty, every product in alert, and published those alerts', async () => {
    const {
      eventId,
      products: [juice, coffee, crepe],
    } = await givenEvent(sys, { products: THREE });
    const body = await stocks(eventId);
    expect(body.stocks.map((s) => [s.id, s.stock, s.alert_threshold, s.isAlert])).toEqual([
      [juice, 0, 0, true],
      [coffee, 0, 0, true],
      [crepe, 0, 0, true],
    ]);
    expect(body.alerts.sort()).toEqual([juice, coffee, crepe].sort());
    await eventually(() => alertsOf(eventId).length === 3);
  });

  it('follows a renamed product and hides a product withdrawn from sale', async () => {
    const {
      eventId,
      products: [juice, old],
    } = await givenEvent(sys, {
      demo: true,
      products: [
        ['Jus d’orange', 'Boissons'],
        ['Vieux produit', 'Boissons', { active: false }],
      ],
    });
    await sys.publish('catalog.product.changed', buildProduct(juice!, 'Jus d’orange bio', 'Boissons', { eventId }));
    await eventually(async () => (await stockOf(eventId, juice!))?.name === 'Jus d’orange bio');
    expect((await stocks(eventId)).stocks.some((s) => s.id === old)).toBe(false);
  });

  it('answers the register with {success, stocks: [{id, isAlert}]} for a cashier', async () => {
    const { eventId, products } = await givenEvent(sys, { products: THREE });
    const res = await sys.request(`/api/cr/stocks/${eventId}/stocks/state?cache=1`, { as: 'cashier' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(await res.json()).toEqual({ success: true, stocks: [...products].sort((a, b) => a - b).map((id) => ({ id, isAlert: true })) });
    // An event neither the stock nor the register knows: not an empty list that looks like « no alert ».
    const unknown = await sys.request(`/api/cr/stocks/${freshId()}/stocks/state`, { as: 'cashier' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
    expect((await sys.request(`/api/cr/stocks/${eventId}/stocks/state`, { as: 'volunteer' })).status).toBe(403);
    expect((await sys.request(`/api/cr/stocks/${eventId}/stocks/state`, { as: null })).status).toBe(401);
  });

  it('answers for a fair the register created a moment ago, before its announcement reaches the stock', async () => {
    // The register knows the fair and its product was announced, but not the fair itself (NATS slow).
    const [eventId, crepe] = [freshId(), freshId()];
    sys.register.knows({ id: eventId, name: 'Fête d’automne', startsOn: '2027-10-09' });
    await sys.publish('catalog.product.changed', buildProduct(crepe, 'Crêpe sucre', 'Buvette', { eventId }));
    await eventually(async () => Boolean(await sys.db('products').where({ id: crepe }).first()));
    const state = await sys.request(`/api/cr/stocks/${eventId}/stocks/state`, { as: 'cashier' });
    expect(state.status).toBe(200);
    expect(await state.json()).toEqual({ success: true, stocks: [{ id: crepe, isAlert: true }] });
    const asked = sys.register.asked;
    const admin = await stocks(eventId);
    expect(admin.event).toMatchObject({ id: eventId, name: 'Fête d’automne' });
    expect(admin.stocks.map((s) => [s.name, s.stock])).toEqual([['Crêpe sucre', 0]]);
    const counted = await post('/api/stocks/update/stock', { product_id: crepe, quantity: 24, event_id: eventId });
    expect(counted.status).toBe(200);
    // What the register confirmed was kept: the stock did not ask again.
    expect(sys.register.asked).toBe(asked);
  });

  it('opens on a fair held over several days until its last day, following the dates edited in the back office', async () => {
    // Long past, so that no other test's fair is on or between the dates below, nor made current by them.
    const weekend = freshId();
    const nextYear = freshId();
    await sys.publish('catalog.event.created', {
      eventId: weekend,
      name: 'Fête du week-end',
      startsOn: '1998-06-11',
      endsOn: '1998-06-12',
    });
    await sys.publish('catalog.event.created', { eventId: nextYear, name: 'Fête suivante', startsOn: '1999-06-10' });
    await eventually(async () => Boolean(await sys.db('events').where({ id: nextYear }).first()));
    // The back office moves the end a day later: the stock follows.
    await sys.publish('catalog.event.updated', {
      eventId: weekend,
      name: 'Fête du week-end',
      startsOn: '1998-06-11',
      endsOn: '1998-06-13',
      place: null,
      archived: false,
    });
    await eventually(async () => (await sys.db('events').where({ id: weekend }).first('ends_on'))?.ends_on === '1998-06-13');
    const events = await listEvents(sys.db);
    expect(currentEvent(events, '1998-06-13')?.id).toBe(weekend);
    expect(currentEvent(events, '1998-06-14')?.id).toBe(nextYear);
  });

  it('keeps the admin screens to admins', async () => {
    expect((await sys.request('/api/stocks/', { as: 'cashier' })).status).toBe(403);
    expect((await post('/api/stocks/update/stock', { product_id: 101, quantity: 5 }, 'cashier')).status).toBe(403);
    expect((await sys.request('/api/stocks/inventory/template', { as: null })).status).toBe(401);
  });
});

describe('what has a stock', () => {
  it('gives no stock to raffle and gift-basket ticket products', async () => {
    const {
      eventId,
      products: [tickets, lemonade],
    } = await givenEvent(sys, {
      products: [
        ['5 tickets', 'Tombola : Grande tombola', { kind: 'raffle' }],
        ['Limonade', 'Boissons', { kind: 'product' }],
      ],
    });
    expect(await stockOf(eventId, lemonade!)).toBeDefined();
    expect((await stocks(eventId)).stocks.some((s) => s.id === tickets)).toBe(false);
    expect(await sys.db('levels').where({ product_id: tickets }).first()).toBeUndefined();
    const res = await post('/api/stocks/update/stock', { product_id: tickets, quantity: 3, event_id: eventId });
    expect(res.status).toBe(404);
    await sys.publish('catalog.product.changed', buildProduct(lemonade!, 'Limonade', 'Boissons', { eventId, active: false }));
    await eventually(async () => !(await stockOf(eventId, lemonade!)));
  });

  it('applies the demo level even when a sale of the demo event came before the catalog events', async () => {
    const [eventId, productId] = [freshId(), freshId()];
    await sys.publish('sale.completed', buildSale(freshId(), eventId, [[productId, 2]]));
    await eventually(async () => (await levelAndLedger(sys.db, eventId, productId)).stock === -2);
    await sys.publish('catalog.event.created', { eventId, name: 'Kermesse de printemps', startsOn: '2027-05-15' });
    await sys.publish('catalog.product.changed', buildProduct(productId, 'Limonade maison', 'Boissons', { eventId }));
    // The event and the product are consumed side by side: wait for both (the demo level `*` may apply before the name).
    await eventually(async () => {
      const item = await stockOf(eventId, productId);
      return item?.stock === 58 && item.name === 'Limonade maison';
    });
    expect(await stockOf(eventId, productId)).toMatchObject({ name: 'Limonade maison', stock: 58, alert_threshold: 10, isAlert: false });
    expect(await levelAndLedger(sys.db, eventId, productId)).toEqual({ stock: 58, ledger: 58, movements: 2 });
  });
});

describe('sales lower the stock exactly once', () => {
  it('lowers each product line of a sale once, ignoring donations, with a movement naming the sale', async () => {
    const {
      eventId,
      products: [crepe, coffee],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(2).concat(THREE.slice(1, 2)) });
    const sale = buildSale(freshId(), eventId, [
      [crepe!, 3],
      [coffee!, 1],
      [crepe!, 2],
    ]);
    await sys.publish('sale.completed', sale);
    await eventually(async () => (await stockOf(eventId, crepe!))?.stock === 55);
    expect((await stockOf(eventId, coffee!))!.stock).toBe(59);
    const notes = await sys
      .db('movements')
      .where({ sale_id: sale.saleId })
      .orderBy('sale_line')
      .select('product_id', 'variation', 'note', 'kind');
    const note = `Vente ${sale.reference}`;
    expect(notes).toEqual([
      { product_id: crepe, variation: -3, note, kind: 'sale' },
      { product_id: coffee, variation: -1, note, kind: 'sale' },
      { product_id: crepe, variation: -2, note, kind: 'sale' },
    ]);
  });

  it('changes nothing when the same sale.completed is delivered again, or the sale is published twice', async () => {
    const {
      eventId,
      products: [juice, coffee],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(0, 2) });
    const saleId = freshId();
    const envelope = await sys.publish('sale.completed', buildSale(saleId, eventId, [[juice!, 4]]));
    await eventually(async () => (await stockOf(eventId, juice!))?.stock === 56);
    // The same event again under another message id (JetStream's de-duplication does not catch it).
    await sys.publishRaw(envelope, `${envelope.id}-again`);
    // The same sale under a new event id (a producer that published it twice).
    await sys.publish('sale.completed', buildSale(saleId, eventId, [[juice!, 4]]));
    // A later sale proves the consumer went past both duplicates.
    await sys.publish('sale.completed', buildSale(freshId(), eventId, [[coffee!, 1]]));
    await eventually(async () => (await stockOf(eventId, coffee!))?.stock === 59);
    expect((await stockOf(eventId, juice!))!.stock).toBe(56);
    for (const id of [juice!, coffee!]) {
      const { stock, ledger } = await levelAndLedger(sys.db, eventId, id);
      expect(ledger).toBe(stock);
    }
  });

  it('lowers the stock once when the service fails after committing and before acknowledging', async () => {
    const {
      eventId,
      products: [juice],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(0, 1) });
    const saleId = freshId();
    await sys.stopConsumers();
    let deliveries = 0;
    await sys.startConsumers({
      beforeAck(event) {
        if (event.type !== 'sale.completed' || (event.payload as { saleId: number }).saleId !== saleId) return;
        deliveries += 1;
        if (deliveries === 1) throw new Error('crash between commit and ack');
      },
    });
    await sys.publish('sale.completed', buildSale(saleId, eventId, [[juice!, 5]]));
    await eventually(async () => (await stockOf(eventId, juice!))?.stock === 55);
    // The message comes back (it was never acknowledged) and is acknowledged without a second effect.
    await eventually(() => deliveries === 2, 15_000);
    await eventually(() => sys.consumerDrained('stock-sale-completed'), 15_000);
    expect(deliveries).toBe(2);
    expect(await levelAndLedger(sys.db, eventId, juice!)).toEqual({ stock: 55, ledger: 55, movements: 2 });
  });

  it('still lowers the stock of a sale that arrives before its product and event are known', async () => {
    const [eventId, productId] = [freshId(), freshId()];
    await sys.publish('sale.completed', buildSale(freshId(), eventId, [[productId, 2]]));
    await eventually(async () => (await levelAndLedger(sys.db, eventId, productId)).stock === -2);
    await sys.publish('catalog.event.created', { eventId, name: 'Fête de la musique', startsOn: '2026-06-21' });
    await sys.publish('catalog.product.changed', buildProduct(productId, 'Glace', 'Desserts', { eventId }));
    await eventually(
      async () => (await stockOf(eventId, productId))?.name === 'Glace' && (await stocks(eventId)).event?.name === 'Fête de la musique',
    );
    expect(await stockOf(eventId, productId)).toMatchObject({ stock: -2, isAlert: true });
    expect((await stocks(eventId)).event?.name).toBe('Fête de la musique');
  });
});

describe('alerts reach the register', () => {
  it('publishes stock.alert when a sale brings the level to its threshold, and again when it leaves alert', async () => {
    const {
      eventId,
      products: [coffee, marker],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(1) });
    expect((await post('/api/stocks/update/stock', { product_id: coffee, quantity: 12, event_id: eventId })).status).toBe(200);
    await sys.publish('sale.completed', buildSale(freshId(), eventId, [[coffee!, 2]]));
    const entered = await eventually(() => alertsOf(eventId, coffee).find((a) => a.payload.isAlert));
    expect(entered.payload).toEqual({ eventId, productId: coffee, isAlert: true, stock: 10, alertThreshold: 10 });
    expect((await stocks(eventId)).alerts).toContain(coffee);

    expect((await post('/api/stocks/update/alert-threshold', { product_id: coffee, alert_threshold: 4, event_id: eventId })).status).toBe(
      200,
    );
    const left = await eventually(() => alertsOf(eventId, coffee).find((a) => !a.payload.isAlert));
    expect(left.payload).toEqual({ eventId, productId: coffee, isAlert: false, stock: 10, alertThreshold: 4 });
    // Nothing is published while the state does not change: a later alert (another product's)
    // arrives, and nothing about this one came before it (alerts leave in the order recorded).
    await sys.publish('sale.completed', buildSale(freshId(), eventId, [[coffee!, 1]]));
    await eventually(async () => (await stockOf(eventId, coffee!))?.stock === 9);
    expect((await post('/api/stocks/update/alert-threshold', { product_id: marker, alert_threshold: 60, event_id: eventId })).status).toBe(
      200,
    );
    await eventually(() => alertsOf(eventId, marker).length === 1);
    expect(alertsOf(eventId, coffee)).toHaveLength(2);
  });
});

describe('inline edits', () => {
  it('sets a counted level as a « Correction manuelle » movement and answers the updated item', async () => {
    const {
      eventId,
      products: [crepe],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(2) });
    const sale = buildSale(freshId(), eventId, [[crepe!, 5]]);
    await sys.publish('sale.completed', sale);
    await eventually(async () => (await stockOf(eventId, crepe!))?.stock === 55);
    const res = await post('/api/stocks/update/stock', { product_id: crepe, quantity: 80, event_id: eventId });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, stock: { id: crepe, stock: 80, isAlert: false } });
    const last = await sys
      .db('movements')
      .where({ event_id: eventId, product_id: crepe })
      .orderBy('id', 'desc')
      .first('kind', 'note', 'variation', 'created_by');
    expect(last).toEqual({ kind: 'correction', note: MANUAL_NOTE, variation: 25, created_by: 'admin@kermesse.local' });
    expect(await levelAndLedger(sys.db, eventId, crepe!)).toMatchObject({ stock: 80, ledger: 80 });
    const history = (await (await sys.request(`/api/stocks/movements?event_id=${eventId}&product_id=${crepe}`)).json()) as MovementsAnswer;
    expect(history.movements.map((m) => m.note)).toEqual([MANUAL_NOTE, `Vente ${sale.reference}`, DEMO_NOTE]);
  });

  it('refuses a negative stock or threshold and an unknown product, in French with a code, changing nothing', async () => {
    const {
      eventId,
      products: [crepe],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(2) });
    const negative = await post('/api/stocks/update/stock', { product_id: crepe, quantity: -1, event_id: eventId });
    expect(negative.status).toBe(400);
    expect(await negative.json()).toMatchObject({ error: 'Le champ « quantity » doit être supérieur ou égal à 0.' });
    const threshold = await post('/api/stocks/update/alert-threshold', { product_id: crepe, alert_threshold: -2 });
    expect(await threshold.json()).toMatchObject({ error: 'Le champ « alert_threshold » doit être supérieur ou égal à 0.' });
    const text = await post('/api/stocks/update/stock', { product_id: crepe, quantity: '12' });
    expect(await text.json()).toMatchObject({ error: 'Le champ « quantity » doit être de type entier.' });
    const unknown = await post('/api/stocks/update/stock', { product_id: freshId(), quantity: 3, event_id: eventId });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Produit introuvable.', code: 'PRODUCT_NOT_FOUND' });
    const noEvent = await post('/api/stocks/update/stock', { product_id: crepe, quantity: 3, event_id: freshId() });
    expect(await noEvent.json()).toEqual({ error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
    expect((await stockOf(eventId, crepe!))!.stock).toBe(60);
  });
});

describe('inventory import', () => {
  const upload = (
    eventId: number,
    content: Uint8Array | string,
    { dryRun = true, note = '', name = 'inventaire.csv', type = 'text/csv' } = {},
  ) => {
    const form = new FormData();
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    form.append('file', new Blob([Uint8Array.from(bytes)], { type }), name);
    form.append('global_note', note);
    return sys.request(`/api/stocks/import/inventory?dry-run=${dryRun ? 1 : 0}&event_id=${eventId}`, { method: 'POST', body: form });
  };
  const snapshot = async (eventId: number) => ({
    levels: await sys.db('levels').where({ event_id: eventId }).orderBy('product_id').select('product_id', 'stock', 'alert_threshold'),
    movements: (await sys.db('movements').where({ event_id: eventId }).count<{ count: number }[]>('* as count'))[0]!.count,
    imports: (await sys.db('imports').where({ event_id: eventId }).count<{ count: number }[]>('* as count'))[0]!.count,
  });

  it('refuses a formula in the import note like in the cells, and writes nothing', async () => {
    const { eventId } = await givenEvent(sys, { products: THREE });
    const before = await snapshot(eventId);
    const res = await upload(eventId, 'produit;stock\nCafé filtre;12\n', { dryRun: false, note: '=HYPERLINK("http://x","clic")' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Le champ « global_note » commence par « = » : les formules ne sont pas acceptées.',
      code: 'NOTE_FORMULA',
    });
    expect(await snapshot(eventId)).toEqual(before);
  });

  it('gives the model file with every product, its level, and formulas neutralised', async () => {
    const {
      eventId,
      products: [juice, coffee, crepe, formula, ice],
    } = await givenEvent(sys, {
      products: [...THREE, ['=HYPERLINK("http://x")', 'Buvette'], ['Glace', 'Desserts']],
    });
    const res = await sys.request(`/api/stocks/inventory/template?event_id=${eventId}`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="modele-inventaire-${eventId}.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.split('\r\n')).toEqual([
      '\uFEFFid_produit;produit;categorie;stock_actuel;nouveau_stock;note',
      `${juice};Jus d’orange;Boissons;0;;`,
      `${formula};"'=HYPERLINK(""http://x"")";Buvette;0;;`,
      `${coffee};Café filtre;Buvette;0;;`,
      `${crepe};Crêpe sucre;Buvette;0;;`,
      `${ice};Glace;Desserts;0;;`,
      '',
    ]);
  });

  it('dry-runs a Windows-1252 file with decimal commas and BOM-less semicolons, writing nothing', async () => {
    // Found by name: a name of its own (the import looks products up by name across the catalogue).
    const coffeeName = `Café filtre ${freshId()}`;
    const {
      eventId,
      products: [coffee, crepe],
    } = await givenEvent(sys, {
      products: [
        [coffeeName, 'Buvette'],
        ['Crêpe sucre', 'Buvette'],
      ],
    });
    const before = await snapshot(eventId);
    const cp1252 = Uint8Array.from(
      [
        ...`id_produit;produit;nouveau_stock;note\r\n${crepe};Cr\xEApe sucre;24;\r\n;${coffeeName};"12,0";Compt\xE9 \x80 la main\r\n\r\n`,
      ].map((c) => c.charCodeAt(0)),
    );
    const res = await upload(eventId, cp1252, { note: 'Inventaire du 01/10/2025' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'dry-run',
      products_affected: 2,
      products_updated: 2,
      errors: [],
      movements: [
        {
          line: 2,
          product_id: crepe,
          product_name: 'Crêpe sucre',
          current_stock: 0,
          new_stock: 24,
          variation: 24,
          note: 'Inventaire du 01/10/2025',
        },
        { line: 3, product_id: coffee, product_name: coffeeName, current_stock: 0, new_stock: 12, variation: 12, note: 'Compté € la main' },
      ],
    });
    expect(await snapshot(eventId)).toEqual(before);
  });

  it('imports for real in one go: movements with their notes, levels, alerts left, one import row', async () => {
    const {
      eventId,
      products: [juice, coffee, crepe],
    } = await givenEvent(sys, { products: THREE });
    await eventually(() => alertsOf(eventId).length === 3);
    const res = await upload(eventId, `\uFEFFid_produit;nouveau_stock\n${crepe};24\n${coffee};12\n${juice};0\n`, {
      dryRun: false,
      note: 'Inventaire du 02/10/2025',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', products_affected: 3, products_updated: 2, errors: [] });
    expect((await stocks(eventId)).stocks.map((s) => [s.id, s.stock, s.isAlert])).toEqual([
      [juice, 0, true],
      [coffee, 12, false],
      [crepe, 24, false],
    ]);
    expect(await levelAndLedger(sys.db, eventId, crepe!)).toEqual({ stock: 24, ledger: 24, movements: 1 });
    const movement = await sys.db('movements').where({ event_id: eventId, product_id: crepe }).first('kind', 'note', 'import_id');
    expect(movement).toMatchObject({ kind: 'import', note: 'Inventaire du 02/10/2025', import_id: expect.any(Number) });
    const left = await eventually(() => {
      const mine = alertsOf(eventId).filter((a) => !a.payload.isAlert);
      return mine.length === 2 ? mine : null;
    });
    expect(left.map((a) => a.payload.productId).sort()).toEqual([crepe, coffee].sort());
  });

  it('changes nothing for malformed, mis-encoded or formula-injected files, naming each line, dry-run or not', async () => {
    const coffeeName = `Café filtre ${freshId()}`;
    const {
      eventId,
      products: [juice, coffee, crepe],
    } = await givenEvent(sys, {
      products: [
        ['Jus d’orange', 'Boissons'],
        [coffeeName, 'Buvette'],
        ['Crêpe sucre', 'Buvette'],
      ],
    });
    const before = await snapshot(eventId);
    const unknownId = freshId();
    const cases: [string | Uint8Array, string[]][] = [
      [
        `id_produit;nouveau_stock\n${crepe};5\n${coffee};beaucoup\n${unknownId};3\n`,
        [
          `Ligne 3 : la quantité « beaucoup » de « ${coffeeName} » doit être un nombre entier positif ou nul.`,
          `Ligne 4 : aucun produit n'a l'identifiant ${unknownId}.`,
        ],
      ],
      [
        `produit;nouveau_stock\n${coffeeName};5\nCrÃªpe sucre;4\n`,
        [
          'Ligne 3 : texte mal encodé (« CrÃªpe sucre ») — enregistrez le fichier en « CSV UTF-8 » ou en « CSV (séparateur : point-virgule) ».',
        ],
      ],
      [
        `id_produit;nouveau_stock;note\n${crepe};5;=1+1\n${coffee};6;"@SOMME(A1:A9)"\n${juice};7;+cmd|' /C calc'!A0\n`,
        [
          'Ligne 2 : la cellule « note » commence par « = » (« =1+1 ») : les formules ne sont pas acceptées.',
          'Ligne 3 : la cellule « note » commence par « @ » (« @SOMME(A1:A9) ») : les formules ne sont pas acceptées.',
          "Ligne 4 : la cellule « note » commence par « + » (« +cmd|' /C calc'!A0 ») : les formules ne sont pas acceptées.",
        ],
      ],
      [`id_produit;nouveau_stock\n${crepe};5\n${coffee};"6\n`, ["Ligne 3 : un guillemet ouvert n'est jamais refermé."]],
    ];
    for (const [content, errors] of cases) {
      const dry = await upload(eventId, content);
      expect(dry.status).toBe(200);
      expect(await dry.json()).toMatchObject({ status: 'dry-run', errors, movements: [], products_affected: 0 });
      const real = await upload(eventId, content, { dryRun: false });
      expect(real.status).toBe(422);
      expect(await real.json()).toMatchObject({
        status: 'error',
        errors,
        code: 'IMPORT_REJECTED',
        error: `L'import contient ${errors.length} erreur(s) : rien n'a été importé. Corrigez le fichier puis relancez le test.`,
      });
    }
    expect(await snapshot(eventId)).toEqual(before);
  });

  it("refuses what is not CSV and a request without a file with the spec's messages", async () => {
    const { eventId } = await givenEvent(sys, { products: THREE });
    const before = await snapshot(eventId);
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]);
    const xlsx = await upload(eventId, zip, {
      name: 'inventaire.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(xlsx.status).toBe(400);
    expect(await xlsx.json()).toEqual({ error: 'Veuillez sélectionner un fichier CSV valide', code: 'NOT_CSV' });
    const disguised = await upload(eventId, zip, { dryRun: false });
    expect(await disguised.json()).toEqual({ error: 'Veuillez sélectionner un fichier CSV valide', code: 'NOT_CSV' });
    const form = new FormData();
    form.append('global_note', 'x');
    const none = await sys.request(`/api/stocks/import/inventory?dry-run=1&event_id=${eventId}`, { method: 'POST', body: form });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: 'Veuillez sélectionner un fichier à importer', code: 'NO_FILE' });
    const json = await post(`/api/stocks/import/inventory?dry-run=0&event_id=${eventId}`, {});
    expect(await json.json()).toEqual({ error: 'Veuillez sélectionner un fichier à importer', code: 'NO_FILE' });
    expect(await snapshot(eventId)).toEqual(before);
  });

  it('uses « Inventaire du {dd/mm/yyyy} » when no note is given', async () => {
    const {
      eventId,
      products: [juice],
    } = await givenEvent(sys, { products: THREE });
    const res = await upload(eventId, `id_produit;nouveau_stock\n${juice};9\n`);
    const body = (await res.json()) as ImportResult;
    expect(body.movements[0]!.note).toMatch(/^Inventaire du \d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('a cut upload', () => {
  it('answers 400 in French to an inventory cut before its closing boundary, writes nothing and keeps serving', async () => {
    const {
      eventId,
      products: [crepe],
    } = await givenEvent(sys, { demo: true, products: THREE.slice(2) });
    const before = await levelAndLedger(sys.db, eventId, crepe!);
    const importsBefore = (await sys.db('imports').count<{ count: number }[]>('* as count'))[0]!.count;
    const res = await sys.request(`/api/stocks/import/inventory?dry-run=0&event_id=${eventId}`, cutMultipartUpload());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("Envoi du fichier interrompu ou mal formé : réessayez l'import.");
    expect(await levelAndLedger(sys.db, eventId, crepe!)).toEqual(before);
    expect((await sys.db('imports').count<{ count: number }[]>('* as count'))[0]!.count).toBe(importsBefore);
    expect((await sys.request('/api/stocks/')).status).toBe(200);
  });
});

describe('a sale beyond the counted stock', () => {
  it('is recorded all the same: the level goes below zero, in alert, and stock.alert reaches the register', async () => {
    const {
      eventId,
      products: [waffle],
    } = await givenEvent(sys, { demo: true, products: [['Gaufre au sucre', 'Buvette']] });
    const counted = (await stockOf(eventId, waffle!))!.stock;
    expect(await stockOf(eventId, waffle!)).toMatchObject({ isAlert: false });
    // Three more waffles sold than were counted: the fair never refuses a sale over a miscount.
    await sys.publish('sale.completed', buildSale(freshId(), eventId, [[waffle!, counted + 3]]));
    const alert = await eventually(() => alertsOf(eventId, waffle)[0]);
    expect(alert.payload).toEqual({ eventId, productId: waffle, isAlert: true, stock: -3, alertThreshold: 10 });
    expect(await stockOf(eventId, waffle!)).toMatchObject({ name: 'Gaufre au sucre', stock: -3, isAlert: true });
    expect((await stocks(eventId)).alerts).toContain(waffle);
    expect(await levelAndLedger(sys.db, eventId, waffle!)).toEqual({ stock: -3, ledger: -3, movements: 2 });
    const state = (await (await sys.request(`/api/cr/stocks/${eventId}/stocks/state`, { as: 'cashier' })).json()) as AlertStates;
    expect(state.stocks).toContainEqual({ id: waffle, isAlert: true });
  });
});

describe('sales that queued up while the service was away', () => {
  it('applies them together, each line once, with every movement giving the level it led to', async () => {
    const {
      eventId,
      products: [choux],
    } = await givenEvent(sys, { demo: true, products: [['Chouquettes', 'Buvette']] });
    const [s1, s2, s3, s4, laterEvent, laterProduct] = [freshId(), freshId(), freshId(), freshId(), freshId(), freshId()];
    await sys.stopConsumers();
    const first = await sys.publish('sale.completed', buildSale(s1, eventId, [[choux!, 2]]));
    await sys.publish(
      'sale.completed',
      buildSale(s2, eventId, [
        [choux!, 3],
        [choux!, 1],
      ]),
    );
    // The same event delivered twice, and the same sale published again under a new event id.
    await sys.publishRaw(first, `${first.id}-again`);
    await sys.publish('sale.completed', buildSale(s1, eventId, [[choux!, 2]]));
    await sys.publish('sale.completed', buildSale(s3, eventId, [[choux!, 4]]));
    // A sale of an event and a product not known yet, among the others.
    await sys.publish('sale.completed', buildSale(s4, laterEvent, [[laterProduct, 1]]));
    await sys.startConsumers();

    await eventually(async () => (await levelAndLedger(sys.db, laterEvent, laterProduct)).stock === -1);
    await eventually(async () => (await stockOf(eventId, choux!))?.stock === 50);
    const movements = await sys
      .db('movements')
      .where({ event_id: eventId, product_id: choux, kind: 'sale' })
      .orderBy('id')
      .select('sale_id', 'variation', 'stock_after');
    expect(movements).toEqual([
      { sale_id: s1, variation: -2, stock_after: 58 },
      { sale_id: s2, variation: -3, stock_after: 55 },
      { sale_id: s2, variation: -1, stock_after: 54 },
      { sale_id: s3, variation: -4, stock_after: 50 },
    ]);
    expect(await levelAndLedger(sys.db, eventId, choux!)).toEqual({ stock: 50, ledger: 50, movements: 5 });
    expect(await levelAndLedger(sys.db, laterEvent, laterProduct)).toEqual({ stock: -1, ledger: -1, movements: 1 });
    expect((await sys.db('levels').where({ event_id: laterEvent, product_id: laterProduct }).first('is_alert')).is_alert).toBe(true);
  });
});
