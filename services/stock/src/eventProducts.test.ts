/**
 * An event's stock lists the products of that event only (a new or duplicated event does
 * not show the other events' products), on real Postgres and NATS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { currentEvent, todayInFrance } from './routes/resolveEvent.ts';
import { buildProduct, startStockTestSystem, type StockTestSystem } from './testSupport.ts';

let sys: StockTestSystem;
const FIRST = 21;
const SECOND = 22;

interface StockList {
  stocks: { id: number; name: string; stock: number; alert_threshold: number; isAlert: boolean }[];
}
const ids = async (eventId: number): Promise<number[]> =>
  ((await (await sys.request(`/api/stocks/?event_id=${eventId}`)).json()) as StockList).stocks.map((s) => s.id).sort((a, b) => a - b);
const levelCount = async () => Number((await sys.db('levels').count<{ count: string }[]>('* as count'))[0]!.count);

beforeAll(async () => {
  sys = await startStockTestSystem();
  await sys.publish('catalog.event.created', { eventId: FIRST, name: "Fête de l'école", startsOn: '2026-06-20' });
  await sys.publish('catalog.product.changed', buildProduct(201, 'Crêpe', 'Buvette', { eventId: FIRST }));
  await sys.publish('catalog.product.changed', buildProduct(202, 'Café', 'Buvette', { eventId: FIRST }));
  await eventually(async () => (await levelCount()) === 2, 15_000);
}, 60_000);

afterAll(async () => {
  await sys?.stop();
});

describe("an event's stock lists its own products", () => {
  it('gives a second event only its own product, at 0, and the first event does not list it', async () => {
    await sys.publish('catalog.event.created', {
      eventId: SECOND,
      name: 'Loto de printemps',
      startsOn: '2027-03-14',
      sourceEventId: FIRST,
    });
    await sys.publish('catalog.product.changed', buildProduct(301, 'Gaufre', 'Desserts', { eventId: SECOND, categoryId: 9 }));
    await eventually(async () => (await ids(SECOND)).includes(301), 15_000);
    const body = (await (await sys.request(`/api/stocks/?event_id=${SECOND}`)).json()) as StockList;
    expect(body.stocks.map((s) => [s.id, s.name, s.stock, s.alert_threshold, s.isAlert])).toEqual([[301, 'Gaufre', 0, 0, true]]);
    expect(await ids(FIRST)).toEqual([201, 202]);
    expect(await sys.db('levels').where({ event_id: SECOND }).pluck('product_id')).toEqual([301]);
  });

  it('creates the lines of a product announced before its event when the event arrives, and none elsewhere', async () => {
    await sys.publish('catalog.product.changed', buildProduct(401, 'Barbe à papa', 'Confiseries', { eventId: 23 }));
    await sys.publish('catalog.event.created', { eventId: 23, name: 'Kermesse d’hiver', startsOn: '2027-12-12' });
    await eventually(async () => (await ids(23)).length > 0, 15_000);
    expect(await ids(23)).toEqual([401]);
    expect(await sys.db('levels').where({ product_id: 401 }).pluck('event_id')).toEqual([23]);
  });

  it('removes the empty lines a product got elsewhere once its event is known, ending their alerts', async () => {
    // Published without eventId (as before the back office): a line in every known event.
    await sys.publish('catalog.product.changed', buildProduct(302, 'Limonade', 'Boissons'));
    await eventually(async () => (await sys.db('levels').where({ product_id: 302 }).pluck('event_id')).length === 3, 15_000);
    await eventually(() => sys.alerts.some((a) => a.payload.productId === 302 && a.payload.eventId === FIRST && a.payload.isAlert), 15_000);
    await sys.publish('catalog.product.changed', buildProduct(302, 'Limonade', 'Boissons', { eventId: SECOND }));
    await eventually(async () => (await sys.db('levels').where({ product_id: 302 }).pluck('event_id')).length === 1, 15_000);
    expect(await ids(FIRST)).toEqual([201, 202]);
    expect(await ids(SECOND)).toEqual([301, 302]);
    await eventually(
      () => sys.alerts.some((a) => a.payload.productId === 302 && a.payload.eventId === FIRST && !a.payload.isAlert),
      15_000,
    );
  });

  it('gives a later event none of the products whose event is unknown once products name their event', async () => {
    await sys.publish('catalog.product.changed', buildProduct(303, 'Ancien sirop', 'Boissons'));
    await eventually(async () => (await sys.db('levels').where({ product_id: 303 }).pluck('event_id')).length === 3, 15_000);
    await sys.publish('catalog.event.created', { eventId: 24, name: 'Braderie', startsOn: '2028-09-03' });
    await sys.publish('catalog.product.changed', buildProduct(501, 'Hot-dog', 'Plats', { eventId: 24 }));
    await eventually(async () => (await ids(24)).length > 0, 15_000);
    expect(await ids(24)).toEqual([501]);
  });
});

describe('a duplicated fair', () => {
  const DUPLICATE = 25;
  const upload = (content: string, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(content)], { type: 'text/csv' }), 'inventaire.csv');
    return sys.request(`/api/stocks/import/inventory?dry-run=${dryRun ? 1 : 0}&event_id=${DUPLICATE}`, { method: 'POST', body: form });
  };
  const levelsOf = (eventId: number) => sys.db('levels').where({ event_id: eventId }).orderBy('product_id').select('product_id', 'stock');

  beforeAll(async () => {
    // Next year's fair, copied from the first: the same product names under new ids.
    await sys.publish('catalog.event.created', {
      eventId: DUPLICATE,
      name: "Fête de l'école 2027",
      startsOn: '2027-06-19',
      sourceEventId: FIRST,
    });
    await sys.publish('catalog.product.changed', buildProduct(601, 'Crêpe', 'Buvette', { eventId: DUPLICATE }));
    await sys.publish('catalog.product.changed', buildProduct(602, 'Café', 'Buvette', { eventId: DUPLICATE }));
    await eventually(async () => (await ids(DUPLICATE)).includes(601) && (await ids(DUPLICATE)).includes(602), 15_000);
  }, 30_000);

  it('imports its inventory by product name, dry run and real import, into its own products only', async () => {
    const file = 'produit;nouveau_stock\nCrêpe;30\nCafé;12\n';
    const firstBefore = await levelsOf(FIRST);
    const dry = await upload(file, true);
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({
      status: 'dry-run',
      errors: [],
      movements: [
        { product_id: 601, product_name: 'Crêpe', new_stock: 30 },
        { product_id: 602, product_name: 'Café', new_stock: 12 },
      ],
    });
    const real = await upload(file, false);
    expect(real.status).toBe(200);
    expect(await real.json()).toMatchObject({ status: 'ok', errors: [], products_updated: 2 });
    expect(await levelsOf(DUPLICATE)).toEqual(
      expect.arrayContaining([
        { product_id: 601, stock: 30 },
        { product_id: 602, stock: 12 },
      ]),
    );
    expect(await levelsOf(FIRST)).toEqual(firstBefore);
  });

  it("refuses an id_produit of another fair's product, in the dry run and the import, and writes nothing", async () => {
    const before = await levelsOf(DUPLICATE);
    const file = 'id_produit;nouveau_stock\n201;8\n602;5\n';
    const message = "Ligne 2 : le produit n° 201 est celui d'une autre fête : partez du modèle de cette fête-ci.";
    const dry = await upload(file, true);
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ status: 'dry-run', errors: [message], movements: [] });
    const real = await upload(file, false);
    expect(real.status).toBe(422);
    expect(await real.json()).toMatchObject({ status: 'error', code: 'IMPORT_REJECTED', errors: [message] });
    expect(await levelsOf(DUPLICATE)).toEqual(before);
    expect(await sys.db('levels').where({ event_id: DUPLICATE, product_id: 201 }).first()).toBeUndefined();
  });

  it('opens the stock on the fair that is on or next by date, not on the one created last', async () => {
    const body = (await (await sys.request('/api/stocks/')).json()) as {
      event: { id: number };
      events: Array<{ id: number; starts_on: string | null }>;
    };
    const expected = currentEvent(
      body.events.map((e) => ({ id: e.id, starts_on: e.starts_on })),
      todayInFrance(),
    );
    expect(body.event.id).toBe(expected!.id);
    expect(body.event.id).not.toBe(DUPLICATE);
  });
});
