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

/** How far the page scrolls sideways (0 when it does not), measured on the layout viewport. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

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
    { name: 'stock', path: '/stock', ready: (page: Page) => page.getByRole('heading', { name: 'Animations' }) },
    { name: 'vide-grenier', path: '/stock/vide-grenier?id=1', ready: (page: Page) => page.getByRole('table').first() },
    { name: 'loto-lots', path: '/loto/1/lots', ready: (page: Page) => page.getByRole('table').first() },
    { name: 'gestion', path: '/gestion', ready: (page: Page) => page.getByRole('heading', { name: 'Responsables de caisse' }) },
    { name: 'balances', path: '/comptabilite', ready: (page: Page) => page.getByRole('row', { name: /2025/ }) },
    { name: 'bilan', path: '/comptabilite/bilan?exercice=2025', ready: (page: Page) => page.getByRole('rowheader', { name: 'TOTAUX' }) },
    {
      name: 'rapport',
      path: '/comptabilite/balances/1/rapport',
      ready: (page: Page) => page.getByRole('rowheader', { name: 'TOTAUX DEPENSE' }),
    },
    { name: 'fete', path: '/comptabilite/fete', ready: (page: Page) => page.locator('#fair-costs') },
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
                table.getBoundingClientRect().right > window.innerWidth + 1 || table.scrollWidth > table.parentElement!.clientWidth + 1,
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
    it(`${device.width}×${device.height}: twelve links fold behind « Menu », open over the page by touch and keyboard, and lead where they say`, async () => {
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
      expect(await nav.getByRole('link').allInnerTexts()).toHaveLength(12);
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
