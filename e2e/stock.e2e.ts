/**
 * Stock and swap-meet in Chromium, on the whole system (launcher: every service, gateway, built
 * front ends): the demo levels reach the stock screen from the register's catalogue, inline edits,
 * an inventory import tested then applied, a product added to a register and seen by the register,
 * a sale at the register lowering the stock once and its alert reaching the register, the printable
 * price list, and a swap-meet import then reset.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { eventually } from '@kermesse/kit/testing';
import { gatewayOk } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin', 'caissier'] });
/** Waits for what the services do asynchronously (events between them). */
const settled = <T>(check: () => Promise<T>) => eventually(check, 30_000, 200);

interface StockItem {
  id: number;
  name: string;
  category: string;
  stock: number;
  alert_threshold: number;
  isAlert: boolean;
}
interface Stocks {
  event: { id: number; name: string };
  stocks: StockItem[];
  alerts: number[];
}

const SWAPMEET_SAMPLE = join(import.meta.dirname, '..', 'services', 'swapmeet', 'samples', 'vide-grenier-exemple.csv');
const INVENTORY_SAMPLE = join(import.meta.dirname, '..', 'services', 'stock', 'samples', 'inventaire-exemple.csv');

beforeAll(async () => {
  // The demo products reach the stock service as catalog events after start-up.
  await settled(async () => {
    const stocks = await api<Stocks>('GET', '/api/stocks/');
    return stocks.event?.name === 'Kermesse de printemps' && stocks.stocks.some((s) => s.name === 'Gaufre') && stocks.stocks.length >= 21;
  });
});

const api = <T = unknown>(method: string, path: string, body?: unknown, token = e2e.tokens.admin, headers: Record<string, string> = {}) =>
  gatewayOk<T>(e2e.url, token, method, path, body, headers);

const stockOf = async (name: string) => (await api<Stocks>('GET', '/api/stocks/')).stocks.find((s) => s.name === name)!;

/** A page signed in as the admin (the shell keeps the session in local storage). */
async function adminPage(): Promise<Page> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughForm(page, 'admin@kermesse.local');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  return page;
}

const row = (page: Page, product: string) => page.locator('tr', { has: page.getByRole('rowheader', { name: product, exact: true }) });

describe('stock state', () => {
  it('shows the demo stock by category with the products in alert counted, and saves inline edits', async () => {
    const page = await adminPage();
    await page.getByRole('button', { name: 'Plus tard' }).click();
    await page.getByRole('link', { name: 'Stock' }).click();
    await page.getByRole('heading', { name: 'État du stock' }).waitFor();
    // Four demo products start in alert (cider, sandwich, sweets, waffle).
    await expect.poll(() => page.locator('#alert-count').textContent()).toBe('4 produits en alerte');
    for (const category of ['Boissons', 'Plats', 'Confiseries', 'Desserts', 'Animations']) {
      await page.getByRole('heading', { name: category, exact: true }).waitFor();
    }
    expect(await row(page, 'Gaufre').getAttribute('class')).toContain('stk-row--alert');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-etat.png'), fullPage: true });

    // Counting the sweets: 40 in stock, the product leaves the alert list.
    const sweets = row(page, 'Sachet de bonbons');
    await sweets.getByLabel('Stock de Sachet de bonbons').fill('40');
    await sweets.getByLabel('Stock de Sachet de bonbons').press('Enter');
    await sweets.getByText('Enregistré').waitFor();
    await expect.poll(() => page.locator('#alert-count').textContent()).toBe('3 produits en alerte');
    expect(await stockOf('Sachet de bonbons')).toMatchObject({ stock: 40, alert_threshold: 10, isAlert: false });

    // A threshold above the level puts coffee in alert; the field is left with Tab.
    const coffee = row(page, 'Café');
    await coffee.getByLabel("Seuil d'alerte de Café").fill('500');
    await coffee.getByLabel("Seuil d'alerte de Café").press('Tab');
    await expect.poll(() => page.locator('#alert-count').textContent()).toBe('4 produits en alerte');
    expect((await stockOf('Café')).alert_threshold).toBe(500);

    // Below 0 is refused next to the field and nothing is sent.
    await coffee.getByLabel('Stock de Café').fill('-3');
    await coffee.getByLabel('Stock de Café').press('Enter');
    await coffee.getByText('Erreur lors de la mise à jour : un nombre entier positif ou nul est attendu.').waitFor();
    expect((await stockOf('Café')).stock).toBe(120);
    expect(await coffee.getByLabel('Stock de Café').getAttribute('min')).toBe('0');

    // The level is explained by its movements.
    await sweets.getByRole('button', { name: 'Historique' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Correction manuelle').waitFor();
    await dialog.getByText('Stock initial (données de démonstration)').waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-historique.png') });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await page.context().close();
  });
});

describe('inventory import', () => {
  it('downloads the model, tests a file (nothing changes), then imports it for real', async () => {
    const page = await adminPage();
    await page.goto('/stock/import');
    await page.getByRole('heading', { name: "Import d'inventaire" }).waitFor();
    // docs/spec.md §9: the note defaults to « Inventaire du {dd/mm/yyyy} ».
    const today = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    expect(await page.getByLabel('Note').inputValue()).toBe(`Inventaire du ${today}`);
    expect(await page.getByLabel(/Mode test/).isChecked()).toBe(true);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le modèle' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^modele-inventaire-\d+\.csv$/);
    const model = readFileSync((await download.path())!, 'utf8');
    expect(model.split('\r\n')[0]).toBe('\uFEFFid_produit;produit;categorie;stock_actuel;nouveau_stock;note');
    expect(model).toContain(';Gaufre;Desserts;5;;');

    // Without a file, then with a file that is not CSV: the spec's messages.
    await page.getByRole('button', { name: "Tester l'import" }).click();
    await page.getByText('Veuillez sélectionner un fichier à importer').waitFor();
    await page
      .getByLabel('Fichier CSV')
      .setInputFiles({ name: 'inventaire.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await page.getByRole('button', { name: "Tester l'import" }).click();
    await page.getByText('Veuillez sélectionner un fichier CSV valide').waitFor();

    // A file with mistakes: every bad line is named, the real import stays off.
    await page.getByLabel('Fichier CSV').setInputFiles({
      name: 'inventaire.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('produit;nouveau_stock;note\nPop-corn;douze;\nGlace italienne;4;\nBarbe à papa;7;=1+1\n'),
    });
    await page.getByRole('button', { name: "Tester l'import" }).click();
    await page.getByText('Ligne 2 : la quantité « douze » de « Pop-corn » doit être un nombre entier positif ou nul.').waitFor();
    await page.getByText('Ligne 3 : produit « Glace italienne » inconnu.').waitFor();
    await page.getByText(/^Ligne 4 : la cellule « note » commence par « = »/).waitFor();
    await page.getByLabel(/Mode test/).uncheck();
    expect(await page.getByRole('button', { name: 'Importer' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-import-erreurs.png'), fullPage: true });
    await page.getByLabel(/Mode test/).check();

    // The sample file of the repository, as a new user would import it.
    await page.getByLabel('Fichier CSV').setInputFiles(INVENTORY_SAMPLE);
    await page.getByRole('button', { name: "Tester l'import" }).click();
    await page.getByText('Test réussi : aucune erreur. Décochez le mode test pour importer.').waitFor();
    const tested = page.locator('#import-result');
    await tested.getByRole('rowheader', { name: 'Pop-corn' }).waitFor();
    expect((await stockOf('Pop-corn')).stock).toBe(35);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-import-test.png'), fullPage: true });

    await page.getByLabel(/Mode test/).uncheck();
    await page.getByRole('button', { name: 'Importer' }).click();
    await page.getByText('Import effectué : le stock est à jour.').waitFor();
    expect(await stockOf('Pop-corn')).toMatchObject({ stock: 48 });
    expect(await stockOf('Bolée de cidre')).toMatchObject({ stock: 30, isAlert: false });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-import-reel.png'), fullPage: true });
    await page.context().close();
  });
});

describe('registers and the stock', () => {
  const demoEvent = async () =>
    (await api<Array<{ id: number; name: string }>>('GET', '/api/cr/events', undefined, e2e.tokens.caissier)).find(
      (e) => e.name === 'Kermesse de printemps',
    )!;
  const checkoutNamed = async (name: string) => {
    const event = await demoEvent();
    const [first] = await api<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
      'GET',
      `/api/cr/events/${event.id}/checkouts`,
      undefined,
      e2e.tokens.caissier,
    );
    return first!.checkouts.find((c) => c.name === name)!;
  };
  type RegisterProduct = { id: number; name: string; price: number; stockAlert: boolean };
  const registerProducts = async (checkoutId: number) =>
    (await api<Array<{ products: RegisterProduct[] }>>('GET', `/api/cr/checkouts/${checkoutId}`, undefined, e2e.tokens.caissier))[0]!
      .products;

  it('adds a product to a register with « Ajouter », the register sells it, « Retirer » takes it back', async () => {
    const entrance = await checkoutNamed('Caisse Entrée');
    expect((await registerProducts(entrance.id)).some((p) => p.name === 'Hot-dog')).toBe(false);
    const page = await adminPage();
    await page.goto('/stock/caisses');
    await page.getByLabel('Caisse', { exact: true }).selectOption({ label: 'Caisse Entrée' });
    const hotDog = page.locator('li', { hasText: 'Hot-dog' });
    await hotDog.getByRole('button', { name: 'Ajouter Hot-dog' }).click();
    await hotDog.getByRole('button', { name: 'Retirer Hot-dog' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-produits-caisse.png'), fullPage: true });
    expect((await registerProducts(entrance.id)).find((p) => p.name === 'Hot-dog')).toMatchObject({ price: 3.5 });

    // The price list of that register shows it, ready to print.
    await page.goto(`/stock/tarifs?${new URL(page.url()).searchParams}`);
    await page.getByRole('heading', { name: 'Liste des prix — Caisse Entrée' }).waitFor();
    const price = page.locator('.stk-price', { hasText: 'Hot-dog' });
    expect((await price.innerText()).replace(/\s+/g, ' ')).toBe('Hot-dog 3,50 €');
    await page.getByRole('button', { name: 'Imprimer' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'stock-liste-des-prix-impression.png'), fullPage: true });
    expect(await page.locator('.shell-header').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    await page.goBack();
    await page.locator('li', { hasText: 'Hot-dog' }).getByRole('button', { name: 'Retirer Hot-dog' }).click();
    await page.locator('li', { hasText: 'Hot-dog' }).getByRole('button', { name: 'Ajouter Hot-dog' }).waitFor();
    expect((await registerProducts(entrance.id)).some((p) => p.name === 'Hot-dog')).toBe(false);
    await page.context().close();
  });

  it('lowers the stock once for a sale at the register, and the alert reaches the register', async () => {
    const buvette = await checkoutNamed('Caisse Buvette');
    const event = await demoEvent();
    const waffle = (await registerProducts(buvette.id)).find((p) => p.name === 'Gaufre')!;
    // 7 waffles, alert at 5: the register stops flagging them.
    await api('POST', '/api/stocks/update/stock', { product_id: waffle.id, quantity: 7 });
    await settled(async () => !(await registerProducts(buvette.id)).find((p) => p.id === waffle.id)!.stockAlert);

    const sale = {
      sale: {
        checkoutId: buvette.id,
        eventId: event.id,
        personId: null,
        paymentMode: 2,
        cart: [{ product: { id: waffle.id, name: 'Gaufre', price: 1.5 }, quantity: 2 }],
        payments: [{ method: 'ESP', amount: 3, payment_reference: '5' }],
      },
    };
    const key = randomUUID();
    const answer = await api<{ success: boolean; sale: { reference: string } }>('POST', '/api/cr/sale/create', sale, e2e.tokens.caissier, {
      'Idempotency-Key': key,
    });
    expect(answer.success).toBe(true);
    // A retry of the same sale (same key) is not a second sale.
    await api('POST', '/api/cr/sale/create', sale, e2e.tokens.caissier, { 'Idempotency-Key': key });

    await settled(async () => (await stockOf('Gaufre')).stock === 5);
    await settled(async () => (await registerProducts(buvette.id)).find((p) => p.id === waffle.id)!.stockAlert);
    const history = await api<{ movements: Array<{ kind: string; variation: number; note: string }> }>(
      'GET',
      `/api/stocks/movements?product_id=${waffle.id}`,
    );
    expect(history.movements.filter((m) => m.kind === 'sale' && m.note === `Vente ${answer.sale.reference}`)).toEqual([
      {
        kind: 'sale',
        variation: -2,
        note: `Vente ${answer.sale.reference}`,
        stock_after: 5,
        id: expect.any(Number),
        sale_reference: answer.sale.reference,
        created_by: null,
        created_at: expect.any(String),
      },
    ]);
    // No fixed wait for « nothing more happens »: a later sale of one waffle is the barrier. Once its
    // movement is there, a second movement of the retried sale would be there too, and the stock
    // shows 7 − 2 − 1 = 4.
    const later = await api<{ success: boolean; sale: { reference: string } }>(
      'POST',
      '/api/cr/sale/create',
      {
        sale: {
          ...sale.sale,
          cart: [{ product: { id: waffle.id, name: 'Gaufre', price: 1.5 }, quantity: 1 }],
          payments: [{ method: 'ESP', amount: 1.5, payment_reference: '2' }],
        },
      },
      e2e.tokens.caissier,
      { 'Idempotency-Key': randomUUID() },
    );
    const saleMovements = async () =>
      (
        await api<{ movements: Array<{ kind: string; note: string }> }>('GET', `/api/stocks/movements?product_id=${waffle.id}`)
      ).movements.filter((m) => m.kind === 'sale');
    await settled(async () => (await saleMovements()).some((m) => m.note === `Vente ${later.sale.reference}`));
    expect((await saleMovements()).filter((m) => m.note === `Vente ${answer.sale.reference}`)).toHaveLength(1);
    expect((await stockOf('Gaufre')).stock).toBe(4);
    const state = await api<{ success: boolean; stocks: Array<{ id: number; isAlert: boolean }> }>(
      'GET',
      `/api/cr/stocks/${event.id}/stocks/state`,
      undefined,
      e2e.tokens.caissier,
    );
    expect(state.stocks.find((s) => s.id === waffle.id)).toEqual({ id: waffle.id, isAlert: true });
  });
});

describe('swap-meet', () => {
  it('imports the sample bookings after a clean test, reloads the table, then resets after confirmation', async () => {
    const page = await adminPage();
    await page.goto('/stock/vide-grenier');
    await page.getByRole('heading', { name: 'Choisir un vide-grenier' }).waitFor();
    await page.getByRole('link', { name: /Vide-grenier de printemps/ }).click();
    await page.getByRole('heading', { name: 'Réservations enregistrées' }).waitFor();
    await page.getByText('3 réservations', { exact: true }).waitFor();

    await page.getByRole('button', { name: "Tester l'import" }).click();
    await page.getByText('Veuillez sélectionner un fichier CSV').waitFor();
    await page.getByLabel('Fichier CSV').setInputFiles(SWAPMEET_SAMPLE);
    await page.getByLabel(/Mode test/).uncheck();
    expect(await page.getByRole('button', { name: 'Importer' }).isDisabled()).toBe(true);
    await page.getByLabel(/Mode test/).check();
    await page.getByRole('button', { name: "Tester l'import" }).click();
    await page.getByText('Test réussi : 8 réservations prêtes à être importées.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'vide-grenier-test.png'), fullPage: true });

    await page.getByLabel(/Mode test/).uncheck();
    await page.getByRole('button', { name: 'Importer' }).click();
    await page.getByText('8 réservations importées.').waitFor();
    // docs/spec.md §4: the bookings are reloaded 1 s later.
    await page.getByText('11 réservations', { exact: true }).waitFor({ timeout: 5_000 });
    await page.getByRole('rowheader', { name: 'Jeanne Moreau' }).first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'vide-grenier-importe.png'), fullPage: true });

    await page.getByRole('button', { name: 'Supprimer toutes les réservations' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Êtes-vous sûr de vouloir supprimer toutes les réservations de ce vide-grenier ? Cette action est irréversible.')
      .waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'vide-grenier-confirmation.png') });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('11 réservations supprimées.').waitFor();
    await page.getByText('Aucune réservation pour ce vide-grenier.').waitFor();
    await page.context().close();
  });
});
