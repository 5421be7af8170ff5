/**
 * The register's back office in Chromium, as a new association on a phone (390 px): create an
 * event, a register, a category and a product with its picture; the product then sells on that
 * register; duplicate the event for next year. The back office comes from `mfe_register/Admin`,
 * which a cashier's register page never downloads.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser, signInThroughForm } from './support/browser.ts';
import { callGateway, signInToken } from './support/api.ts';
import { startTestSystem, type TestSystem } from './support/system.ts';

let sys: TestSystem;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
/** A real 1×1 PNG. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [sys, browser] = await Promise.all([startTestSystem(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await sys?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `gestion-${name}.png`), fullPage: true });
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: "Sections de l'événement" }).getByRole('button', { name, exact: true });

/** Register chunks a page fetched: `/remotes/mfe-register/…js`. */
const registerScripts = (requested: string[]) => [...new Set(requested.filter((p) => p.startsWith('/remotes/mfe-register/') && p.endsWith('.js')))];

describe('back office in Chromium (390 px phone)', () => {
  it('sets up a fair from nothing, sells its product on the new register, and duplicates it for next year', async () => {
    const stamp = Date.now() % 100000;
    const eventName = `Fête de l'école ${stamp}`;
    const context = await browser.newContext({ baseURL: sys.url, viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const adminRequests: string[] = [];
    page.on('request', (req) => adminRequests.push(new URL(req.url()).pathname));
    await page.goto('/');
    await page.getByRole('button', { name: 'Plus tard' }).click();
    await signInThroughForm(page, 'admin@kermesse.local');
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor().catch(async (err: unknown) => {
      await shot(page, 'connexion');
      throw err;
    });

    await page.goto('/gestion');
    await page.getByRole('heading', { name: 'Gestion de la fête' }).waitFor();
    await page.getByRole('button', { name: 'Nouvel événement' }).click();
    await page.getByLabel("Nom de l'événement").fill(eventName);
    await page.getByLabel('Date de début').fill('2027-06-12');
    await page.getByLabel('Lieu').fill('Cour de l\'école');
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
    expect(await form.getByRole('checkbox', { name: 'Caisse Citronnade' }).isChecked()).toBe(true);
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
    const adminToken = await signInToken(sys.url, 'admin@kermesse.local');

    // The stock service learnt the new product from catalog.product.changed: its line starts at 0.
    const stockOf = async () => {
      const res = await callGateway<{ stocks?: Array<{ name: string; stock: number }> }>(sys.url, adminToken, 'GET', `/api/stocks/?event_id=${eventId}`);
      return res.status === 200 ? res.body.stocks?.find((line) => line.name === 'Citronnade maison')?.stock : undefined;
    };
    await expect.poll(stockOf, { timeout: 20_000 }).toBe(0);

    // The meal deal of this event, which its registers read from /api/cr/settings.
    await tab(page, 'Menu').click();
    await page.getByRole('button', { name: 'Ajouter une catégorie au menu' }).click();
    await page.getByLabel('Prix 1').fill('2,50');
    await page.getByLabel('Remise par menu').fill('0,30');
    await page.getByRole('button', { name: 'Enregistrer le menu' }).click();
    await page.getByText(/^Menu enregistré/).waitFor();
    const settings = await callGateway<{ data: { mealDeal: unknown } }>(sys.url, await signInToken(sys.url, 'caissier@kermesse.local'), 'GET', `/api/cr/settings?eventId=${eventId}`);
    expect(settings.body.data.mealDeal).toEqual({ discount: 0.3, items: [{ categoryId: expect.any(Number), price: 2.5 }] });

    // The product sells at once on the new register (a cashier's tablet).
    const cashier = await browser.newContext({ baseURL: sys.url, viewport: { width: 1280, height: 800 }, hasTouch: true });
    const token = await signInToken(sys.url, 'caissier@kermesse.local');
    await cashier.addInitScript((t) => localStorage.setItem('bearerToken', t), token);
    const register = await cashier.newPage();
    const cashierRequests: string[] = [];
    register.on('request', (req) => cashierRequests.push(new URL(req.url()).pathname));
    await register.goto('/caisse');
    const select = register.getByRole('combobox');
    await expect.poll(() => select.locator('option').allTextContents()).toContain(eventName);
    await select.selectOption({ label: eventName });
    await register.getByRole('button', { name: 'Caisse Citronnade' }).click();
    await register.getByRole('tab', { name: 'Toutes les catégories' }).waitFor();
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
      const code = await (await fetch(sys.url + path)).text();
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
    const events = (await callGateway<Array<{ id: number; hasSales: boolean }>>(sys.url, adminToken, 'GET', '/api/admin/events')).body;
    expect(events.find((e) => e.id === eventId)?.hasSales).toBe(true);
    expect(events.find((e) => e.id === copyId)?.hasSales).toBe(false);
    const meal = await callGateway<{ discount: number; isDefault: boolean }>(sys.url, adminToken, 'GET', `/api/admin/events/${copyId}/meal-deal`);
    expect(meal.body).toMatchObject({ discount: 0.3, isDefault: false });

    // Tablet (768 px) and phone landscape: nothing wider than the screen, every tab reachable.
    for (const viewport of [{ width: 768, height: 1024 }, { width: 844, height: 390 }]) {
      await page.setViewportSize(viewport);
      for (const name of ['Informations', 'Caisses', 'Catégories', 'Produits', 'Import CSV', 'Menu']) {
        await tab(page, name).click();
        expect(await fitsWidth(page), `${name} at ${viewport.width} px`).toBe(true);
      }
    }
    await shot(page, 'paysage');
    await context.close();
  });
});
