import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addVirtualAuthenticator, ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { callGateway, gatewayOk } from './support/api.ts';
import { E2E_PASSWORD } from './support/system.ts';
import { registerKeptOffline, setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin'] });

/** A fresh browser profile (no token, no session), recording every URL it fetches. */
async function freshPage(): Promise<{ page: Page; requested: string[] }> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  return { page, requested };
}

/** A phone (390×844, touch) with no token and no session, recording every URL it fetches. */
async function phonePage(baseURL = e2e.url): Promise<{ page: Page; requested: string[] }> {
  const context = await e2e.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  return { page, requested };
}

interface SaleAnswer {
  status: number;
  authorization: string | undefined;
  key: string | undefined;
}

/** The answers to the page's sale creations, with the token and the Idempotency-Key each carried. */
function recordSaleAnswers(page: Page): SaleAnswer[] {
  const answers: SaleAnswer[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/cr/sale/create') {
      const headers = request.headers();
      answers.push({ status: response.status(), authorization: headers['authorization'], key: headers['idempotency-key'] });
    }
  });
  return answers;
}

/** On /caisse, already signed in: the demo event, then `register`, its sales screen loaded. */
async function openChosenRegister(page: Page, register: string) {
  const select = page.getByRole('combobox');
  await select.waitFor({ timeout: 60_000 });
  await expect.poll(() => select.locator('option').allTextContents()).toContain('Kermesse de printemps');
  await select.selectOption({ label: 'Kermesse de printemps' });
  await page.getByRole('button', { name: register }).tap();
  await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor({ timeout: 60_000 });
}

/** On /caisse: the demo event, then `register`, then one coffee paid in cash (« 2,00 » given). */
async function sellOneCoffee(page: Page, register: string) {
  await openChosenRegister(page, register);
  await page.getByRole('button', { name: /^Café,/ }).tap();
  await page.getByRole('button', { name: /^Espèce/ }).tap();
  await page.getByLabel('Montant donné').fill('2,00');
  await page.getByRole('button', { name: 'Valider' }).tap();
  await page.getByRole('heading', { name: 'Vente terminée !' }).waitFor({ timeout: 15_000 });
}

describe('cash-register entry page in Chromium', () => {
  it('at 390 px, a cashier signs in with a password and sells at once: no token step, no other remote fetched', async () => {
    const { page, requested } = await phonePage();
    const sales = recordSaleAnswers(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Plus tard' }).click();
    await page.goto('/connexion');
    await page.locator('#form-login').waitFor();
    // The home and sign-in pages need no remote at all.
    expect(requested.filter((p) => p.startsWith('/remotes/mfe-'))).toEqual([]);
    await signInThroughForm(page, 'caissier@kermesse.local');

    // A cashier lands on the register and chooses the event and the register straight away.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await sellOneCoffee(page, 'Caisse Tombola');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-connexion-390.png'), fullPage: true });
    expect(await page.getByPlaceholder("Entrez votre jeton d'accès").count()).toBe(0);

    // The sale went with the session's own token: no second token kept on the device.
    const session = await page.evaluate(() => localStorage.getItem('kermesseSession'));
    expect(session).toMatch(/^ey/);
    expect(await page.evaluate(() => localStorage.getItem('bearerToken'))).toBeNull();
    expect(sales).toEqual([{ status: 201, authorization: `Bearer ${session}`, key: expect.any(String) }]);

    await page.getByRole('link', { name: 'Changer de caisse' }).click();
    await page.getByRole('button', { name: 'Caisse Buvette' }).waitFor();
    expect(await page.getByText('Caisse sélectionnée :').count()).toBe(0);

    const remotes = [...new Set(requested.filter((p) => p.startsWith('/remotes/')).map((p) => p.split('/')[2]))];
    expect(remotes).toEqual(['mfe-register']);
    await page.context().close();
  });

  it('at 390 px, a cashier with only a passkey signs in with it and sells at once', async () => {
    // A cashier whose account has a passkey on this phone (made once from « Mon compte »).
    const email = `caissiere.${Date.now().toString(36)}@ecole.fr`;
    const password = 'la tombola de la cour';
    await gatewayOk(e2e.url, e2e.tokens.admin, 'POST', '/api/admin/users', {
      email,
      firstname: 'Inès',
      lastname: 'Petit',
      roles: ['cashier'],
      password,
    });
    // Passkeys need a site name, not an IP address.
    const { page } = await phonePage(e2e.url.replace('127.0.0.1', 'localhost'));
    await addVirtualAuthenticator(page, page.context());
    await page.goto('/connexion');
    await page.locator('#form-login input[type="email"]').fill(email);
    await page.locator('#form-login input[type="password"]').fill(password);
    await page.locator('#form-login button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await page.goto('/profil');
    await page.locator('#form-register').getByRole('button', { name: "Ajouter une clé d'accès sur cet appareil" }).click();
    await page.getByText("Clé d'accès ajoutée").waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kermesseSession'))).toBeNull();

    // From now on, the passkey alone: no password, no token.
    const sales = recordSaleAnswers(page);
    await page.goto('/connexion');
    await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await sellOneCoffee(page, 'Caisse Buvette');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-cle-d-acces-390.png'), fullPage: true });
    const session = await page.evaluate(() => localStorage.getItem('kermesseSession'));
    expect(sales).toEqual([{ status: 201, authorization: `Bearer ${session}`, key: expect.any(String) }]);
    expect(await page.evaluate(() => localStorage.getItem('bearerToken'))).toBeNull();
    await page.context().close();
  });

  it('keeps the sales made offline when the session ends meanwhile, asks to sign in again, then sends each once', async () => {
    const { page } = await phonePage();
    const context = page.context();
    await signInThroughForm(page, 'caissier@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await openChosenRegister(page, 'Caisse Entrée');
    const sales = recordSaleAnswers(page);

    // The network goes; two coffees are sold and kept on the phone.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    for (const given of ['1', '2']) {
      await page.getByRole('button', { name: /^Café,/ }).tap();
      await page.getByRole('button', { name: /^Espèce/ }).tap();
      await page.getByLabel('Montant donné').fill(given);
      await page.getByRole('button', { name: 'Valider' }).tap();
      await page.getByRole('heading', { name: 'Vente enregistrée hors ligne' }).waitFor();
      await page.getByRole('button', { name: 'Nouvelle vente' }).tap();
    }
    await expect.poll(() => page.getByTestId('offline-waiting').innerText()).toBe("2 ventes en attente d'envoi");

    // Meanwhile the session's token stops being accepted (the server answers as for an expired one).
    const session = (await page.evaluate(() => localStorage.getItem('kermesseSession')))!;
    expect((await callGateway(e2e.url, session, 'POST', '/api/token/release')).status).toBe(200);

    // The network returns: nothing is dropped, the screen says why the sales wait.
    await context.unroute('**/*');
    await context.setOffline(false);
    await page.getByText('Votre connexion a expiré : ces ventes restent sur cet appareil').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('offline-waiting').innerText()).toBe("2 ventes en attente d'envoi");
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((sale) => sale.status === 401)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-reconnexion-390.png'), fullPage: true });

    // The phone is opened again later (its browser no longer keeps the event list, 20 min): the session is
    // refused and signed out, while the register chosen and its sales stay on the phone.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.reload();
    await page.getByText('Votre session a expiré ou a été fermée : reconnectez-vous pour ouvrir la caisse.').waitFor({ timeout: 30_000 });
    await page.getByText('2 ventes faites hors ligne attendent sur cet appareil : elles seront envoyées dès votre reconnexion.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('kermesseSession'))).toBeNull();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-session-fermee-390.png'), fullPage: true });

    // Signed in again: back on the same register, both sales go, each once, with the keys they were made with.
    await page.getByRole('link', { name: 'Se connecter', exact: true }).tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/connexion');
    const form = page.locator('#form-login');
    await form.locator('input[type="email"]').fill('caissier@kermesse.local');
    await form.locator('input[type="password"]').fill(E2E_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#selected-checkout').innerText()).toContain('Caisse Entrée');
    // The queue's line appears only once the register has read its store: wait for the sends themselves.
    await expect.poll(() => sales.filter((sale) => sale.status === 201).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('offline-waiting').count(), { timeout: 30_000 }).toBe(0);
    const accepted = sales.filter((sale) => sale.status === 201);
    expect(accepted).toHaveLength(2);
    expect(new Set(accepted.map((sale) => sale.key)).size).toBe(2);
    expect(accepted.map((sale) => sale.key)).toContain(sales[0]!.key);
    expect(accepted.every((sale) => sale.authorization !== `Bearer ${session}`)).toBe(true);
    await context.close();
  });

  it('keeps selling offline on a phone whose session expired during the outage, even after a reload', async () => {
    const { page } = await phonePage();
    const context = page.context();
    await signInThroughForm(page, 'caissier@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await openChosenRegister(page, 'Caisse Buvette');
    // The phone's service worker keeps the register, read with the session's token.
    await expect.poll(() => registerKeptOffline(page), { timeout: 30_000 }).toBe(true);

    // No network, and 13 hours later: the session's token (12 h) has expired on the phone.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await page.clock.install({ time: Date.now() + 13 * 3_600_000 });
    await page.reload();
    await page.getByRole('tab', { name: 'Toutes les catégories' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#selected-checkout').innerText()).toContain('Caisse Buvette');
    // The shell names nobody any more, yet the register sells on.
    await page.getByRole('link', { name: 'Connexion' }).waitFor();
    await page.getByRole('button', { name: /^Café,/ }).tap();
    await page.getByRole('button', { name: /^Espèce/ }).tap();
    await page.getByLabel('Montant donné').fill('1');
    await page.getByRole('button', { name: 'Valider' }).tap();
    await page.getByRole('heading', { name: 'Vente enregistrée hors ligne' }).waitFor();
    expect(await page.getByTestId('offline-waiting').innerText()).toBe("1 vente en attente d'envoi");
    expect(await page.evaluate(() => localStorage.getItem('kermesseSession'))).toMatch(/^ey/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-session-expiree-390.png'), fullPage: true });
    await context.close();
  });

  it('refuses a wrong token with the spec message and erases it', async () => {
    const { page } = await freshPage();
    await page.goto('/caisse');
    await page.getByPlaceholder("Entrez votre jeton d'accès").fill('ceci-nest-pas-un-jeton');
    await page.getByRole('button', { name: 'Charger le jeton' }).click();
    await page.getByText('Token invalide ou non autorisé.').waitFor();
    await page.getByRole('button', { name: 'Charger le jeton' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bearerToken'))).toBeNull();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'token-invalide.png'), fullPage: true });
    await page.context().close();
  });

  it('gives a token on the API-token screen and keeps it under bearerToken', async () => {
    const { page } = await freshPage();
    await page.goto('/caisse/jeton');
    await page.locator('input[type="email"]').fill('caissier@kermesse.local');
    await page.locator('input[type="password"]').fill(E2E_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('bearerToken'))).toMatch(/^ey/);
    await page.context().close();
  });

  it('keeps the shell working when the register remote cannot be loaded', async () => {
    const { page } = await freshPage();
    // The register remote's server is down: every one of its files fails.
    await page.route('**/remotes/mfe-register/**', (route) => route.abort('connectionrefused'));
    await page.goto('/caisse');
    await page.getByRole('button', { name: 'Réessayer' }).waitFor();
    expect(await page.locator('main').innerText()).toMatch(/indisponible/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'module-indisponible.png'), fullPage: true });

    // The rest of the shell still works.
    await page.getByRole('link', { name: 'Accueil' }).first().click();
    await page.getByRole('button', { name: 'Plus tard' }).waitFor();

    // The remote comes back: retry loads it without a page reload.
    await page.unroute('**/remotes/mfe-register/**');
    await page.goto('/caisse');
    await page.getByText("Charger un jeton d'authentification").waitFor();
    await page.context().close();
  });

  it('says in French that a module is unavailable when its remote cannot be fetched, and the rest of the shell keeps working', async () => {
    // Every remote is built now: a remote that is down (its server unreachable) is the case a user meets.
    const { page } = await freshPage();
    await page.route('**/remotes/mfe-bingo/**', (route) => route.abort('connectionrefused'));
    await page.goto('/loto');
    await page.getByText(/est momentanément indisponible\./).waitFor();
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(1);
    await page.goto('/caisse');
    await page.getByText("Charger un jeton d'authentification").waitFor();
    await page.context().close();
  });

  it('shows the pre-sale banner on the home page, linking to /tombola/prevente, dismissed by « Plus tard »', async () => {
    const { page } = await freshPage();
    await page.goto('/');
    const later = page.getByRole('button', { name: 'Plus tard' });
    await later.waitFor();
    expect(await page.locator('a[href="/tombola/prevente"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'accueil.png'), fullPage: true });
    await later.click();
    await expect.poll(() => later.count()).toBe(0);
    await page.reload();
    await page.locator('main').waitFor();
    expect(await page.getByRole('button', { name: 'Plus tard' }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps dark mode across visits', async () => {
    const { page } = await freshPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Plus tard' }).click();
    const before = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
    await page
      .getByRole('button', { name: /sombre|clair/i })
      .first()
      .click();
    const after = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
    expect(after).not.toBe(before);
    await page.reload();
    await page.locator('main').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme ?? '')).toBe(after);
    await page.context().close();
  });
});
