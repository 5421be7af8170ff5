/**
 * The register and the admin screens on the devices volunteers bring: a phone (390×844), a tablet
 * held upright (768×1024) and landscape (1024×768), in Chromium against the whole system. On each:
 * nothing scrolls sideways, a product tile, the total and the payment buttons are on screen (not under
 * the bottom sheet), the search field shows its whole placeholder, « 30,50 » is read as 30,50 €, and a
 * reload comes back to the same register. Screenshots go to ARTIFACTS_DIR (appareil-*.png).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { openRegister, setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier', 'admin'] });

const DEVICES = [
  { name: 'telephone', width: 390, height: 844 },
  { name: 'tablette-portrait', width: 768, height: 1024 },
  { name: 'paysage', width: 1024, height: 768 },
] as const;

type Device = (typeof DEVICES)[number];

async function newPage(device: Device, storage: Record<string, string>): Promise<Page> {
  // isMobile: a phone's browser widens its layout to the content, so anything too wide shows.
  const context = await e2e.newContext({
    viewport: { width: device.width, height: device.height },
    hasTouch: true,
    isMobile: device.width < 1000,
  });
  await context.addInitScript((items) => {
    for (const [key, value] of Object.entries(items)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }, storage);
  return context.newPage();
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `appareil-${name}.png`), fullPage });

/**
 * How far the page scrolls sideways (0 when it does not), against the layout viewport's width (the
 * root's clientWidth): a phone's browser widens `innerWidth` to content that is too wide, which then
 * measured 0 for a page 409 px wide at 390.
 */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const box = async (locator: Locator): Promise<Box> => {
  const rect = await locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
  return rect;
};

/** Whole inside the window, and above `limit` (the top of the bottom sheet) when given. */
async function expectOnScreen(page: Page, locator: Locator, what: string, limit?: number) {
  const { width, height } = page.viewportSize()!;
  const rect = await box(locator);
  expect.soft(rect.top, `${what} : haut`).toBeGreaterThanOrEqual(0);
  expect.soft(rect.left, `${what} : gauche`).toBeGreaterThanOrEqual(0);
  expect.soft(rect.right, `${what} : droite`).toBeLessThanOrEqual(width);
  expect(rect.bottom, `${what} : bas`).toBeLessThanOrEqual(limit ?? height);
}

const total = (text: string) => text.replace(/\s/g, ' ');

/** Whether « Rechercher un produit… » reads whole in the search field. */
const placeholderFits = (page: Page) =>
  page.getByRole('searchbox', { name: 'Rechercher un produit' }).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return room >= context.measureText(input.placeholder).width;
  });

describe('the sales screen on a phone, an upright tablet and in landscape', () => {
  for (const device of DEVICES) {
    it(`${device.width}×${device.height}: products first, total and payment on screen, nothing sideways, « 30,50 » read as 30,50 €`, async () => {
      const page = await newPage(device, { bearerToken: e2e.tokens.caissier });
      await openRegister(page, 'Caisse Buvette');
      const narrow = device.width < 992;

      const cafe = page.getByRole('button', { name: /^Café,/ });
      await cafe.tap();
      await cafe.tap();
      await shot(page, device.name);

      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      const payment = page.getByRole('group', { name: 'Paiement' });
      const sheetTop = narrow ? (await box(page.getByRole('complementary', { name: 'Vente en cours' }))).top : undefined;
      await expectOnScreen(page, page.locator('.reg-product').first(), 'premier produit', sheetTop);
      await expectOnScreen(page, payment, 'boutons de paiement');
      for (const name of [/^Espèce/, /^CB/, /^Chèque/, /^Mettre en attente/]) {
        await expectOnScreen(page, payment.getByRole('button', { name }), `bouton ${name.source}`);
      }
      const shownTotal = page.getByTestId(narrow ? 'sheet-total' : 'cart-total');
      await expectOnScreen(page, shownTotal, 'total');
      expect(total(await shownTotal.innerText())).toBe('2,00 €');

      // The search field is wide enough for its placeholder.
      expect(await placeholderFits(page)).toBe(true);

      // Big touch targets: a product tile and the payment buttons are at least 44 px high.
      expect((await cafe.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect((await payment.getByRole('button', { name: /^Espèce/ }).boundingBox())!.height).toBeGreaterThanOrEqual(44);

      // On the narrow layouts the sheet opens on the cart and closes again.
      if (narrow) {
        await page.getByRole('button', { name: /^Ouvrir le panier/ }).tap();
        await page.getByRole('region', { name: 'Panier' }).getByText('Café').waitFor();
        await expectOnScreen(page, payment, 'boutons de paiement, panier ouvert');
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await shot(page, `${device.name}-panier`);
        await page.getByRole('button', { name: /^Réduire le panier/ }).tap();
      }

      // The French decimal comma: « 30,50 » given for 2,00 € leaves 28,50 € of change.
      await payment.getByRole('button', { name: /^Espèce/ }).tap();
      const dialog = page.getByRole('dialog', { name: 'Paiement en espèces' });
      await dialog.getByLabel('Montant donné').fill('30,50');
      await expect.poll(async () => total(await page.getByTestId('change-due').innerText())).toBe('28,50 €');
      await expectOnScreen(page, dialog.getByRole('button', { name: 'Valider' }), 'Valider');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await shot(page, `${device.name}-especes`);
      // Something that cannot be read is refused, never guessed.
      await dialog.getByLabel('Montant donné').fill('30,5,0');
      await dialog.getByText('Montant illisible : saisissez par exemple 30,50.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Valider' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Montant donné').fill('30,50');
      await dialog.getByRole('button', { name: 'Valider' }).tap();
      await page.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 15_000 });
      expect(total(await page.locator('.reg-finished__change').innerText())).toContain('28,50 €');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      // A reload comes back to the same register, on the sales screen.
      await page.reload();
      await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
      expect(await page.locator('#selected-checkout').innerText()).toContain('Caisse Buvette');
      await page.context().close();
    });
  }
});

describe('sales on hold on a phone', () => {
  it('390×844: a basket put on hold leaves « Paniers en attente » on screen, not off the side of the tools row', async () => {
    const page = await newPage(DEVICES[0], { bearerToken: e2e.tokens.caissier });
    await openRegister(page, 'Caisse Buvette');
    await page.getByRole('button', { name: /^Café,/ }).tap();
    await page.getByRole('button', { name: /^Ouvrir le panier/ }).tap();
    await page.getByLabel("E-mail de l'acheteur").fill('camille.martin@example.org');
    await page.getByRole('button', { name: 'Identifier', exact: true }).tap();
    await page.getByRole('button', { name: 'Réinitialiser' }).waitFor();
    await page.getByRole('button', { name: 'Mettre en attente' }).tap();
    await page.getByRole('button', { name: 'Nouvelle vente' }).tap();

    const pending = page.getByRole('button', { name: /Paniers en attente/ });
    await pending.waitFor();
    expect(await page.getByRole('button', { name: /^Ouvrir le panier/ }).getAttribute('aria-expanded')).toBe('false');
    await expectOnScreen(page, pending, 'Paniers en attente');
    expect(await placeholderFits(page)).toBe(true);
    const sheetTop = (await box(page.getByRole('complementary', { name: 'Vente en cours' }))).top;
    await expectOnScreen(page, page.locator('.reg-product').first(), 'premier produit', sheetTop);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shot(page, 'telephone-paniers-en-attente');
    await pending.tap();
    await page.getByRole('dialog', { name: 'Ventes en attente' }).getByText('Camille Martin').first().waitFor();
    await page.context().close();
  });
});

describe('the admin screens on a phone (390×844) and an upright tablet (768×1024)', () => {
  const screens = [
    { name: 'lots', path: '/tombola/1/lots', ready: (page: Page) => page.getByRole('button', { name: 'Ajouter le lot' }) },
    { name: 'lots-tableau', path: '/tombola/1/lots/tableau', ready: (page: Page) => page.getByRole('table').first() },
    { name: 'lots-imprimer', path: '/tombola/1/lots/imprimer', ready: (page: Page) => page.getByRole('cell', { name: 'Vélo de ville' }) },
    { name: 'stock', path: '/stock', ready: (page: Page) => page.getByRole('heading', { name: 'Animations' }) },
    { name: 'vide-grenier', path: '/stock/vide-grenier?id=1', ready: (page: Page) => page.getByRole('table').first() },
    { name: 'loto-lots', path: '/loto/1/lots', ready: (page: Page) => page.getByRole('table').first() },
    { name: 'gestion', path: '/gestion', ready: (page: Page) => page.getByRole('heading', { name: 'Responsables de caisse' }) },
    {
      name: 'conformite',
      path: '/gestion/conformite',
      ready: (page: Page) => page.getByRole('heading', { name: "Clôtures mensuelles de l'association" }),
    },
    {
      name: 'journal-des-evenements',
      path: '/gestion/conformite/journal-des-evenements',
      ready: (page: Page) => page.getByRole('columnheader', { name: 'Description' }),
    },
    { name: 'webhooks', path: '/gestion/webhooks', ready: (page: Page) => page.getByRole('heading', { name: 'Points de réception' }) },
    { name: 'jetons-outils', path: '/equipe/jetons', ready: (page: Page) => page.getByRole('heading', { name: 'Nouveau jeton' }) },
    { name: 'balances', path: '/comptabilite', ready: (page: Page) => page.getByRole('row', { name: /2025/ }) },
    { name: 'bilan', path: '/comptabilite/bilan?exercice=2025', ready: (page: Page) => page.getByRole('rowheader', { name: 'TOTAUX' }) },
    {
      name: 'rapport',
      path: '/comptabilite/balances/1/rapport',
      ready: (page: Page) => page.getByRole('rowheader', { name: 'TOTAUX DEPENSE' }),
    },
    { name: 'fete', path: '/comptabilite/fete', ready: (page: Page) => page.locator('#fair-costs') },
    { name: 'dons', path: '/comptabilite/dons', ready: (page: Page) => page.locator('#donations') },
    { name: 'recus', path: '/comptabilite/recus', ready: (page: Page) => page.locator('#receipts-declaration') },
    { name: 'association', path: '/comptabilite/association', ready: (page: Page) => page.getByRole('button', { name: 'Enregistrer' }) },
    { name: 'adhesions', path: '/comptabilite/adhesions', ready: (page: Page) => page.locator('#members') },
    { name: 'helloasso', path: '/comptabilite/helloasso', ready: (page: Page) => page.locator('#helloasso-items') },
    { name: 'banque', path: '/comptabilite/banque', ready: (page: Page) => page.locator('#bank-lines') },
    { name: 'tableau-de-bord', path: '/tableau-de-bord', ready: (page: Page) => page.getByRole('columnheader', { name: 'Net' }) },
  ];

  for (const device of [DEVICES[0], DEVICES[1]]) {
    for (const screen of screens) {
      it(`${device.width} px: ${screen.path} scrolls only downwards, every column on screen`, async () => {
        const page = await newPage(device, { kermesseSession: e2e.tokens.admin });
        await page.goto(screen.path);
        await screen.ready(page).waitFor({ timeout: 15_000 });
        await shot(page, `admin-${screen.name}-${device.width}`, true);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        // No table hides columns past the screen, or in a box that scrolls sideways.
        const hidden = await page.evaluate(() =>
          [...document.querySelectorAll('main table')]
            .filter(
              (table) =>
                table.getBoundingClientRect().right > document.documentElement.clientWidth + 1 ||
                table.scrollWidth > table.parentElement!.clientWidth + 1,
            )
            .map((table) => table.querySelector('th')?.textContent),
        );
        expect(hidden).toEqual([]);
        await page.context().close();
      });
    }
  }
});

describe("the administrator's menu on a phone and a tablet", () => {
  for (const device of DEVICES) {
    it(`${device.width}×${device.height}: thirteen links fold behind « Menu », open over the page by touch and keyboard, and lead where they say`, async () => {
      const page = await newPage(device, { kermesseSession: e2e.tokens.admin });
      await page.goto('/gestion');
      await page.getByRole('heading', { name: 'Responsables de caisse' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      const menu = nav.getByRole('button', { name: 'Menu' });
      // Folded: the header is the name, « Menu » and the tools, not four lines of links.
      expect(await nav.getByRole('link').count()).toBe(0);
      expect((await box(page.locator('.shell-header'))).bottom).toBeLessThanOrEqual(device.width < 500 ? 140 : 80);
      expect(await page.getByRole('heading', { name: 'Gestion de la fête' }).isVisible()).toBe(true);

      await menu.tap();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await nav.getByRole('link').allInnerTexts()).toHaveLength(13);
      for (const link of await nav.getByRole('link').all()) await expectOnScreen(page, link, `lien ${await link.innerText()}`);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await shot(page, `menu-${device.name}`);
      await nav.getByRole('link', { name: 'Stock', exact: true }).tap();
      await page.getByRole('heading', { name: 'État du stock' }).waitFor();
      expect(await nav.getByRole('link').count()).toBe(0);

      // By keyboard: Enter opens, Tab reaches the links, Escape closes and gives the focus back.
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accueil');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.context().close();
    });
  }
});

describe('the swap-meet page on a phone', () => {
  it('390×844: a chosen file with a long name is cut inside its box, the page does not widen', async () => {
    const page = await newPage(DEVICES[0], { kermesseSession: e2e.tokens.admin });
    await page.goto('/stock/vide-grenier?id=1');
    await page.getByRole('table').first().waitFor({ timeout: 15_000 });
    const name = 'reservations-vide-grenier-de-printemps-2026-export-complet.csv';
    await page.getByLabel('Fichier CSV').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('nom;telephone\n') });
    await page.getByText(name).waitFor();
    await shot(page, 'vide-grenier-fichier');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // The chooser and its form keep to the screen's width.
    for (const part of [page.locator('.k-file'), page.locator('form:has(.k-file)')]) {
      expect((await box(part)).right).toBeLessThanOrEqual(DEVICES[0].width);
    }
    await page.context().close();
  });
});

/**
 * axe (axe-core, WCAG 2.1 A and AA and its best practices) on every main screen at 390, 768 and 1280 px:
 * contrast, names, landmarks, regions a keyboard can scroll. One page per account goes from screen to
 * screen and is resized in place, so the whole pass stays within a couple of minutes.
 */
describe('every main screen passes axe at 390, 768 and 1280 px', () => {
  /** A few seconds a screen on a loaded machine: each test checks up to nine screens three times. */
  const AXE_TIMEOUT = 240_000;
  const WIDTHS = [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ];

  interface AxeScreen {
    path: string;
    /** What shows once the screen has its data (by default its heading and no spinner left). */
    ready?: (page: Page) => Locator;
  }

  /** The violations on the page as it is now, one line each: rule, what it says, where. */
  async function violations(page: Page): Promise<string[]> {
    // Legacy mode runs axe in the page itself (no iframes here) instead of opening a page to gather frames: twice as fast.
    const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
    return results.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')} : ${node.failureSummary ?? violation.help}`,
      ),
    );
  }

  async function checkScreens(page: Page, screens: AxeScreen[]) {
    for (const screen of screens) {
      await page.setViewportSize(WIDTHS[2]!);
      await page.goto(screen.path);
      await (screen.ready ? screen.ready(page) : page.locator('main h1').first()).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('main .k-spinner, main .k-loading').count(), { timeout: 20_000 }).toBe(0);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        // One frame for the layout of the new width.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect.soft(await violations(page), `${screen.path} à ${size.width} px`).toEqual([]);
      }
    }
  }

  async function pageFor(storage: Record<string, string>): Promise<Page> {
    const context = await e2e.newContext({ viewport: WIDTHS[2], hasTouch: true });
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    }, storage);
    return context.newPage();
  }

  it(
    'public screens: home, sign-in (its passkey button says why not on an IP address), partners, contact, raffle pre-sale and results, the loto board',
    { timeout: AXE_TIMEOUT },
    async () => {
      const page = await pageFor({});
      await checkScreens(page, [
        { path: '/' },
        { path: '/connexion' },
        { path: '/partenaire' },
        { path: '/contact' },
        { path: '/tombola/prevente' },
        { path: '/tombola/resultats' },
        { path: '/loto/1/tableau', ready: (p) => p.locator('.bgo-board__grid li').nth(89) },
      ]);
      // The system is on 127.0.0.1: the passkey button says why it cannot work, instead of failing when pressed.
      await page.goto('/connexion');
      const passkey = page.getByRole('button', { name: "Se connecter avec une clé d'accès" });
      expect(await passkey.isDisabled()).toBe(true);
      const port = new URL(e2e.url).port;
      expect(await page.locator('#login-passkey-problem').innerText()).toBe(
        `Les clés d'accès ne fonctionnent pas sur une adresse IP (127.0.0.1) : ouvrez Kermesse par son nom, http://localhost:${port}.`,
      );
      await page.context().close();
    },
  );

  it("the cashier's screens: the register's entry page and its sales screen with a basket", { timeout: AXE_TIMEOUT }, async () => {
    const page = await pageFor({ bearerToken: e2e.tokens.caissier });
    await checkScreens(page, [{ path: '/caisse', ready: (p) => p.getByRole('combobox') }]);
    await page.setViewportSize(WIDTHS[2]!);
    await openRegister(page, 'Caisse Buvette');
    await page.getByRole('button', { name: /^Café,/ }).click();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect.soft(await violations(page), `écran de vente à ${size.width} px`).toEqual([]);
    }
    await page.context().close();
  });

  it("a volunteer's screens: the loto nights and the seating plan", { timeout: AXE_TIMEOUT }, async () => {
    const page = await pageFor({ kermesseSession: await e2e.signIn('benevole') });
    await checkScreens(page, [{ path: '/loto' }, { path: '/loto/1/placement', ready: (p) => p.locator('.bgo-seat').first() }]);
    await page.context().close();
  });

  it("the administrator's screens: back office, dashboard, team, profile", { timeout: AXE_TIMEOUT }, async () => {
    const page = await pageFor({ kermesseSession: e2e.tokens.admin });
    await checkScreens(page, [
      { path: '/gestion', ready: (p) => p.getByRole('heading', { name: 'Responsables de caisse' }) },
      { path: '/gestion/evenements/1', ready: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/gestion/lecteurs', ready: (p) => p.getByRole('heading', { name: 'Lecteurs', exact: true }) },
      { path: '/gestion/conformite', ready: (p) => p.getByRole('heading', { name: "Clôtures mensuelles de l'association" }) },
      { path: '/gestion/conformite/qui-est-concerne', ready: (p) => p.getByRole('heading', { name: 'Les textes' }) },
      { path: '/gestion/conformite/journal-des-evenements', ready: (p) => p.getByRole('columnheader', { name: 'Description' }) },
      { path: '/gestion/webhooks', ready: (p) => p.getByRole('heading', { name: 'Points de réception' }) },
      { path: '/equipe/jetons', ready: (p) => p.getByRole('heading', { name: 'Nouveau jeton' }) },
      { path: '/tableau-de-bord', ready: (p) => p.getByRole('columnheader', { name: 'Net' }) },
      { path: '/equipe', ready: (p) => p.locator('article[data-email="admin@kermesse.local"]') },
      { path: '/profil' },
    ]);
    await page.context().close();
  });

  it("the administrator's raffle, stock and loto screens", { timeout: AXE_TIMEOUT }, async () => {
    const page = await pageFor({ kermesseSession: e2e.tokens.admin });
    await checkScreens(page, [
      { path: '/tombola' },
      { path: '/tombola/1' },
      { path: '/tombola/1/lots' },
      { path: '/tombola/1/lots/tableau', ready: (p) => p.getByRole('table').first() },
      { path: '/tombola/1/lots/imprimer', ready: (p) => p.getByRole('cell', { name: 'Vélo de ville' }) },
      { path: '/tombola/1/tirage' },
      { path: '/tombola/paniers/1' },
      { path: '/stock', ready: (p) => p.getByRole('heading', { name: 'Animations' }) },
      { path: '/stock/vide-grenier?id=1', ready: (p) => p.getByRole('table').first() },
      { path: '/loto' },
      { path: '/loto/1/placement', ready: (p) => p.locator('.bgo-seat').first() },
      { path: '/loto/1/animateur' },
      { path: '/loto/1/lots', ready: (p) => p.getByRole('table').first() },
      { path: '/loto/1/soiree' },
      { path: '/loto/1/cartons' },
      { path: '/loto/1/reglement' },
    ]);
    await page.context().close();
  });

  it("the treasurer's screens", { timeout: AXE_TIMEOUT }, async () => {
    const page = await pageFor({ kermesseSession: await e2e.signIn('tresorier') });
    await checkScreens(page, [
      { path: '/comptabilite', ready: (p) => p.getByRole('row', { name: /2025/ }) },
      { path: '/comptabilite/bilan?exercice=2025', ready: (p) => p.getByRole('table').first() },
      { path: '/comptabilite/balances/1/rapport', ready: (p) => p.getByRole('table').first() },
      // The sales made above reach the journal (their entries scroll in their own region) once accounting consumed them.
      {
        path: '/comptabilite/journal',
        ready: (p) => p.getByRole('region', { name: /^Écritures du journal/ }).or(p.getByText(/^Aucune écriture en/)),
      },
      { path: '/comptabilite/fete', ready: (p) => p.locator('#fair-costs') },
      { path: '/comptabilite/dons', ready: (p) => p.locator('#donations') },
      { path: '/comptabilite/recus', ready: (p) => p.locator('#receipts-declaration') },
      { path: '/comptabilite/association', ready: (p) => p.getByRole('button', { name: 'Enregistrer' }) },
      { path: '/comptabilite/adhesions', ready: (p) => p.locator('#members') },
      { path: '/comptabilite/helloasso', ready: (p) => p.locator('#helloasso-items') },
      { path: '/comptabilite/banque', ready: (p) => p.locator('#bank-lines') },
    ]);
    await page.context().close();
  });
});
