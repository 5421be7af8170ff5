/**
 * The register's back office in Chromium, as a new association on a phone (390 px): create an
 * event, a register, a category and a product with its picture; the product then sells on that
 * register; duplicate the event for next year. The back office comes from `mfe_register/Admin`,
 * which a cashier's register page never downloads.
 *
 * Then the whole fair on a tablet: an event, two registers, three categories, eight
 * products with pictures, a meal deal, a raffle with its tiers (update mode after « Créer ») and a
 * gift basket, the raffle put on the home banner; a sale at a register; the stock lines; the event
 * duplicated for next year with everything but the sales — the raffle and gift-basket tiers too.
 */
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { callGateway, signInToken } from './support/api.ts';
import { openRegister, setupSystem } from './support/session.ts';

const e2e = setupSystem();

const PHONE = { width: 390, height: 844 };
/** A real 1×1 PNG. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A 64×64 PNG of one colour (a product's picture that shows on the screenshots). */
function colourPicture([r, g, b]: [number, number, number]): Buffer {
  const size = 64;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `gestion-${name}.png`), fullPage: true });
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: "Sections de l'événement" }).getByRole('button', { name, exact: true });

/** Register chunks a page fetched: `/remotes/mfe-register/…js`. */
const registerScripts = (requested: string[]) => [
  ...new Set(requested.filter((p) => p.startsWith('/remotes/mfe-register/') && p.endsWith('.js'))),
];

describe('back office in Chromium (390 px phone)', () => {
  it('sets up a fair from nothing, sells its product on the new register, and duplicates it for next year', async () => {
    const stamp = Date.now() % 100000;
    const eventName = `Fête de l'école ${stamp}`;
    const context = await e2e.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const adminRequests: string[] = [];
    page.on('request', (req) => adminRequests.push(new URL(req.url()).pathname));
    await page.goto('/');
    await page.getByRole('button', { name: 'Plus tard' }).click();
    await signInThroughForm(page, 'admin@kermesse.local');
    await page
      .getByRole('button', { name: 'Se déconnecter' })
      .waitFor()
      .catch(async (err: unknown) => {
        await shot(page, 'connexion');
        throw err;
      });

    await page.goto('/gestion');
    await page.getByRole('heading', { name: 'Gestion de la fête' }).waitFor();
    await page.getByRole('button', { name: 'Nouvel événement' }).click();
    await page.getByLabel("Nom de l'événement").fill(eventName);
    await page.getByLabel('Date de début').fill('2027-06-12');
    await page.getByLabel('Lieu').fill("Cour de l'école");
    await page.getByRole('button', { name: "Créer l'événement" }).click();
    await page.getByRole('heading', { name: eventName, level: 1 }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    await tab(page, 'Caisses').click();
    await page.getByLabel('Nom de la caisse').fill('Caisse Citronnade');
    await page.getByRole('button', { name: 'Ajouter la caisse' }).click();
    await page.getByText('Caisse Citronnade', { exact: true }).waitFor();

    await tab(page, 'Catégories').click();
    await page.getByLabel('Nom de la catégorie').fill('Boissons fraîches');
    await page.getByRole('button', { name: 'Ajouter la catégorie' }).click();
    await page.getByText('Boissons fraîches', { exact: true }).waitFor();

    await tab(page, 'Produits').click();
    await page.getByRole('button', { name: 'Nouveau produit' }).click();
    const form = page.getByRole('form', { name: 'Nouveau produit' });
    await form.getByLabel('Nom du produit').fill('Citronnade maison');
    await form.getByLabel('Prix').fill('2,50');
    // No register is ticked for the admin: they say which ones sell it.
    expect(await form.getByRole('checkbox', { name: 'Caisse Citronnade' }).isChecked()).toBe(false);
    await form.getByRole('checkbox', { name: 'Caisse Citronnade' }).check();
    await form.getByLabel(/^Image/).setInputFiles({ name: 'citronnade.png', mimeType: 'image/png', buffer: PICTURE });
    await shot(page, 'produit');
    expect(await fitsWidth(page)).toBe(true);
    await form.getByRole('button', { name: 'Ajouter le produit' }).click();
    await page.getByText('« Citronnade maison » enregistré.').waitFor();
    const picture = page.locator('.bo-product__img').first();
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^\/up\/produit-\d+-[0-9a-f]+\.png$/);
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await page.getByText('2,50 €').count()).toBeGreaterThan(0);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'produits');
    const eventId = Number(/evenements\/(\d+)/.exec(page.url())![1]);
    const adminToken = await signInToken(e2e.url, 'admin@kermesse.local');

    // The stock service learnt the new product from catalog.product.changed: its line starts at 0.
    const stockOf = async () => {
      const res = await callGateway<{ stocks?: Array<{ name: string; stock: number }> }>(
        e2e.url,
        adminToken,
        'GET',
        `/api/stocks/?event_id=${eventId}`,
      );
      return res.status === 200 ? res.body.stocks?.find((line) => line.name === 'Citronnade maison')?.stock : undefined;
    };
    await expect.poll(stockOf, { timeout: 20_000 }).toBe(0);

    // The meal deal of this event, which its registers read from /api/cr/settings.
    await tab(page, 'Formule').click();
    await page.getByRole('button', { name: 'Ajouter une catégorie à la formule' }).click();
    await page.getByLabel('Prix 1').fill('2,50');
    await page.getByLabel('Remise par formule').fill('0,30');
    await page.getByRole('button', { name: 'Enregistrer la formule' }).click();
    await page.getByText(/^Formule enregistrée/).waitFor();
    const settings = await callGateway<{ data: { mealDeal: unknown } }>(
      e2e.url,
      await signInToken(e2e.url, 'caissier@kermesse.local'),
      'GET',
      `/api/cr/settings?eventId=${eventId}`,
    );
    expect(settings.body.data.mealDeal).toEqual({ discount: 0.3, items: [{ categoryId: expect.any(Number), price: 2.5 }] });

    // The product sells at once on the new register (a cashier's tablet).
    const cashier = await e2e.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
    const token = await signInToken(e2e.url, 'caissier@kermesse.local');
    await cashier.addInitScript((t) => localStorage.setItem('bearerToken', t), token);
    const register = await cashier.newPage();
    const cashierRequests: string[] = [];
    register.on('request', (req) => cashierRequests.push(new URL(req.url()).pathname));
    // A loaded machine: the register's first load may take more than the 5 s of a poll.
    await openRegister(register, 'Caisse Citronnade', { event: eventName, timeout: 30_000 });
    await register.getByRole('button', { name: /^Citronnade maison,/ }).click();
    expect(await register.getByRole('tab', { name: 'Boissons fraîches' }).count()).toBe(1);
    await register.getByRole('button', { name: /^Espèce/ }).click();
    await register.getByLabel('Montant donné').fill('5');
    await register.getByRole('button', { name: 'Valider' }).click();
    await register.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 15_000 });

    // The register page fetched none of the back office's code.
    const adminOnly = registerScripts(adminRequests).filter((p) => !registerScripts(cashierRequests).includes(p));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const path of registerScripts(cashierRequests)) {
      const code = await (await fetch(e2e.url + path)).text();
      expect(code, path).not.toContain('Gestion de la fête');
    }
    await cashier.close();

    // Next year: duplicate from this event, everything but the sales comes back.
    await page.getByRole('link', { name: '← Tous les événements' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName }) });
    await card.getByRole('button', { name: 'Dupliquer' }).click();
    await card.getByLabel('Nom du nouvel événement').fill(`${eventName} — 2028`);
    await card.getByRole('button', { name: "Dupliquer l'événement" }).click();
    await page.getByRole('heading', { name: `${eventName} — 2028`, level: 1 }).waitFor();
    await tab(page, 'Produits').click();
    await page.getByText('Citronnade maison').waitFor();
    await tab(page, 'Caisses').click();
    await page.getByText('Caisse Citronnade', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    const copyId = Number(/evenements\/(\d+)/.exec(page.url())![1]);
    const events = (await callGateway<Array<{ id: number; hasSales: boolean }>>(e2e.url, adminToken, 'GET', '/api/admin/events')).body;
    expect(events.find((e) => e.id === eventId)?.hasSales).toBe(true);
    expect(events.find((e) => e.id === copyId)?.hasSales).toBe(false);
    const meal = await callGateway<{ discount: number; isDefault: boolean }>(
      e2e.url,
      adminToken,
      'GET',
      `/api/admin/events/${copyId}/meal-deal`,
    );
    expect(meal.body).toMatchObject({ discount: 0.3, isDefault: false });

    // Tablet (768 px) and phone landscape: nothing wider than the screen, every tab reachable.
    for (const viewport of [
      { width: 768, height: 1024 },
      { width: 844, height: 390 },
    ]) {
      await page.setViewportSize(viewport);
      for (const name of ['Informations', 'Caisses', 'Catégories', 'Produits', 'Import CSV', 'Formule']) {
        await tab(page, name).click();
        expect(await fitsWidth(page), `${name} at ${viewport.width} px`).toBe(true);
      }
    }
    await shot(page, 'paysage');
    await context.close();
  });
});

describe('a whole fair set up from the screens (1024 px tablet), then next year from it', () => {
  const TABLET = { width: 1024, height: 768 };
  const CATEGORIES = ['Rafraîchissements', 'Crêpes et gâteaux', 'Salé'];
  const PRODUCTS: Array<[string, string, string]> = [
    ['Citronnade', '1,50', 'Rafraîchissements'],
    ['Café noisette', '1,00', 'Rafraîchissements'],
    ['Sirop de grenadine', '0,80', 'Rafraîchissements'],
    ['Crêpe au sucre', '2,00', 'Crêpes et gâteaux'],
    ['Part de gâteau', '1,50', 'Crêpes et gâteaux'],
    ['Gaufre', '2,50', 'Crêpes et gâteaux'],
    ['Hot-dog', '3,50', 'Salé'],
    ['Croque-monsieur', '3,00', 'Salé'],
  ];
  const RAFFLE = 'Tombola de la fête';
  /** Next year's raffle: the name typed in the duplicate dialog. */
  const NEXT_RAFFLE = 'Tombola de la fête 2028';

  it('creates everything, sells, sees the stock, and duplicates it all but the sales', { timeout: 600_000 }, async () => {
    const stamp = Date.now() % 100000;
    const eventName = `Fête des écoles ${stamp}`;
    const nextName = `${eventName} — 2028`;
    const adminToken = await signInToken(e2e.url, 'admin@kermesse.local');
    const cashierToken = await signInToken(e2e.url, 'caissier@kermesse.local');
    const context = await e2e.newContext({ viewport: TABLET, hasTouch: true });
    const page = await context.newPage();
    // On a failure, every page open at that moment is kept as a screenshot.
    onTestFailed(async () => {
      for (const [index, open] of e2e.browser
        .contexts()
        .flatMap((c) => c.pages())
        .entries()) {
        await open.screenshot({ path: join(ARTIFACTS_DIR, `fete-echec-${index}.png`), fullPage: true }).catch(() => undefined);
      }
    });
    const fairShot = (name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `fete-${name}.png`), fullPage: true });
    await signInThroughForm(page, 'admin@kermesse.local');
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();

    // The event, its two registers and three categories.
    await page.goto('/gestion');
    await page.getByRole('button', { name: 'Nouvel événement' }).click();
    await page.getByLabel("Nom de l'événement").fill(eventName);
    await page.getByLabel('Date de début').fill('2027-06-12');
    await page.getByLabel('Lieu').fill("Cour de l'école");
    await page.getByRole('button', { name: "Créer l'événement" }).click();
    await page.getByRole('heading', { name: eventName, level: 1 }).waitFor();
    const eventId = Number(/evenements\/(\d+)/.exec(page.url())![1]);
    await tab(page, 'Caisses').click();
    for (const name of ['Buvette', 'Stand tombola']) {
      await page.getByLabel('Nom de la caisse').fill(name);
      await page.getByRole('button', { name: 'Ajouter la caisse' }).click();
      await page.getByText(name, { exact: true }).waitFor();
    }
    await tab(page, 'Catégories').click();
    for (const name of CATEGORIES) {
      await page.getByLabel('Nom de la catégorie').fill(name);
      await page.getByRole('button', { name: 'Ajouter la catégorie' }).click();
      await page.getByText(name, { exact: true }).waitFor();
    }

    // Eight products with their pictures, priced with a decimal comma, sold by both registers.
    await tab(page, 'Produits').click();
    for (const [name, price, category] of PRODUCTS) {
      await page.getByRole('button', { name: 'Nouveau produit' }).click();
      const form = page.getByRole('form', { name: 'Nouveau produit' });
      await form.getByLabel('Nom du produit').fill(name);
      await form.getByLabel('Prix').fill(price);
      await form.getByLabel('Catégorie').selectOption({ label: category });
      await form.getByRole('button', { name: 'Cocher toutes les caisses' }).click();
      const colour: [number, number, number] = [(name.length * 37) % 256, (name.charCodeAt(0) * 5) % 256, (name.charCodeAt(1) * 3) % 256];
      await form.getByLabel(/^Image/).setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: colourPicture(colour) });
      await form.getByRole('button', { name: 'Ajouter le produit' }).click();
      await page.getByText(`« ${name} » enregistré.`).waitFor();
    }
    await expect.poll(() => page.locator('.bo-product').count()).toBe(8);
    await expect.poll(() => page.locator('.bo-product__img[src^="/up/produit-"]').count()).toBe(8);
    await fairShot('produits');

    // The meal deal: a drink at 1,50 and a savoury at 3,50 make a « Formule », 0,50 off.
    await tab(page, 'Formule').click();
    for (const [index, [category, price]] of [
      ['Rafraîchissements', '1,50'],
      ['Salé', '3,50'],
    ].entries()) {
      await page.getByRole('button', { name: 'Ajouter une catégorie à la formule' }).click();
      await page.getByLabel(`Catégorie ${index + 1}`).selectOption({ label: category! });
      await page.getByLabel(`Prix ${index + 1}`).fill(price!);
    }
    await page.getByLabel('Remise par formule').fill('0,50');
    await page.getByRole('button', { name: 'Enregistrer la formule' }).click();
    await page.getByText(/^Formule enregistrée/).waitFor();
    const settings = await callGateway<{ data: { mealDeal: unknown } }>(
      e2e.url,
      cashierToken,
      'GET',
      `/api/cr/settings?eventId=${eventId}`,
    );
    expect(settings.body.data.mealDeal).toEqual({
      discount: 0.5,
      items: [
        { categoryId: expect.any(Number), price: 1.5 },
        { categoryId: expect.any(Number), price: 3.5 },
      ],
    });

    // The raffle with its tiers: after « Créer » the editor updates the same raffle.
    await expect
      .poll(
        async () =>
          (await callGateway<Array<{ id: number }>>(e2e.url, adminToken, 'GET', '/api/admin/raffles/events')).body.some(
            (e) => e.id === eventId,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.goto('/tombola/nouvelle');
    await page.getByLabel('Événement').selectOption({ label: eventName });
    await page.getByLabel('Nom de la tombola').fill(RAFFLE);
    await page.getByLabel('Nombre total de tickets').fill('500');
    for (const [index, [nb, price]] of [
      ['1', '2,00'],
      ['3', '5,00'],
      ['10', '15,00'],
    ].entries()) {
      await page.getByRole('button', { name: 'Ajouter une nouvelle paire' }).click();
      await page.getByLabel(`Nombre de tickets de la paire ${index + 1}`).fill(nb!);
      await page.getByLabel(`Prix de la paire ${index + 1}`).fill(price!);
    }
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await page.getByText('Tombola créée avec succès !').waitFor();
    await page.getByRole('heading', { name: 'Modifier les prix des tickets' }).waitFor();
    await page.getByLabel('Prix de la paire 3').fill('12,00');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Tombola mise à jour avec succès !').waitFor();
    await fairShot('tombola-tarifs');
    const raffles = async () =>
      (
        await callGateway<Array<{ id: number; name: string; eventId: number; sold: number; tickets: number; price?: unknown }>>(
          e2e.url,
          adminToken,
          'GET',
          '/api/admin/raffles',
        )
      ).body;
    const ours = (await raffles()).filter((r) => r.eventId === eventId);
    expect(ours.map((r) => r.name)).toEqual([RAFFLE]);
    expect((await callGateway(e2e.url, adminToken, 'GET', `/api/admin/raffle/${ours[0]!.id}`)).body).toEqual([
      { nb: 1, p: 2 },
      { nb: 3, p: 5 },
      { nb: 10, p: 12 },
    ]);

    // A gift basket with its tiers and one basket to win.
    await page.goto('/tombola/paniers/nouveau');
    await page.getByLabel('Événement').selectOption({ label: eventName });
    for (const [index, [nb, price]] of [
      ['1', '2,00'],
      ['3', '5,00'],
    ].entries()) {
      await page.getByRole('button', { name: 'Ajouter une nouvelle paire' }).click();
      await page.getByLabel(`Nombre de tickets de la paire ${index + 1}`).fill(nb!);
      await page.getByLabel(`Prix de la paire ${index + 1}`).fill(price!);
    }
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await page.getByRole('link', { name: 'Ouvrir les paniers garnis créés' }).click();
    const types = page.getByRole('region', { name: 'Paniers à gagner' });
    await types.getByLabel('Nom').fill('Panier gourmand');
    await types.getByLabel('Prix').fill('45,50');
    await types.getByRole('button', { name: 'Ajouter' }).click();
    await types.getByText('Panier « Panier gourmand » ajouté.').waitFor();

    // The raffle on the home banner and the pre-sale page, with the association's words.
    await page.goto('/tombola');
    const featured = page.getByRole('region', { name: "Tombola à l'affiche" });
    await featured.getByLabel('Tombola montrée au public').selectOption({ label: `${RAFFLE} — ${eventName}` });
    await featured.getByLabel("Afficher la bannière sur la page d'accueil").check();
    expect(await featured.getByLabel('Titre de la bannière').inputValue()).toBe(`${RAFFLE} : la prévente est ouverte !`);
    await featured
      .getByLabel('Texte de la bannière')
      .fill('Un vélo et des paniers garnis à gagner : les tickets sont en vente à la buvette.');
    await featured.getByRole('button', { name: 'Enregistrer' }).click();
    await featured.getByText(/^Choix enregistré/).waitFor();
    await featured.screenshot({ path: join(ARTIFACTS_DIR, 'fete-tombola-affiche.png') });
    const visitor = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const home = await visitor.newPage();
    await home.goto('/');
    const banner = home.getByRole('dialog', { name: `${RAFFLE} : la prévente est ouverte !` });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Un vélo et des paniers garnis à gagner');
    expect(await home.getByText(/automne 2024/).count()).toBe(0);
    await home.screenshot({ path: join(ARTIFACTS_DIR, 'fete-banniere.png'), fullPage: true });
    await banner.getByRole('link', { name: 'Voir la prévente' }).click();
    await home.getByRole('heading', { name: RAFFLE, level: 1 }).waitFor();
    const tiers = (await home.locator('.rf-tier').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(tiers).toEqual(['1 ticket 2,00 €', '3 tickets 5,00 €', '10 tickets 12,00 €']);
    await visitor.close();

    // A sale at the « Buvette » register.
    const cashier = await e2e.newContext({ viewport: TABLET, hasTouch: true });
    await cashier.addInitScript((t) => localStorage.setItem('bearerToken', t), cashierToken);
    const register = await cashier.newPage();
    await openRegister(register, 'Buvette', { event: eventName, timeout: 30_000 });
    for (const name of [...CATEGORIES, `Tombola : ${RAFFLE}`]) await register.getByRole('tab', { name }).waitFor();
    await register.getByRole('button', { name: /^Citronnade,/ }).click();
    await register.getByRole('button', { name: /^Croque-monsieur,/ }).click();
    await register.screenshot({ path: join(ARTIFACTS_DIR, 'fete-caisse.png'), fullPage: true });
    await register.getByRole('button', { name: /^Espèce/ }).click();
    await register.getByLabel('Montant donné').fill('5');
    await register.getByRole('button', { name: 'Valider' }).click();
    await register.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 15_000 });

    // The stock lines of the eight products, the sale counted.
    type StockLines = { stocks?: Array<{ name: string; stock: number }> };
    const stockOf = async (id: number) => {
      const res = await callGateway<StockLines>(e2e.url, adminToken, 'GET', `/api/stocks/?event_id=${id}`);
      return res.status === 200 ? (res.body.stocks ?? []) : [];
    };
    await expect.poll(async () => (await stockOf(eventId)).find((l) => l.name === 'Citronnade')?.stock, { timeout: 20_000 }).toBe(-1);
    await page.goto(`/stock?evenement=${eventId}`);
    await page.getByRole('heading', { name: 'État du stock' }).waitFor();
    for (const [name, , category] of PRODUCTS)
      await page.getByRole('region', { name: category }).getByRole('rowheader', { name, exact: true }).waitFor();
    expect(
      await page
        .getByRole('region', { name: 'Rafraîchissements' })
        .getByRole('row')
        .filter({ hasText: 'Citronnade' })
        .getByText('Stock négatif')
        .count(),
    ).toBe(1);
    await fairShot('stock');

    // Next year: duplicate the fair.
    await page.goto('/gestion');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName, exact: true }) });
    await card.getByRole('button', { name: 'Dupliquer' }).click();
    await card.getByLabel('Nom du nouvel événement').fill(nextName);
    await card.getByLabel('Nom de la tombola').fill(NEXT_RAFFLE);
    await card.getByRole('button', { name: "Dupliquer l'événement" }).click();
    await page.getByRole('heading', { name: nextName, level: 1 }).waitFor();
    const copyId = Number(/evenements\/(\d+)/.exec(page.url())![1]);
    await tab(page, 'Caisses').click();
    for (const name of ['Buvette', 'Stand tombola']) await page.getByText(name, { exact: true }).waitFor();
    await tab(page, 'Catégories').click();
    for (const name of CATEGORIES) await page.getByText(name, { exact: true }).waitFor();
    await tab(page, 'Produits').click();
    await expect
      .poll(() =>
        page
          .locator('.bo-product')
          .filter({ hasNot: page.getByText('Tombola :') })
          .count(),
      )
      .toBeGreaterThanOrEqual(8);
    for (const [name, price] of PRODUCTS) {
      await page
        .locator('.bo-product')
        .filter({ has: page.getByText(name, { exact: true }) })
        .getByText(`${price} €`)
        .waitFor();
    }
    await expect.poll(() => page.locator('.bo-product__img[src^="/up/produit-"]').count()).toBe(8);
    await fairShot('copie-produits');
    await tab(page, 'Formule').click();
    await expect.poll(() => page.getByLabel('Remise par formule').inputValue()).toBe('0,50');
    const events = (await callGateway<Array<{ id: number; hasSales: boolean }>>(e2e.url, adminToken, 'GET', '/api/admin/events')).body;
    expect(events.find((e) => e.id === eventId)?.hasSales).toBe(true);
    expect(events.find((e) => e.id === copyId)?.hasSales).toBe(false);
    // The new event's stock lines start at 0: the sale stayed with this year's fair.
    const ourNames = new Set(PRODUCTS.map(([name]) => name));
    const copyLines = async () => (await stockOf(copyId)).filter((l) => ourNames.has(l.name));
    await expect
      .poll(async () => [...new Set((await copyLines()).map((l) => l.name))].sort(), { timeout: 20_000 })
      .toEqual([...ourNames].sort());
    expect((await copyLines()).filter((l) => l.stock !== 0)).toEqual([]);

    // The raffle and the gift basket came too, with their tiers and no sales.
    await expect.poll(async () => (await raffles()).some((r) => r.eventId === copyId), { timeout: 20_000 }).toBe(true);
    await page.goto('/tombola');
    const copyRow = page.getByRole('row').filter({ hasText: nextName }).filter({ hasText: NEXT_RAFFLE });
    expect(await copyRow.getByRole('cell').nth(2).innerText()).toBe('0 / 500');
    expect((await raffles()).filter((r) => r.eventId === copyId).map((r) => r.name)).toEqual([NEXT_RAFFLE]);
    await copyRow.getByRole('link', { name: NEXT_RAFFLE }).click();
    await page.getByText('1 ticket : 2,00 € · 3 tickets : 5,00 € · 10 tickets : 12,00 €').waitFor();
    await page.getByRole('link', { name: /^Prix des tickets/ }).click();
    await page.getByRole('heading', { name: 'Modifier les prix des tickets' }).waitFor();
    await expect
      .poll(() => page.getByLabel(/^Prix de la paire/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
      .toEqual(['2,00', '5,00', '12,00']);
    expect(
      await page.getByLabel(/^Nombre de tickets de la paire/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['1', '3', '10']);
    await fairShot('copie-tombola');
    await page.goto('/tombola');
    const basketRow = page.getByRole('row').filter({ hasText: nextName }).filter({ hasText: 'Panier gourmand' });
    await basketRow.waitFor();
    expect(await basketRow.count()).toBe(1);

    // Next year's registers sell the raffle tickets at the copied prices.
    // Another tablet (a register reopens on the event and register it was last on).
    const nextTablet = await e2e.newContext({ viewport: TABLET, hasTouch: true });
    await nextTablet.addInitScript((t) => localStorage.setItem('bearerToken', t), cashierToken);
    const nextRegister = await nextTablet.newPage();
    await openRegister(nextRegister, 'Buvette', { event: nextName, loaded: false, timeout: 30_000 });
    await nextRegister.getByRole('tab', { name: `Tombola : ${NEXT_RAFFLE}` }).click();
    await nextRegister.getByRole('button', { name: /^10 tickets,/ }).waitFor();
    await nextRegister.screenshot({ path: join(ARTIFACTS_DIR, 'fete-copie-caisse.png'), fullPage: true });
    await nextTablet.close();
    await cashier.close();
    await context.close();
  });
});
