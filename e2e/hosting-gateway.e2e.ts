/**
 * Identity behind the gateway in hosting mode (docs/hosting.md), without the rest of the system: the
 * real identity on a fresh database, the real gateway in front, the other services replaced by echo
 * servers that show what they received. The host console's changes hold through the gateway at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ASSOCIATION_HEADER } from '@kermesse/kit/tenancy';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../services/identity/migrations/index.ts';
import { buildApp as buildIdentity } from '../services/identity/src/app.ts';
import { buildApp as buildGateway, type GatewayApp } from '../gateway/src/app.ts';
import { SERVICE_NAMES, type ServiceName } from '../gateway/src/routeTable.ts';
import { echoHandler, silentLogger, startServer, type Echo, type TestServer } from '../gateway/src/testSupport.ts';
import { REPO_ROOT } from '../gateway/src/env.ts';
import { ARTIFACTS_DIR, launchBrowser } from './support/browser.ts';
import { hostUrl, okOnHost, onHost, signInOnHost } from './support/hosting.ts';
import { E2E_PASSWORD } from './support/system.ts';

let database: TestDatabase;
let db: Db;
let identity: RunningServer;
let gateway: RunningServer;
let gatewayApp: GatewayApp;
const echoes: TestServer[] = [];
let url: string;
let hostToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  process.env.KERMESSE_HOSTING = '1';
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  // The register's figures for the console: one association busier than the other.
  const register = await startServer((req, res) => {
    const busy = req.headers[ASSOCIATION_HEADER] === ids['apel-ferry'];
    const figures = busy ? { events: 3, sales: 41, lastSaleAt: '2026-06-20T16:42:00.000Z' } : { events: 1, sales: 0, lastSaleAt: null };
    res.writeHead(req.url === '/internal/figures' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/internal/figures' ? figures : { error: 'Ressource introuvable.' }));
  });
  echoes.push(register);
  identity = await listen(
    await buildIdentity({ db, logger: createLogger('identity', 'error'), publicUrl: 'http://localhost:8080', registerUrl: register.url }),
    0,
  );
  const upstreams = {} as Record<ServiceName, string>;
  for (const name of SERVICE_NAMES) {
    if (name === 'identity') upstreams[name] = `http://127.0.0.1:${identity.port}`;
    else {
      const echo = await startServer(echoHandler(name));
      echoes.push(echo);
      upstreams[name] = echo.url;
    }
  }
  // The built shell (npm run build) for the console's screen.
  gatewayApp = buildGateway({ upstreams, root: REPO_ROOT, logger: silentLogger, hosting: { domain: 'localhost' } });
  gateway = await listen(gatewayApp, 0);
  url = `http://127.0.0.1:${gateway.port}`;

  const console = hostUrl(url, null);
  hostToken = (
    await okOnHost<{ token: string }>(console, 'POST', '/api/setup', {
      body: { email: 'hebergeur@kermesse.test', firstname: 'Hélène', lastname: 'Hébergeuse', password: E2E_PASSWORD },
    })
  ).token;
  for (const slug of ['apel-ferry', 'amicale-jaures']) {
    const created = await okOnHost<{ id: string }>(console, 'POST', '/api/host/associations', {
      token: hostToken,
      body: { name: slug, slug, admin: { email: 'presidente@ecole.test', firstname: 'Claire', lastname: 'Petit', password: E2E_PASSWORD } },
    });
    ids[slug] = created.id;
  }
});

afterAll(async () => {
  delete process.env.KERMESSE_HOSTING;
  await gateway?.close();
  gatewayApp?.closeUpstreams();
  await identity?.close();
  await Promise.all(echoes.map((echo) => echo.close()));
  await db?.destroy();
  await database?.drop();
});

describe('identity behind a hosting gateway', () => {
  it('signs the same person in on each association’s host with a token good there only', async () => {
    const ferry = hostUrl(url, 'apel-ferry');
    const jaures = hostUrl(url, 'amicale-jaures');
    const ferryToken = await signInOnHost(ferry, 'presidente@ecole.test');
    expect((await onHost(ferry, 'GET', '/api/admin/users', { token: ferryToken })).status).toBe(200);
    // Through the gateway's check and the fast path alike (the second call finds the token cached).
    for (let i = 0; i < 2; i++) {
      expect((await onHost(jaures, 'GET', '/api/admin/users', { token: ferryToken })).status).toBe(401);
      expect((await onHost(jaures, 'GET', '/api/cr/events', { token: ferryToken })).status).toBe(401);
    }
    // The register behind the gateway is told whose request it is.
    const echo = await okOnHost<Echo>(ferry, 'GET', '/api/cr/events', { token: ferryToken });
    expect(echo.headers[ASSOCIATION_HEADER]).toBe(ids['apel-ferry']);
    // The console is the host's: neither association's admin signs in there.
    expect(
      (await onHost(hostUrl(url, null), 'POST', '/api/login', { body: { email: 'presidente@ecole.test', password: E2E_PASSWORD } })).status,
    ).toBe(401);
  });

  it('turns an association’s host to 503 the moment the host suspends it, and back once resumed', async () => {
    const ferry = hostUrl(url, 'apel-ferry');
    const console = hostUrl(url, null);
    expect((await onHost(ferry, 'GET', '/api/setup')).status).toBe(200);
    await okOnHost(console, 'POST', '/api/host/associations/apel-ferry/suspend', { token: hostToken });
    expect(await onHost(ferry, 'GET', '/api/setup')).toMatchObject({
      status: 503,
      body: { error: 'Cette association est suspendue par son hébergeur.', code: 'ASSOCIATION_SUSPENDED' },
    });
    expect((await onHost(hostUrl(url, 'amicale-jaures'), 'GET', '/api/setup')).status).toBe(200);
    await okOnHost(console, 'POST', '/api/host/associations/apel-ferry/resume', { token: hostToken });
    expect((await onHost(ferry, 'GET', '/api/setup')).status).toBe(200);
  });

  it('serves a new association at once, even asked for a moment before it existed', async () => {
    const base = hostUrl(url, 'comite-fetes');
    expect((await onHost(base, 'GET', '/api/setup')).status).toBe(404);
    await okOnHost(hostUrl(url, null), 'POST', '/api/host/associations', {
      token: hostToken,
      body: {
        name: 'Comité des fêtes',
        slug: 'comite-fetes',
        admin: { email: 'maire@comite.test', firstname: 'Marc', lastname: 'Durand' },
      },
    });
    expect(await onHost(base, 'GET', '/api/setup')).toMatchObject({ status: 200, body: { needsFirstAdmin: false } });
  });

  it('keeps the console to the host: its list is closed to an association’s token', async () => {
    const list = await okOnHost<{ items: Array<{ slug: string; state: string }>; total: number }>(
      hostUrl(url, null),
      'GET',
      '/api/host/associations',
      {
        token: hostToken,
      },
    );
    expect(list.items.map((a) => [a.slug, a.state])).toEqual([
      ['amicale-jaures', 'active'],
      ['apel-ferry', 'active'],
      ['comite-fetes', 'active'],
    ]);
    const ferryToken = await signInOnHost(hostUrl(url, 'apel-ferry'), 'presidente@ecole.test');
    expect((await onHost(hostUrl(url, null), 'GET', '/api/host/associations', { token: ferryToken })).status).toBe(401);
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

  it('shows the hosted associations and their figures to the host operator, on a phone and on a desk', async () => {
    const context = await browser.newContext({ baseURL: hostUrl(url, null), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/connexion');
    const form = page.locator('#form-login');
    await form.locator('input[type="email"]').fill('hebergeur@kermesse.test');
    await form.locator('input[type="password"]').fill(E2E_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/hebergement');
    const ferry = page.getByRole('article', { name: 'apel-ferry' });
    await ferry.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Associations hébergées');
    expect(await ferry.textContent()).toContain('3 événements · 41 ventes');
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'hebergement-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Créer une association' }).click();
    await page.getByLabel('Nom de l’association').fill('Sou des écoles de Saint-Éloi');
    expect(await page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('sou-des-ecoles-de-saint-eloi');
    expect(await page.locator('#new-association-slug-hint').textContent()).toContain('sou-des-ecoles-de-saint-eloi.localhost:8080');
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'hebergement-390-creation.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'hebergement-1280.png'), fullPage: true });
    await context.close();
  });
});
