import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, signInThroughForm } from './support/browser.ts';
import { signInToken } from './support/api.ts';
import { E2E_PASSWORD } from './support/system.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem();

/** A fresh browser profile (no token, no session), recording every URL it fetches. */
async function freshPage(): Promise<{ page: Page; requested: string[] }> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  return { page, requested };
}

const cashierToken = () => signInToken(e2e.url, 'caissier@kermesse.local');

describe('cash-register entry page in Chromium', () => {
  it('lets a cashier sign in, load a token, pick the event and a register — fetching no other remote', async () => {
    const { page, requested } = await freshPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Plus tard' }).click();
    await page.goto('/connexion');
    await page.locator('#form-login').waitFor();
    // The home and sign-in pages need no remote at all.
    expect(requested.filter((p) => p.startsWith('/remotes/mfe-'))).toEqual([]);
    await signInThroughForm(page, 'caissier@kermesse.local');
    // A cashier lands on the register.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await page.getByText("Charger un jeton d'authentification").waitFor();
    await page.getByPlaceholder('Entrez votre Bearer Token').fill(await cashierToken());
    await page.getByRole('button', { name: 'Charger le Token' }).click();

    const select = page.getByRole('combobox');
    await select.waitFor();
    await expect.poll(() => select.locator('option').allTextContents()).toContain('Kermesse de printemps');
    await select.selectOption({ label: 'Kermesse de printemps' });
    for (const name of ['Caisse Buvette', 'Caisse Tombola', 'Caisse Entrée']) {
      await page.getByRole('button', { name }).waitFor();
    }
    await page.getByRole('button', { name: 'Caisse Tombola' }).click();
    await page.getByText('Caisse sélectionnée :').waitFor();
    expect(await page.locator('body').innerText()).toContain('Caisse Tombola');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'caisse-selectionnee.png'), fullPage: true });

    // The token is kept under the SPEC's local-storage key.
    expect(await page.evaluate(() => localStorage.getItem('bearerToken'))).toMatch(/^ey/);

    await page.getByText('[[ Changer de caisse ]]').click();
    await page.getByRole('button', { name: 'Caisse Buvette' }).waitFor();
    expect(await page.getByText('Caisse sélectionnée :').count()).toBe(0);

    const remotes = [...new Set(requested.filter((p) => p.startsWith('/remotes/')).map((p) => p.split('/')[2]))];
    expect(remotes).toEqual(['mfe-register']);
    await page.context().close();
  });

  it('refuses a wrong token with the SPEC message and erases it', async () => {
    const { page } = await freshPage();
    await page.goto('/caisse');
    await page.getByPlaceholder('Entrez votre Bearer Token').fill('ceci-nest-pas-un-jeton');
    await page.getByRole('button', { name: 'Charger le Token' }).click();
    await page.getByText('Token invalide ou non autorisé.').waitFor();
    await page.getByRole('button', { name: 'Charger le Token' }).waitFor();
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
