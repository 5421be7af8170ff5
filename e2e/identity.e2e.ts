/**
 * Staff accounts, sign-out and passkeys in Chromium on the whole system: the « Équipe »
 * page (create with a one-time link, roles, disable, reset), the person setting their password from
 * the link on a phone, a sign-out on a shared tablet that leaves nothing behind, and passkeys with
 * the DevTools virtual authenticator (register, sign in, removed passkey refused, on-behalf link).
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@kermesse/kit/testing';
import { addVirtualAuthenticator, signInThroughForm } from './support/browser.ts';
import { callGateway, gatewayOk, signInToken } from './support/api.ts';
import { openRegister, setupSystem } from './support/session.ts';

const e2e = setupSystem({ signIn: ['admin'] });
/** Passkeys need a site name, not an IP address: the browser uses the gateway as `localhost`. */
let siteUrl: string;
const settled = <T>(check: () => Promise<T>) => eventually(check, 15_000, 200);

interface Person {
  id: string;
  email: string;
  roles: string[];
  disabled: boolean;
  passkeys: { id: string; name: string }[];
}

beforeAll(async () => {
  siteUrl = e2e.url.replace('127.0.0.1', 'localhost');
});

const api = <T = unknown>(method: string, path: string, body?: unknown, token = e2e.tokens.admin) =>
  gatewayOk<T>(e2e.url, token, method, path, body);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function newPage(viewport = { width: 1280, height: 900 }, baseURL = e2e.url): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  return { context, page };
}

/** A person created through the API with a password, and a fresh token of theirs. */
async function personWithPassword(roles: string[]): Promise<{ person: Person; password: string; email: string }> {
  const email = `benevole.${unique()}@ecole.fr`;
  const password = 'des crêpes pour la buvette';
  const person = await api<Person>('POST', '/api/admin/users', {
    email,
    firstname: 'Jeanne',
    lastname: `Durand ${unique()}`,
    roles,
    password,
  });
  return { person, password, email };
}

/** The admin signs in, dismisses the home page's announcement and opens « Équipe » from the menu. */
async function openTeamPage(page: Page) {
  await signInThroughForm(page, 'admin@kermesse.local');
  await page.getByRole('button', { name: 'Plus tard' }).click();
  await page.getByRole('link', { name: 'Équipe' }).click();
  await page.getByRole('heading', { name: 'Équipe', level: 1 }).waitFor();
}

async function passwordToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${e2e.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/connexion');
  await page.locator('#form-login input[type="email"]').fill(email);
  await page.locator('#form-login input[type="password"]').fill(password);
  await page.locator('#form-login button[type="submit"]').click();
  await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
}

describe('« Équipe »', () => {
  it('lets an admin add a volunteer who sets a password from the one-time link, then change roles, reset and disable', async () => {
    const { context, page } = await newPage();
    await openTeamPage(page);
    // The demo accounts are listed.
    await page.locator('article[data-email="caissier@kermesse.local"]').waitFor();

    const email = `lucie.${unique()}@ecole.fr`;
    await page.getByRole('button', { name: 'Ajouter une personne' }).click();
    const form = page.locator('#form-new-person');
    await form.getByLabel('Prénom').fill('Lucie');
    await form.getByLabel('Nom', { exact: true }).fill('Bernard');
    await form.getByLabel('Adresse e-mail').fill(email);
    await form.getByLabel('Mot de passe (facultatif)').fill('azerty');
    await form.getByRole('button', { name: 'Créer le compte' }).click();
    await form.getByText('Le mot de passe doit contenir au moins 12 caractères.').waitFor();
    await form.getByLabel('Mot de passe (facultatif)').fill('');
    await form.getByRole('button', { name: 'Créer le compte' }).click();
    await page.getByText('Compte de Lucie Bernard créé.').waitFor();
    const link = await page.locator('#new-person-link').inputValue();
    expect(link).toMatch(/\/mot-de-passe\?jeton=/);

    // The volunteer opens the link on her phone and chooses her password.
    const phone = await newPage({ width: 390, height: 844 });
    await phone.page.goto(pathOf(link));
    await phone.page.getByText(`Bonjour Lucie, choisissez le mot de passe du compte ${email}.`).waitFor();
    await phone.page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse2025');
    await phone.page.getByLabel('Confirmer le mot de passe').fill('motdepasse2025');
    await phone.page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await phone.page.getByText('Ce mot de passe est trop courant').waitFor();
    await phone.page.getByLabel('Mot de passe', { exact: true }).fill('le chamboule-tout de la cour');
    await phone.page.getByLabel('Confirmer le mot de passe').fill('le chamboule-tout de la cour');
    await phone.page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await phone.page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    const volunteerToken = (await phone.page.evaluate(() => localStorage.getItem('kermesseSession')))!;
    expect((await callGateway(e2e.url, volunteerToken, 'GET', '/api/profile')).status).toBe(200);
    // The link was for one use only.
    expect((await fetch(`${e2e.url}/api/links/${new URL(link).searchParams.get('jeton')}`)).status).toBe(404);

    // Back on the Équipe page: the admin makes her cashier for the evening too.
    await page.reload();
    const card = page.locator(`article[data-email="${email}"]`);
    await card.getByLabel('Caissier').check();
    await card.getByRole('button', { name: 'Enregistrer les rôles' }).click();
    await card.getByText('Rôles enregistrés.').waitFor();
    await card.getByText('Rôles : Caissier, Bénévole').waitFor();

    await card.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    const resetLink = await card.getByLabel('Lien de réinitialisation pour Lucie Bernard').inputValue();
    expect(resetLink).toMatch(/\/mot-de-passe\?jeton=/);

    // Signed in again (roles changed), then disabled: her next call is refused.
    const token = await passwordToken(email, 'le chamboule-tout de la cour');
    expect((await callGateway(e2e.url, token, 'GET', '/api/profile')).status).toBe(200);
    await card.getByRole('button', { name: 'Désactiver' }).click();
    await card.getByText('Désactivé', { exact: true }).waitFor();
    await settled(async () => (await callGateway(e2e.url, token, 'GET', '/api/profile')).status === 401);
    const people = await api<{ users: Person[] }>('GET', '/api/admin/users');
    expect(people.users.find((p) => p.email === email)).toMatchObject({ roles: ['cashier', 'volunteer'], disabled: true });

    await phone.context.close();
    await context.close();
  });

  it('is refused to a cashier', async () => {
    const cashier = await signInToken(e2e.url, 'caissier@kermesse.local');
    expect((await callGateway(e2e.url, cashier, 'GET', '/api/admin/users')).status).toBe(403);
  });
});

describe('accessibility of the staff pages (axe-core, WCAG 2.1 AA)', () => {
  it('finds no violation on « Équipe » and « Mon compte », in light and dark modes', async () => {
    const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    // bypassCSP only to inject axe-core (the gateway's CSP refuses inline scripts).
    const context = await e2e.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('kermesseDismissedAnnouncement', 'demo-grande-tombola-de-printemps'));
    await signInThroughForm(page, 'admin@kermesse.local');
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    const found: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('kermesseTheme', value), theme);
      for (const path of ['/equipe', '/profil']) {
        await page.goto(path);
        await page.locator('article, #form-password').first().waitFor();
        await page.addScriptTag({ path: axeScript });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
            }
          ).axe;
          const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
          return result.violations.map(
            (v) =>
              `${v.id}: ${v.nodes
                .slice(0, 3)
                .map((n) => JSON.stringify(n.target))
                .join(', ')}`,
          );
        });
        if (violations.length) found[`${theme} ${path}`] = violations;
      }
    }
    expect(found).toEqual({});
    await context.close();
  });
});

describe('sign-out on a shared tablet', () => {
  it('releases the tokens and erases the register token and caches: the next person must sign in to sell', async () => {
    const { context, page } = await newPage({ width: 768, height: 1024 });
    await signInThroughForm(page, 'caissier@kermesse.local');
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    // The register opened with the session itself, no token typed.
    await openRegister(page, 'Caisse Buvette');
    const registerToken = await signInToken(e2e.url, 'caissier@kermesse.local');
    await page.evaluate((token) => {
      localStorage.setItem('bearerToken', token);
      localStorage.setItem('kermesseRegister.checkout.1', '{"savedAt":0,"data":[]}');
      localStorage.setItem('kermesseRegister.settings', '{"savedAt":0,"data":{}}');
      localStorage.setItem('kermesseRegister.stockAlerts.1', '{"savedAt":0,"data":[]}');
      localStorage.setItem('kermesseRegister.cardReader', '{"savedAt":0,"data":"rdr_1"}');
    }, registerToken);
    const sessionToken = (await page.evaluate(() => localStorage.getItem('kermesseSession')))!;
    expect((await callGateway(e2e.url, registerToken, 'GET', '/api/cr/ping')).status).toBe(200);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('link', { name: 'Connexion' }).waitFor();
    const left = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key !== 'kermesseTheme' && !key.startsWith('kermesseAnnouncement')),
    );
    expect(left.filter((key) => key === 'bearerToken' || key === 'kermesseSession' || key.startsWith('kermesseRegister.'))).toEqual([]);
    await settled(async () => (await callGateway(e2e.url, registerToken, 'GET', '/api/cr/ping')).status === 401);
    await settled(async () => (await callGateway(e2e.url, sessionToken, 'GET', '/api/cr/ping')).status === 401);

    await page.goto('/caisse');
    await page.getByRole('link', { name: 'Se connecter' }).waitFor();
    await page.getByText("Charger un jeton d'authentification").waitFor();
    expect(await page.locator('#checkout-register').count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    await context.close();
  });
});

describe('idle register', () => {
  it('locks back to the token form after 30 minutes without activity, the token released', async () => {
    const { context, page } = await newPage({ width: 768, height: 1024 });
    await page.clock.install();
    const registerToken = await signInToken(e2e.url, 'caissier@kermesse.local');
    await page.goto('/caisse');
    await page.getByPlaceholder("Entrez votre jeton d'accès").fill(registerToken);
    await page.getByRole('button', { name: 'Charger le jeton' }).click();
    await page.getByPlaceholder("Entrez votre jeton d'accès").waitFor({ state: 'detached' });
    await page.mouse.click(5, 300);

    await page.clock.fastForward('20:00');
    expect(await page.evaluate(() => localStorage.getItem('bearerToken'))).toBe(registerToken);
    await page.clock.fastForward('11:00');
    await page.getByPlaceholder("Entrez votre jeton d'accès").waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bearerToken'))).toBeNull();
    await settled(async () => (await callGateway(e2e.url, registerToken, 'GET', '/api/cr/ping')).status === 401);
    await context.close();
  });
});

describe('idle register opened with the session', () => {
  it("signs the cashier out after 30 minutes without activity: the tablet asks to sign in, the session's token released", async () => {
    const { context, page } = await newPage({ width: 768, height: 1024 });
    await page.clock.install();
    await signInThroughForm(page, 'caissier@kermesse.local');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/caisse');
    await openRegister(page, 'Caisse Buvette');
    const session = (await page.evaluate(() => localStorage.getItem('kermesseSession')))!;
    await page.mouse.click(5, 300);

    await page.clock.fastForward('20:00');
    expect(await page.evaluate(() => localStorage.getItem('kermesseSession'))).toBe(session);
    await page.clock.fastForward('11:00');
    await page.getByRole('link', { name: 'Se connecter' }).waitFor();
    expect(await page.locator('#checkout-register').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('kermesseSession'))).toBeNull();
    await settled(async () => (await callGateway(e2e.url, session, 'GET', '/api/cr/ping')).status === 401);
    await context.close();
  });
});

describe('passkeys (DevTools virtual authenticator)', () => {
  it('registers a passkey, signs in with it after signing out, and refuses it once removed', async () => {
    const { person, email, password } = await personWithPassword(['treasurer']);
    const { context, page } = await newPage({ width: 390, height: 844 }, siteUrl);
    await addVirtualAuthenticator(page, context);
    await signInWithPassword(page, email, password);

    await page.goto('/profil');
    const form = page.locator('#form-register');
    await form.getByLabel("Nom de l'appareil (facultatif)").fill('Téléphone de Jeanne');
    await form.getByRole('button', { name: "Ajouter une clé d'accès sur cet appareil" }).click();
    await page.getByText("Clé d'accès ajoutée").waitFor();
    await page.getByText('Téléphone de Jeanne').waitFor();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.goto('/connexion');
    // Discoverable credential: the e-mail stays empty.
    await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    expect(
      await page.evaluate(
        () => JSON.parse(atob(localStorage.getItem('kermesseSession')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).email,
      ),
    ).toBe(email);
    const used = await api<Person & { passkeys: { lastUsedAt: string | null }[] }>('GET', `/api/admin/users/${person.id}`);
    expect(used.passkeys).toHaveLength(1);
    expect(used.passkeys[0]!.lastUsedAt).not.toBeNull();

    await api('DELETE', `/api/admin/users/${person.id}/passkeys/${used.passkeys[0]!.id}`);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.goto('/connexion');
    await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
    await page.getByText("Clé d'accès refusée : elle n'est pas (ou plus) enregistrée pour un compte actif.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem('kermesseSession'))).toBeNull();
    await context.close();
  });

  it('lets an admin start a passkey that the person finishes on their own device', async () => {
    const { person, email } = await personWithPassword(['volunteer']);
    const admin = await newPage();
    await openTeamPage(admin.page);
    const card = admin.page.locator(`article[data-email="${email}"]`);
    await card.getByRole('button', { name: "Ajouter une clé d'accès pour cette personne" }).click();
    const link = await card.getByLabel(/Lien pour créer la clé d'accès sur l'appareil de/).inputValue();
    expect(link).toMatch(/\/cle-d-acces\?jeton=.+&personne=/);

    const phone = await newPage({ width: 390, height: 844 }, siteUrl);
    await addVirtualAuthenticator(phone.page, phone.context);
    await phone.page.goto(pathOf(link));
    const form = phone.page.locator('#form-register-onbehalf');
    await form.getByLabel("Nom de l'appareil (facultatif)").fill('Téléphone perso');
    await form.getByRole('button', { name: "Créer la clé d'accès" }).click();
    await phone.page.getByText("Clé d'accès créée sur cet appareil.").waitFor();

    await phone.page.getByRole('link', { name: 'Se connecter' }).click();
    await phone.page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
    await phone.page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    expect((await api<Person>('GET', `/api/admin/users/${person.id}`)).passkeys.map((p) => p.name)).toEqual(['Téléphone perso']);

    // The link served once.
    const again = await fetch(`${e2e.url}/admin/security/user/${person.id}/devices/add/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('jeton') }),
    });
    expect(again.status).toBe(404);
    await phone.context.close();
    await admin.context.close();
  });
});
