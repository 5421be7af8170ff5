/**
 * The live dashboard and « changes reach the registers » in Chromium: the
 * treasurer follows the fair at /tableau-de-bord; a sale made through the API shows there without a
 * reload; the end-of-fair summary prints; the page fits a 390 px phone. A product added in the back
 * office appears on an open register without reloading it. A cashier's register page never
 * downloads the dashboard's code.
 */
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { callGateway, gatewayOk, signInToken } from './support/api.ts';
import { openRegister, setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['caissier', 'admin'] });
let eventId: number;
let buvette: number;
let products: Map<string, number>;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  const [event] = await gatewayOk<Array<{ id: number; name: string }>>(e2e.url, e2e.tokens.caissier, 'GET', '/api/cr/events');
  eventId = event!.id;
  const [withCheckouts] = await gatewayOk<Array<{ checkouts: Array<{ id: number; name: string }> }>>(
    e2e.url,
    e2e.tokens.caissier,
    'GET',
    `/api/cr/events/${eventId}/checkouts`,
  );
  buvette = withCheckouts!.checkouts.find((c) => c.name === 'Caisse Buvette')!.id;
  const [data] = await gatewayOk<Array<{ products: Array<{ id: number; name: string }> }>>(
    e2e.url,
    e2e.tokens.caissier,
    'GET',
    `/api/cr/checkouts/${buvette}`,
  );
  products = new Map(data!.products.map((p) => [p.name, p.id]));
}, 300_000);

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `tableau-de-bord-${name}.png`), fullPage: true });
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const tile = (page: Page, label: string) => page.locator('.db-tile', { has: page.locator('dt', { hasText: label }) }).locator('dd');

/** A cash sale made through the API, as another register would. */
async function sellCoffees(quantity: number): Promise<void> {
  const answer = await callGateway<{ success: boolean }>(
    e2e.url,
    e2e.tokens.caissier,
    'POST',
    '/api/cr/sale/create',
    {
      sale: {
        checkoutId: buvette,
        eventId,
        personId: 0,
        cart: [{ product: { id: products.get('Café')!, name: 'Café' }, quantity }],
        paymentMode: 2,
        paymentStatus: 1,
        payments: [{ method: 'ESP', amount: 20, payment_reference: '20' }],
      },
    },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** A treasurer's page on the dashboard; counts the page loads so a reload would show. */
async function treasurerOnDashboard(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; loads: () => number; scripts: string[] }> {
  const context = await e2e.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Plus tard' }).click();
  await signInThroughForm(page, 'tresorier@kermesse.local');
  await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
  if (viewport.width >= 1000) await page.getByRole('link', { name: 'Tableau de bord' }).first().waitFor();
  await page.goto('/tableau-de-bord');
  await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
  await tile(page, "Chiffre d'affaires").waitFor();
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return { page, loads: () => loads, scripts };
}

describe('live dashboard in Chromium', () => {
  it('shows a sale made through the API without a reload, prints the summary, fits 390 px', async () => {
    const { page, loads, scripts } = await treasurerOnDashboard(DESKTOP);
    const salesOf = async () => Number(/(\d+) ventes?/.exec(await tile(page, "Chiffre d'affaires").innerText())?.[1]);
    const before = await salesOf();
    const api = await gatewayOk<{ totals: { sales: number; net: number } }>(
      e2e.url,
      await signInToken(e2e.url, 'tresorier@kermesse.local'),
      'GET',
      `/api/admin/dashboard/${eventId}`,
    );
    expect(before).toBe(api.totals.sales);
    await shot(page, 'avant');

    await sellCoffees(3);
    await expect.poll(salesOf, { timeout: 20_000, interval: 500 }).toBe(before + 1);
    expect(loads()).toBe(0);
    const after = await gatewayOk<{ totals: { net: number }; topProducts: Array<{ name: string; quantity: number }> }>(
      e2e.url,
      e2e.tokens.admin,
      'GET',
      `/api/admin/dashboard/${eventId}`,
    );
    expect(after.totals.net).toBeCloseTo(api.totals.net + 3, 2);
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(after.totals.net).replace(/\s/g, ' ');
    await expect.poll(async () => (await tile(page, "Chiffre d'affaires").innerText()).replace(/\s/g, ' ')).toContain(euros);
    await page.getByRole('row', { name: /^Café/ }).first().waitFor();
    // The bar chart by hour is plain SVG.
    expect(
      await page
        .getByRole('img', { name: /Recettes par heure/ })
        .locator('rect')
        .count(),
    ).toBeGreaterThan(0);
    await shot(page, 'apres');

    // The printable end-of-fair summary: its heading shows on paper, the controls do not.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText(/^Récapitulatif de fin de fête — Kermesse de printemps — édité le/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Imprimer le récapitulatif' }).isVisible()).toBe(false);
    await page.pdf({ path: join(ARTIFACTS_DIR, 'tableau-de-bord-recapitulatif.pdf'), format: 'A4' }).catch(() => undefined);
    await page.emulateMedia({ media: 'screen' });

    // The dashboard's code came from mfe_register's third module.
    expect(scripts.some((p) => p.startsWith('/remotes/mfe-register/'))).toBe(true);
    await page.context().close();
  });

  it('fits a 390 px phone, every column of its tables on screen', async () => {
    const { page } = await treasurerOnDashboard(PHONE);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('columnheader', { name: 'Net' }).waitFor();
    // « Net », « Montant »: no column hidden past the edge of its card.
    const cut = await page.evaluate(
      () => [...document.querySelectorAll('.db table')].filter((table) => table.scrollWidth > table.parentElement!.clientWidth).length,
    );
    expect(cut).toBe(0);
    await shot(page, 'telephone');
    await page.context().close();
  });

  it('a product added in the back office reaches an open register without reloading it; the register never downloads the dashboard', async () => {
    const context = await e2e.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, token: e2e.tokens.caissier });
    const register = await context.newPage();
    const scripts: string[] = [];
    register.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/remotes/mfe-register/') && path.endsWith('.js')) scripts.push(path);
    });
    await openRegister(register, 'Caisse Buvette');
    let loads = 0;
    register.on('load', () => {
      loads += 1;
    });
    expect(await register.getByRole('button', { name: /^Limonade bio,/ }).count()).toBe(0);

    const categories = await gatewayOk<Array<{ id: number; name: string }>>(
      e2e.url,
      e2e.tokens.admin,
      'GET',
      `/api/admin/categories?eventId=${eventId}`,
    );
    const drinks = categories.find((c) => c.name === 'Boissons')!;
    await gatewayOk(e2e.url, e2e.tokens.admin, 'POST', '/api/admin/products', {
      name: 'Limonade bio',
      price: '2,80',
      categoryId: drinks.id,
      eventId,
      clickAndCollectEligible: false,
      alcoohol: false,
      active: true,
      checkoutIds: [buvette],
    });
    // The cashier comes back to the register (the window gets the focus): it asks the catalogue version.
    await register.evaluate(() => window.dispatchEvent(new Event('focus')));
    await register.getByRole('button', { name: /^Limonade bio,/ }).waitFor({ timeout: 20_000 });
    expect(loads).toBe(0);
    await register.getByText(/^Catalogue mis à jour à \d\d:\d\d\.$/).waitFor();

    // « Recharger le catalogue » is there for the cashier who wants it at once.
    await register.getByRole('button', { name: 'Recharger le catalogue' }).click();
    await register.getByRole('button', { name: 'Recharger le catalogue' }).waitFor();

    for (const path of [...new Set(scripts)]) {
      const code = await (await fetch(e2e.url + path)).text();
      expect(code, path).not.toContain('Imprimer le récapitulatif');
    }
    await context.close();
  });
});
