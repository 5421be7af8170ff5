/**
 * First run in Chromium: a system started without demo data (`KERMESSE_DEMO=0`) has no
 * account; the first visit asks to create the first administrator, who then lands in the back office
 * (« Gestion de la fête ») to set up the first event. Once the account exists, the setup is closed.
 */
import { describe, expect, it } from 'vitest';
import { callGateway } from './support/api.ts';
import { setupSystem } from './support/session.ts';

const e2e = setupSystem({ demo: false });

const ADMIN = {
  firstname: 'Claire',
  lastname: 'Durand',
  email: 'claire.durand@ecole-des-tilleuls.fr',
  password: 'la kermesse des tilleuls en juin',
};

describe('first run without demo data', () => {
  it('asks the first visitor to create the administrator, then leads to the setup of the first event', async () => {
    // No demo account: the demo sign-in is refused.
    const demoLogin = await fetch(`${e2e.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kermesse.local', password: 'e2e-mot-de-passe' }),
    });
    expect(demoLogin.status).toBe(401);
    await demoLogin.arrayBuffer();

    const context = await e2e.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Bienvenue ! Créez le premier administrateur' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/premier-lancement');

    // A weak password is refused in French, nothing created.
    await page.getByLabel('Prénom').fill(ADMIN.firstname);
    await page.getByLabel('Nom', { exact: true }).fill(ADMIN.lastname);
    await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe').fill('court');
    await page.getByRole('button', { name: 'Créer le compte administrateur' }).click();
    await expect.poll(() => page.locator('#first-admin-error').textContent()).toMatch(/12 caractères/);

    await page.getByLabel('Mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Créer le compte administrateur' }).click();

    // Signed in as the administrator, in the back office, with no event yet.
    await page.getByRole('heading', { name: 'Gestion de la fête', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gestion');
    await page.getByText("Aucun événement pour l'instant : créez votre première fête.").waitFor();

    await page.getByRole('button', { name: 'Nouvel événement' }).click();
    await page.getByLabel("Nom de l'événement").fill('Kermesse des Tilleuls 2027');
    await page.getByLabel('Lieu').fill('Cour de l’école');
    await page.getByRole('button', { name: "Créer l'événement" }).click();
    await page.getByRole('heading', { name: 'Kermesse des Tilleuls 2027', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/gestion\/evenements\/\d+$/);

    // The administrator signs in with the password chosen; the setup cannot run a second time.
    const login = await fetch(`${e2e.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const events = await callGateway<{ name: string }[] | { events: { name: string }[] }>(e2e.url, token, 'GET', '/api/cr/events');
    expect(events.status).toBe(200);
    expect(JSON.stringify(events.body)).toContain('Kermesse des Tilleuls 2027');
    const again = await fetch(`${e2e.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, email: 'intrus@exemple.fr' }),
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    await again.arrayBuffer();

    // A later visitor is no longer sent to the first-run page.
    const visitor = await e2e.newContext({ viewport: { width: 768, height: 1024 } });
    const visit = await visitor.newPage();
    await visit.goto('/premier-lancement');
    await visit.goto('/');
    await visit.waitForLoadState('networkidle');
    expect(new URL(visit.url()).pathname).toBe('/');
    await visitor.close();
    await context.close();
  });
});
