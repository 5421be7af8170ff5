import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutMultipartUpload, eventually } from '@kermesse/kit/testing';
import { buildProduct, buildSale, levelAndLedger, startStockTestSystem, type StockTestSystem } from './testSupport.ts';

let sys: StockTestSystem;
/** The demo event (demo levels apply: 60 in stock, threshold 10) and a plain one (levels start at 0). */
const DEMO_EVENT = 11;
const PLAIN_EVENT = 12;

beforeAll(async () => {
  sys = await startStockTestSystem();
  await sys.publish('catalog.event.created', { eventId: DEMO_EVENT, name: 'Kermesse de printemps', startsOn: '2026-05-16' });
  await sys.publish('catalog.event.created', { eventId: PLAIN_EVENT, name: "Loto d'automne", startsOn: '2025-10-04' });
  await sys.publish('catalog.product.changed', buildProduct(101, 'Crêpe sucre', 'Buvette'));
  await sys.publish('catalog.product.changed', buildProduct(102, 'Café filtre', 'Buvette'));
  await sys.publish('catalog.product.changed', buildProduct(103, 'Jus d’orange', 'Boissons'));
  await sys.publish('catalog.product.changed', buildProduct(104, 'Vieux produit', 'Boissons', { active: false }));
  await eventually(async () => (await sys.db('levels').count<{ count: number }[]>('* as count'))[0]!.count === 6, 15_000);
});

afterAll(async () => {
  await sys?.stop();
});

interface StockList {
  event: { id: number; name: string } | null;
  events: { id: number; name: string }[];
  stocks: { id: number; name: string; category: string; stock: number; alert_threshold: number; isAlert: boolean }[];
  alerts: number[];
}
const stocks = async (eventId: number): Promise<StockList> => (await sys.request(`/api/stocks/?event_id=${eventId}`)).json() as Promise<StockList>;
const post = (path: string, body: unknown, as: 'admin' | 'cashier' | 'volunteer' = 'admin') =>
  sys.request(path, { method: 'POST', as, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const stockOf = async (eventId: number, productId: number) => (await stocks(eventId)).stocks.find((s) => s.id === productId)!;

describe('stock state from the register catalogue', () => {
  it('lists the products of the most recent event by category, with the demo levels applied and alerts by id', async () => {
    const body = await (await sys.request('/api/stocks/')).json() as StockList;
    expect(body.event).toMatchObject({ id: DEMO_EVENT, name: 'Kermesse de printemps' });
    expect(body.events.map((e) => e.id)).toEqual([DEMO_EVENT, PLAIN_EVENT]);
    expect(body.stocks).toEqual([
      { id: 103, name: 'Jus d’orange', category: 'Boissons', stock: 60, alert_threshold: 10, isAlert: false },
      { id: 102, name: 'Café filtre', category: 'Buvette', stock: 60, alert_threshold: 10, isAlert: false },
      { id: 101, name: 'Crêpe sucre', category: 'Buvette', stock: 60, alert_threshold: 10, isAlert: false },
    ]);
    expect(body.alerts).toEqual([]);
    // Demo levels are explained by a movement like every other level.
    expect(await levelAndLedger(sys.db, DEMO_EVENT, 101)).toEqual({ stock: 60, ledger: 60, movements: 1 });
  });

  it('starts other events empty, every product in alert, and published those alerts', async () => {
    const body = await stocks(PLAIN_EVENT);
    expect(body.stocks.map((s) => [s.id, s.stock, s.alert_threshold, s.isAlert])).toEqual([[103, 0, 0, true], [102, 0, 0, true], [101, 0, 0, true]]);
    expect(body.alerts.sort()).toEqual([101, 102, 103]);
    await eventually(() => sys.alerts.filter((a) => a.payload.eventId === PLAIN_EVENT).length === 3);
  });

  it('follows a renamed product and hides a product withdrawn from sale', async () => {
    await sys.publish('catalog.product.changed', buildProduct(103, 'Jus d’orange bio', 'Boissons'));
    await eventually(async () => (await stockOf(DEMO_EVENT, 103))?.name === 'Jus d’orange bio');
    expect((await stocks(DEMO_EVENT)).stocks.some((s) => s.id === 104)).toBe(false);
  });

  it('answers the register with {success, stocks: [{id, isAlert}]} for a cashier', async () => {
    const res = await sys.request(`/api/cr/stocks/${PLAIN_EVENT}/stocks/state?cache=1`, { as: 'cashier' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(await res.json()).toEqual({ success: true, stocks: [{ id: 101, isAlert: true }, { id: 102, isAlert: true }, { id: 103, isAlert: true }] });
    const unknown = await sys.request('/api/cr/stocks/999/stocks/state', { as: 'cashier' });
    expect(await unknown.json()).toEqual({ success: true, stocks: [] });
    expect((await sys.request(`/api/cr/stocks/${PLAIN_EVENT}/stocks/state`, { as: 'volunteer' })).status).toBe(403);
    expect((await sys.request(`/api/cr/stocks/${PLAIN_EVENT}/stocks/state`, { as: null })).status).toBe(401);
  });

  it('keeps the admin screens to admins', async () => {
    expect((await sys.request('/api/stocks/', { as: 'cashier' })).status).toBe(403);
    expect((await post('/api/stocks/update/stock', { product_id: 101, quantity: 5 }, 'cashier')).status).toBe(403);
    expect((await sys.request('/api/stocks/inventory/template', { as: null })).status).toBe(401);
  });
});

describe('what has a stock', () => {
  it('gives no stock to raffle and gift-basket ticket products', async () => {
    await sys.publish('catalog.product.changed', buildProduct(150, '5 tickets', 'Tombola : Grande tombola', { kind: 'raffle' }));
    await sys.publish('catalog.product.changed', buildProduct(151, 'Limonade', 'Boissons', { kind: 'product' }));
    await eventually(async () => Boolean(await stockOf(PLAIN_EVENT, 151)));
    expect((await stocks(PLAIN_EVENT)).stocks.some((s) => s.id === 150)).toBe(false);
    expect(await sys.db('levels').where({ product_id: 150 }).first()).toBeUndefined();
    const res = await post('/api/stocks/update/stock', { product_id: 150, quantity: 3, event_id: PLAIN_EVENT });
    expect(res.status).toBe(404);
    await sys.publish('catalog.product.changed', buildProduct(151, 'Limonade', 'Boissons', { active: false }));
    await eventually(async () => !(await stockOf(PLAIN_EVENT, 151)));
  });

  it('applies the demo level even when a sale of the demo event came before the catalog events', async () => {
    await sys.publish('sale.completed', buildSale(90, 14, [[160, 2]]));
    await eventually(async () => (await levelAndLedger(sys.db, 14, 160)).stock === -2);
    await sys.publish('catalog.event.created', { eventId: 14, name: 'Kermesse de printemps', startsOn: '2027-05-15' });
    await sys.publish('catalog.product.changed', buildProduct(160, 'Limonade maison', 'Boissons'));
    await eventually(async () => (await stockOf(14, 160))?.stock === 58);
    expect(await stockOf(14, 160)).toMatchObject({ name: 'Limonade maison', stock: 58, alert_threshold: 10, isAlert: false });
    expect(await levelAndLedger(sys.db, 14, 160)).toEqual({ stock: 58, ledger: 58, movements: 2 });
  });
});

describe('sales lower the stock exactly once', () => {
  it('lowers each product line of a sale once, ignoring donations, with a movement naming the sale', async () => {
    await sys.publish('sale.completed', buildSale(1, DEMO_EVENT, [[101, 3], [102, 1], [101, 2]]));
    await eventually(async () => (await stockOf(DEMO_EVENT, 101)).stock === 55);
    expect((await stockOf(DEMO_EVENT, 102)).stock).toBe(59);
    const notes = await sys.db('movements').where({ sale_id: 1 }).orderBy('sale_line').select('product_id', 'variation', 'note', 'kind');
    expect(notes).toEqual([
      { product_id: 101, variation: -3, note: 'Vente V-000001', kind: 'sale' },
      { product_id: 102, variation: -1, note: 'Vente V-000001', kind: 'sale' },
      { product_id: 101, variation: -2, note: 'Vente V-000001', kind: 'sale' },
    ]);
  });

  it('changes nothing when the same sale.completed is delivered again, or the sale is published twice', async () => {
    const envelope = await sys.publish('sale.completed', buildSale(2, DEMO_EVENT, [[103, 4]]));
    await eventually(async () => (await stockOf(DEMO_EVENT, 103)).stock === 56);
    // The same event again under another message id (JetStream's de-duplication does not catch it).
    await sys.publishRaw(envelope, `${envelope.id}-again`);
    // The same sale under a new event id (a producer that published it twice).
    await sys.publish('sale.completed', buildSale(2, DEMO_EVENT, [[103, 4]]));
    // A later sale proves the consumer went past both duplicates.
    await sys.publish('sale.completed', buildSale(3, DEMO_EVENT, [[102, 1]]));
    await eventually(async () => (await stockOf(DEMO_EVENT, 102)).stock === 58);
    expect((await stockOf(DEMO_EVENT, 103)).stock).toBe(56);
    for (const id of [101, 102, 103]) {
      const { stock, ledger } = await levelAndLedger(sys.db, DEMO_EVENT, id);
      expect(ledger).toBe(stock);
    }
  });

  it('lowers the stock once when the service fails after committing and before acknowledging', async () => {
    await sys.stopConsumers();
    let failures = 0;
    await sys.startConsumers({
      beforeAck(event) {
        if (event.type === 'sale.completed' && (event.payload as { saleId: number }).saleId === 7 && failures === 0) {
          failures += 1;
          throw new Error('crash between commit and ack');
        }
      },
    });
    const before = (await stockOf(DEMO_EVENT, 103)).stock;
    await sys.publish('sale.completed', buildSale(7, DEMO_EVENT, [[103, 5]]));
    await eventually(async () => (await stockOf(DEMO_EVENT, 103)).stock === before - 5);
    // The message comes back (it was never acknowledged) and is acknowledged without a second effect.
    await sys.publish('sale.completed', buildSale(8, DEMO_EVENT, [[103, 1]]));
    await eventually(async () => (await stockOf(DEMO_EVENT, 103)).stock === before - 6, 15_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(failures).toBe(1);
    expect((await stockOf(DEMO_EVENT, 103)).stock).toBe(before - 6);
    const redelivered = await sys.db('inbox').where({ consumer: 'stock-sale-completed' }).count<{ count: number }[]>('* as count');
    expect(redelivered[0]!.count).toBeGreaterThan(0);
    expect(await levelAndLedger(sys.db, DEMO_EVENT, 103)).toMatchObject({ stock: before - 6, ledger: before - 6 });
  });

  it('still lowers the stock of a sale that arrives before its product and event are known', async () => {
    await sys.publish('sale.completed', buildSale(4, 13, [[105, 2]]));
    await eventually(async () => (await levelAndLedger(sys.db, 13, 105)).stock === -2);
    await sys.publish('catalog.event.created', { eventId: 13, name: 'Fête de la musique', startsOn: '2026-06-21' });
    await sys.publish('catalog.product.changed', buildProduct(105, 'Glace', 'Desserts'));
    await eventually(async () => (await stockOf(13, 105))?.name === 'Glace');
    expect(await stockOf(13, 105)).toMatchObject({ stock: -2, isAlert: true });
    expect((await stocks(13)).event?.name).toBe('Fête de la musique');
  });
});

describe('alerts reach the register', () => {
  it('publishes stock.alert when a sale brings the level to its threshold, and again when it leaves alert', async () => {
    const before = sys.alerts.length;
    expect((await post('/api/stocks/update/stock', { product_id: 102, quantity: 12, event_id: DEMO_EVENT })).status).toBe(200);
    await sys.publish('sale.completed', buildSale(5, DEMO_EVENT, [[102, 2]]));
    const entered = await eventually(() => sys.alerts.slice(before).find((a) => a.payload.productId === 102 && a.payload.isAlert));
    expect(entered.payload).toEqual({ eventId: DEMO_EVENT, productId: 102, isAlert: true, stock: 10, alertThreshold: 10 });
    expect((await stocks(DEMO_EVENT)).alerts).toContain(102);

    expect((await post('/api/stocks/update/alert-threshold', { product_id: 102, alert_threshold: 4, event_id: DEMO_EVENT })).status).toBe(200);
    const left = await eventually(() => sys.alerts.slice(before).find((a) => a.payload.productId === 102 && !a.payload.isAlert));
    expect(left.payload).toEqual({ eventId: DEMO_EVENT, productId: 102, isAlert: false, stock: 10, alertThreshold: 4 });
    // Nothing is published while the state does not change.
    await sys.publish('sale.completed', buildSale(6, DEMO_EVENT, [[102, 1]]));
    await eventually(async () => (await stockOf(DEMO_EVENT, 102)).stock === 9);
    await new Promise((r) => setTimeout(r, 300));
    expect(sys.alerts.slice(before).filter((a) => a.payload.productId === 102)).toHaveLength(2);
  });
});

describe('inline edits', () => {
  it('sets a counted level as a « Correction manuelle » movement and answers the updated item', async () => {
    const res = await post('/api/stocks/update/stock', { product_id: 101, quantity: 80, event_id: DEMO_EVENT });
    expect(res.status).toBe(200);
    const body = await res.json() as { success: boolean; stock: { stock: number } };
    expect(body).toMatchObject({ success: true, stock: { id: 101, stock: 80, isAlert: false } });
    const last = await sys.db('movements').where({ event_id: DEMO_EVENT, product_id: 101 }).orderBy('id', 'desc').first('kind', 'note', 'variation', 'created_by');
    expect(last).toEqual({ kind: 'correction', note: 'Correction manuelle', variation: 25, created_by: 'admin@kermesse.local' });
    expect(await levelAndLedger(sys.db, DEMO_EVENT, 101)).toMatchObject({ stock: 80, ledger: 80 });
    const history = await (await sys.request(`/api/stocks/movements?event_id=${DEMO_EVENT}&product_id=101`)).json() as { movements: { note: string }[] };
    expect(history.movements.map((m) => m.note)).toEqual(['Correction manuelle', 'Vente V-000001', 'Vente V-000001', DEMO_NOTE_TEXT]);
  });

  it('refuses a negative stock or threshold and an unknown product, in French, changing nothing', async () => {
    const negative = await post('/api/stocks/update/stock', { product_id: 101, quantity: -1, event_id: DEMO_EVENT });
    expect(negative.status).toBe(400);
    expect(await negative.json()).toEqual({ error: 'Le champ « quantity » doit être supérieur ou égal à 0.' });
    const threshold = await post('/api/stocks/update/alert-threshold', { product_id: 101, alert_threshold: -2 });
    expect(await threshold.json()).toEqual({ error: 'Le champ « alert_threshold » doit être supérieur ou égal à 0.' });
    const text = await post('/api/stocks/update/stock', { product_id: 101, quantity: '12' });
    expect(await text.json()).toEqual({ error: 'Le champ « quantity » doit être de type entier.' });
    const unknown = await post('/api/stocks/update/stock', { product_id: 999, quantity: 3 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Produit introuvable.' });
    const noEvent = await post('/api/stocks/update/stock', { product_id: 101, quantity: 3, event_id: 777 });
    expect(await noEvent.json()).toEqual({ error: 'Événement introuvable.' });
    expect((await stockOf(DEMO_EVENT, 101)).stock).toBe(80);
  });
});

const DEMO_NOTE_TEXT = 'Stock initial (données de démonstration)';

describe('inventory import', () => {
  const upload = (content: Uint8Array | string, { dryRun = true, note = '', name = 'inventaire.csv', type = 'text/csv', eventId = PLAIN_EVENT } = {}) => {
    const form = new FormData();
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    form.append('file', new Blob([Uint8Array.from(bytes)], { type }), name);
    form.append('global_note', note);
    return sys.request(`/api/stocks/import/inventory?dry-run=${dryRun ? 1 : 0}&event_id=${eventId}`, { method: 'POST', body: form });
  };
  const snapshot = async () => ({
    levels: await sys.db('levels').where({ event_id: PLAIN_EVENT }).orderBy('product_id').select('product_id', 'stock', 'alert_threshold'),
    movements: (await sys.db('movements').count<{ count: number }[]>('* as count'))[0]!.count,
    imports: (await sys.db('imports').count<{ count: number }[]>('* as count'))[0]!.count,
  });

  it('refuses a formula in the import note like in the cells, and writes nothing', async () => {
    const before = await snapshot();
    const res = await upload('produit;stock\nCafé filtre;12\n', { dryRun: false, note: '=HYPERLINK("http://x","clic")' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Le champ « global_note » commence par « = » : les formules ne sont pas acceptées.' });
    expect(await snapshot()).toEqual(before);
  });

  it('gives the model file with every product, its level, and formulas neutralised', async () => {
    await sys.publish('catalog.product.changed', buildProduct(106, '=HYPERLINK("http://x")', 'Buvette'));
    await eventually(async () => Boolean(await stockOf(PLAIN_EVENT, 106)));
    const res = await sys.request(`/api/stocks/inventory/template?event_id=${PLAIN_EVENT}`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="modele-inventaire-${PLAIN_EVENT}.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.split('\r\n')).toEqual([
      '\uFEFFid_produit;produit;categorie;stock_actuel;nouveau_stock;note',
      '103;Jus d’orange bio;Boissons;0;;',
      '160;Limonade maison;Boissons;0;;',
      '106;"\'=HYPERLINK(""http://x"")";Buvette;0;;',
      '102;Café filtre;Buvette;0;;',
      '101;Crêpe sucre;Buvette;0;;',
      '105;Glace;Desserts;0;;',
      '',
    ]);
  });

  it('dry-runs a Windows-1252 file with decimal commas and BOM-less semicolons, writing nothing', async () => {
    const before = await snapshot();
    const cp1252 = Uint8Array.from([...'id_produit;produit;nouveau_stock;note\r\n101;Cr\xEApe sucre;24;\r\n;Caf\xE9 filtre;"12,0";Compt\xE9 \x80 la main\r\n\r\n'].map((c) => c.charCodeAt(0)));
    const res = await upload(cp1252, { note: 'Inventaire du 01/10/2025' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'dry-run', products_affected: 2, products_updated: 2, errors: [],
      movements: [
        { line: 2, product_id: 101, product_name: 'Crêpe sucre', current_stock: 0, new_stock: 24, variation: 24, note: 'Inventaire du 01/10/2025' },
        { line: 3, product_id: 102, product_name: 'Café filtre', current_stock: 0, new_stock: 12, variation: 12, note: 'Compté € la main' },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('imports for real in one go: movements with their notes, levels, alerts left, one import row', async () => {
    const before = sys.alerts.length;
    const res = await upload('\uFEFFid_produit;nouveau_stock\n101;24\n102;12\n103;0\n', { dryRun: false, note: 'Inventaire du 02/10/2025' });
    expect(res.status).toBe(200);
    const body = await res.json() as { status: string; products_affected: number; products_updated: number };
    expect(body).toMatchObject({ status: 'ok', products_affected: 3, products_updated: 2, errors: [] });
    expect((await stocks(PLAIN_EVENT)).stocks.filter((s) => s.id < 104).map((s) => [s.id, s.stock, s.isAlert])).toEqual([[103, 0, true], [102, 12, false], [101, 24, false]]);
    expect(await levelAndLedger(sys.db, PLAIN_EVENT, 101)).toEqual({ stock: 24, ledger: 24, movements: 1 });
    const movement = await sys.db('movements').where({ event_id: PLAIN_EVENT, product_id: 101 }).first('kind', 'note', 'import_id');
    expect(movement).toMatchObject({ kind: 'import', note: 'Inventaire du 02/10/2025', import_id: expect.any(Number) });
    const left = await eventually(() => {
      const mine = sys.alerts.slice(before).filter((a) => a.payload.eventId === PLAIN_EVENT);
      return mine.length === 2 ? mine : null;
    });
    expect(left.map((a) => [a.payload.productId, a.payload.isAlert]).sort()).toEqual([[101, false], [102, false]]);
  });

  it('changes nothing for malformed, mis-encoded or formula-injected files, naming each line, dry-run or not', async () => {
    const before = await snapshot();
    const cases: [string | Uint8Array, string[]][] = [
      ['id_produit;nouveau_stock\n101;5\n102;beaucoup\n999;3\n', [
        'Ligne 3 : la quantité « beaucoup » de « Café filtre » doit être un nombre entier positif ou nul.',
        "Ligne 4 : aucun produit n'a l'identifiant 999.",
      ]],
      ['produit;nouveau_stock\nCafé filtre;5\nCrÃªpe sucre;4\n', [
        'Ligne 3 : texte mal encodé (« CrÃªpe sucre ») — enregistrez le fichier en « CSV UTF-8 » ou en « CSV (séparateur : point-virgule) ».',
      ]],
      ['id_produit;nouveau_stock;note\n101;5;=1+1\n102;6;"@SOMME(A1:A9)"\n103;7;+cmd|\' /C calc\'!A0\n', [
        'Ligne 2 : la cellule « note » commence par « = » (« =1+1 ») : les formules ne sont pas acceptées.',
        'Ligne 3 : la cellule « note » commence par « @ » (« @SOMME(A1:A9) ») : les formules ne sont pas acceptées.',
        "Ligne 4 : la cellule « note » commence par « + » (« +cmd|' /C calc'!A0 ») : les formules ne sont pas acceptées.",
      ]],
      ['id_produit;nouveau_stock\n101;5\n102;"6\n', ["Ligne 3 : un guillemet ouvert n'est jamais refermé."]],
    ];
    for (const [content, errors] of cases) {
      const dry = await upload(content);
      expect(dry.status).toBe(200);
      expect(await dry.json()).toMatchObject({ status: 'dry-run', errors, movements: [], products_affected: 0 });
      const real = await upload(content, { dryRun: false });
      expect(real.status).toBe(422);
      expect(await real.json()).toMatchObject({
        status: 'error', errors,
        error: `L'import contient ${errors.length} erreur(s) : rien n'a été importé. Corrigez le fichier puis relancez le test.`,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses what is not CSV and a request without a file with SPEC's messages", async () => {
    const before = await snapshot();
    const xlsx = await upload(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), { name: 'inventaire.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(xlsx.status).toBe(400);
    expect(await xlsx.json()).toEqual({ error: 'Veuillez sélectionner un fichier CSV valide' });
    const disguised = await upload(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), { dryRun: false });
    expect(await disguised.json()).toEqual({ error: 'Veuillez sélectionner un fichier CSV valide' });
    const form = new FormData();
    form.append('global_note', 'x');
    const none = await sys.request('/api/stocks/import/inventory?dry-run=1', { method: 'POST', body: form });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: 'Veuillez sélectionner un fichier à importer' });
    const json = await post('/api/stocks/import/inventory?dry-run=0', {});
    expect(await json.json()).toEqual({ error: 'Veuillez sélectionner un fichier à importer' });
    expect(await snapshot()).toEqual(before);
  });

  it('uses « Inventaire du {dd/mm/yyyy} » when no note is given', async () => {
    const res = await upload('id_produit;nouveau_stock\n103;9\n');
    const body = await res.json() as { movements: { note: string }[] };
    expect(body.movements[0]!.note).toMatch(/^Inventaire du \d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('a cut upload', () => {
  it('answers 400 in French to an inventory cut before its closing boundary, writes nothing and keeps serving', async () => {
    const before = await levelAndLedger(sys.db, DEMO_EVENT, 101);
    const importsBefore = (await sys.db('imports').count<{ count: number }[]>('* as count'))[0]!.count;
    const res = await sys.request(`/api/stocks/import/inventory?dry-run=0&event_id=${DEMO_EVENT}`, cutMultipartUpload());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("Envoi du fichier interrompu ou mal formé : réessayez l'import.");
    expect(await levelAndLedger(sys.db, DEMO_EVENT, 101)).toEqual(before);
    expect((await sys.db('imports').count<{ count: number }[]>('* as count'))[0]!.count).toBe(importsBefore);
    expect((await sys.request('/api/stocks/')).status).toBe(200);
  });
});

describe('a sale beyond the counted stock', () => {
  it('is recorded all the same: the level goes below zero, in alert, and stock.alert reaches the register', async () => {
    await sys.publish('catalog.product.changed', buildProduct(190, 'Gaufre au sucre', 'Buvette'));
    const counted = await eventually(async () => (await stockOf(DEMO_EVENT, 190))?.stock);
    expect(await stockOf(DEMO_EVENT, 190)).toMatchObject({ isAlert: false });
    const before = sys.alerts.length;
    // Three more waffles sold than were counted: the fair never refuses a sale over a miscount.
    await sys.publish('sale.completed', buildSale(190, DEMO_EVENT, [[190, counted + 3]]));
    const alert = await eventually(() => sys.alerts.slice(before).find((a) => a.payload.productId === 190 && a.payload.eventId === DEMO_EVENT));
    expect(alert.payload).toEqual({ eventId: DEMO_EVENT, productId: 190, isAlert: true, stock: -3, alertThreshold: 10 });
    expect(await stockOf(DEMO_EVENT, 190)).toMatchObject({ name: 'Gaufre au sucre', stock: -3, isAlert: true });
    expect((await stocks(DEMO_EVENT)).alerts).toContain(190);
    expect(await levelAndLedger(sys.db, DEMO_EVENT, 190)).toEqual({ stock: -3, ledger: -3, movements: 2 });
    const state = await (await sys.request(`/api/cr/stocks/${DEMO_EVENT}/stocks/state`, { as: 'cashier' })).json() as { stocks: { id: number; isAlert: boolean }[] };
    expect(state.stocks).toContainEqual({ id: 190, isAlert: true });
  });
});

describe('sales that queued up while the service was away', () => {
  it('applies them together, each line once, with every movement giving the level it led to', async () => {
    await sys.publish('catalog.product.changed', buildProduct(191, 'Chouquettes', 'Buvette'));
    await eventually(async () => (await stockOf(DEMO_EVENT, 191))?.stock === 60);
    await sys.stopConsumers();
    const first = await sys.publish('sale.completed', buildSale(191001, DEMO_EVENT, [[191, 2]]));
    await sys.publish('sale.completed', buildSale(191002, DEMO_EVENT, [[191, 3], [191, 1]]));
    // The same event delivered twice, and the same sale published again under a new event id.
    await sys.publishRaw(first, `${first.id}-again`);
    await sys.publish('sale.completed', buildSale(191001, DEMO_EVENT, [[191, 2]]));
    await sys.publish('sale.completed', buildSale(191003, DEMO_EVENT, [[191, 4]]));
    // A sale of an event and a product not known yet, among the others.
    await sys.publish('sale.completed', buildSale(191004, 15, [[192, 1]]));
    await sys.startConsumers();

    await eventually(async () => (await levelAndLedger(sys.db, 15, 192)).stock === -1);
    await eventually(async () => (await stockOf(DEMO_EVENT, 191)).stock === 50);
    const movements = await sys.db('movements').where({ event_id: DEMO_EVENT, product_id: 191, kind: 'sale' }).orderBy('id').select('sale_id', 'variation', 'stock_after');
    expect(movements).toEqual([
      { sale_id: 191001, variation: -2, stock_after: 58 },
      { sale_id: 191002, variation: -3, stock_after: 55 },
      { sale_id: 191002, variation: -1, stock_after: 54 },
      { sale_id: 191003, variation: -4, stock_after: 50 },
    ]);
    expect(await levelAndLedger(sys.db, DEMO_EVENT, 191)).toEqual({ stock: 50, ledger: 50, movements: 5 });
    expect(await levelAndLedger(sys.db, 15, 192)).toEqual({ stock: -1, ledger: -1, movements: 1 });
    expect((await sys.db('levels').where({ event_id: 15, product_id: 192 }).first('is_alert')).is_alert).toBe(true);
  });
});
