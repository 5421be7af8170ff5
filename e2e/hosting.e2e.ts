/**
 * The host console through the whole system (docs/hosting.md): one hosting installation, the host
 * operator's first run on the bare address, associations created there and served on their own
 * `*.localhost` host; a suspension answers 503 at once and is undone by a resumption; a token of one
 * association is refused on another's host. Then the console screen at a phone's and a desk's width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser } from './support/browser.ts';
import { hostAssociations, hostUrl, okOnHost, onHost, signInOnHost, type HostedAssociation } from './support/hosting.ts';
import { E2E_PASSWORD, startTestSystem, type TestSystem } from './support/system.ts';

let system: TestSystem;
let hostToken: string;
let ferry: HostedAssociation;
let jaures: HostedAssociation;
let console: string;

beforeAll(async () => {
  system = await startTestSystem({ demo: false, env: { KERMESSE_HOSTING: '1', KERMESSE_DOMAIN: 'localhost' } });
  console = hostUrl(system.url, null);
  ({
    hostToken,
    associations: [ferry, jaures],
  } = (await hostAssociations(system.url, ['apel-ferry', 'amicale-jaures'])) as {
    hostToken: string;
    associations: [HostedAssociation, HostedAssociation];
  });
});

afterAll(async () => {
  await system?.stop();
});

describe('a hosting installation', () => {
  it('serves each association on its own host, and the console on the bare address only', async () => {
    expect(await onHost(ferry.base, 'GET', '/api/setup')).toMatchObject({ status: 200, body: { needsFirstAdmin: false } });
    expect(await onHost(hostUrl(system.url, 'nulle-part'), 'GET', '/api/setup')).toMatchObject({
      status: 404,
      body: { error: 'Association inconnue sur cet hébergement.' },
    });
    // The console serves no association's API.
    expect((await onHost(console, 'GET', '/api/cr/events', { token: hostToken })).status).toBe(404);
    expect(await onHost(console, 'GET', '/api/host/whoami')).toMatchObject({ status: 200, body: { hosting: true, console: true } });
    expect(await onHost(ferry.base, 'GET', '/api/host/whoami')).toMatchObject({ status: 200, body: { hosting: true, console: false } });
  });

  it("refuses a token of one association on another's host, and the host's token on both", async () => {
    expect((await onHost(ferry.base, 'GET', '/api/admin/users', { token: ferry.adminToken })).status).toBe(200);
    expect((await onHost(jaures.base, 'GET', '/api/admin/users', { token: ferry.adminToken })).status).toBe(401);
    expect((await onHost(jaures.base, 'GET', '/api/admin/events', { token: ferry.adminToken })).status).toBe(401);
    expect((await onHost(ferry.base, 'GET', '/api/admin/users', { token: hostToken })).status).toBe(401);
    // An association's admin is no host, on its host or on the console.
    expect((await onHost(ferry.base, 'GET', '/api/host/associations', { token: ferry.adminToken })).status).toBe(403);
    expect((await onHost(console, 'GET', '/api/host/associations', { token: ferry.adminToken })).status).toBe(401);
  });

  it('lists each association with its own figures, asked of the register in its rows', async () => {
    await okOnHost(ferry.base, 'POST', '/api/admin/events', {
      token: ferry.adminToken,
      body: { name: 'Kermesse de juin', startsOn: '2027-06-19' },
    });
    const list = await okOnHost<{ items: Array<{ slug: string; figures: { events: number; sales: number } | null }>; total: number }>(
      console,
      'GET',
      '/api/host/associations',
      { token: hostToken },
    );
    const figures = Object.fromEntries(list.items.map((a) => [a.slug, a.figures]));
    expect(figures).toEqual({
      'apel-ferry': { events: 1, sales: 0, lastSaleAt: null },
      'amicale-jaures': { events: 0, sales: 0, lastSaleAt: null },
    });
  });

  it('answers 503 in French on a suspended association’s host at once, nothing erased, and serves it again once resumed', async () => {
    expect((await onHost(ferry.base, 'GET', '/api/admin/users', { token: ferry.adminToken })).status).toBe(200);
    await okOnHost(console, 'POST', '/api/host/associations/apel-ferry/suspend', { token: hostToken });
    const refused = await onHost(ferry.base, 'GET', '/api/admin/users', { token: ferry.adminToken });
    expect(refused).toMatchObject({ status: 503, body: { error: 'Cette association est suspendue par son hébergeur.' } });
    const page = await onHost<string>(ferry.base, 'GET', '/');
    expect(page.status).toBe(503);
    expect(page.text).toContain('Cette association est suspendue par son hébergeur.');
    expect((await onHost(jaures.base, 'GET', '/api/admin/users', { token: jaures.adminToken })).status).toBe(200);

    await okOnHost(console, 'POST', '/api/host/associations/apel-ferry/resume', { token: hostToken });
    const team = await okOnHost<{ users: Array<{ email: string }> }>(ferry.base, 'GET', '/api/admin/users', { token: ferry.adminToken });
    expect(team.users.map((u) => u.email)).toEqual(['admin@apel-ferry.test']);
  });

  it('gives the first admin of an association created without a password a one-time link on its own host', async () => {
    const created = await okOnHost<{ slug: string; url: string; link: { url: string; token: string } }>(
      console,
      'POST',
      '/api/host/associations',
      {
        token: hostToken,
        body: {
          name: 'Comité des fêtes',
          slug: 'comite-fetes',
          admin: { email: 'maire@comite.test', firstname: 'Marc', lastname: 'Durand' },
        },
      },
    );
    const base = hostUrl(system.url, 'comite-fetes');
    expect(created.url).toBe(base);
    expect(created.link.url).toBe(`${base}/mot-de-passe?jeton=${created.link.token}`);
    // Asked for a moment before, the host is served as soon as it exists.
    await okOnHost(base, 'POST', `/api/links/${created.link.token}`, { body: { password: E2E_PASSWORD } });
    expect(await signInOnHost(base, 'maire@comite.test')).toMatch(/^ey/);
    expect(
      await onHost(console, 'POST', '/api/host/associations', {
        token: hostToken,
        body: { name: 'Doublon', slug: 'comite-fetes', admin: { email: 'x@y.test', firstname: 'X', lastname: 'Y' } },
      }),
    ).toMatchObject({ status: 409, body: { error: 'Une association utilise déjà cette adresse.' } });
  });
});

describe('the console screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the hosted associations to the host operator, on a phone and on a desk', async () => {
    const context = await browser.newContext({ baseURL: console, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/connexion');
    const form = page.locator('#form-login');
    await form.locator('input[type="email"]').fill('hebergeur@kermesse.test');
    await form.locator('input[type="password"]').fill(E2E_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/hebergement');
    await page.getByRole('article', { name: 'Association apel-ferry' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Associations hébergées');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Créer une association' }).click();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'hebergement-systeme-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'hebergement-systeme-1280.png'), fullPage: true });
    await context.close();
  });
});
