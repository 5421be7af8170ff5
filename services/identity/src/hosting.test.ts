import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { ASSOCIATION_HEADER, DEFAULT_LIMITS, HOST_CONSOLE_ID } from '@kermesse/kit/tenancy';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';

/**
 * Hosting (docs/hosting.md): the gateway names each request's association in a header; here the
 * test plays the gateway. The host console is HOST_CONSOLE_ID.
 */
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;
const figuresAsked: string[] = [];

beforeAll(async () => {
  process.env.KERMESSE_HOSTING = '1';
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  // The register's figures, per association header.
  const fakeRegister: typeof fetch = async (_url, init) => {
    const association = new Headers(init?.headers).get(ASSOCIATION_HEADER) ?? '';
    figuresAsked.push(association);
    return Response.json({ events: 2, sales: 17, lastSaleAt: '2026-06-20T16:00:00.000Z' });
  };
  const app = await buildApp({
    db,
    logger: createLogger('identity', 'error'),
    publicUrl: 'http://localhost:8080',
    registerUrl: 'http://register.test',
    fetch: fakeRegister,
  });
  server = await listen(app, 0);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  delete process.env.KERMESSE_HOSTING;
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

type Answer = { status: number; body: Record<string, unknown> };
async function call(association: string, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { [ASSOCIATION_HEADER]: association };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(base + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
const onConsole = (method: string, path: string, options?: { body?: unknown; token?: string }) =>
  call(HOST_CONSOLE_ID, method, path, options);

const HOSTER = { email: 'exploitation@hebergeur.fr', firstname: 'Hélène', lastname: 'Martin', password: 'un hébergeur pour les écoles' };
const ADMIN = { email: 'presidente@apel-ferry.fr', firstname: 'Claire', lastname: 'Petit' };
const PASSWORD = 'la fête de l’école 2026';
let hostToken = '';
let ferry = { id: '', slug: '', url: '' };
let jaures = { id: '', slug: '', url: '' };

describe('the host console', () => {
  it('makes the host operator at the first run on the bare domain, with a token of the console', async () => {
    expect(await onConsole('GET', '/api/setup')).toMatchObject({ status: 200, body: { needsFirstAdmin: true } });
    const made = await onConsole('POST', '/api/setup', { body: HOSTER });
    expect(made).toMatchObject({ status: 201, body: { person: { roles: ['host'] } } });
    hostToken = String(made.body.token);
    expect(decodeJwt(hostToken)).toMatchObject({ aid: HOST_CONSOLE_ID, roles: ['host'] });
    // Signing in again on the console works as on a single install.
    const login = await onConsole('POST', '/api/login', { body: { email: HOSTER.email, password: HOSTER.password } });
    expect(login.status).toBe(200);
    expect(await onConsole('GET', '/api/host/whoami')).toMatchObject({
      status: 200,
      body: { hosting: true, console: true, associationAddress: 'http://{slug}.localhost:8080' },
    });
  });

  it('refuses a slug that is malformed or reserved, in French, and creates nothing', async () => {
    for (const slug of ['ab', 'Apel-Ferry', '-apel', 'apel-', 'apel ferry', 'école', 'a'.repeat(41)]) {
      expect(
        await onConsole('POST', '/api/host/associations', { token: hostToken, body: { name: 'APEL', slug, admin: ADMIN } }),
      ).toMatchObject({
        status: 400,
        body: { code: 'SLUG_INVALID', error: expect.stringContaining('de 3 à 40 caractères') },
      });
    }
    for (const slug of ['www', 'api', 'admin', 'host', 'mail', 'static']) {
      expect(
        await onConsole('POST', '/api/host/associations', { token: hostToken, body: { name: 'APEL', slug, admin: ADMIN } }),
      ).toMatchObject({
        status: 400,
        body: { code: 'SLUG_RESERVED', error: 'Cette adresse est réservée par l’hébergement : choisissez-en une autre.' },
      });
    }
    expect(await call(HOST_CONSOLE_ID, 'GET', '/internal/associations')).toEqual({ status: 200, body: { associations: [] } });
  });

  it('creates an association with a one-time link for its first admin, on its own address; a taken slug is a 409', async () => {
    const made = await onConsole('POST', '/api/host/associations', {
      token: hostToken,
      body: { name: 'APEL Jules Ferry', slug: 'apel-ferry', admin: ADMIN },
    });
    expect(made).toMatchObject({ status: 201, body: { slug: 'apel-ferry', url: 'http://apel-ferry.localhost:8080' } });
    ferry = made.body as typeof ferry;
    const link = made.body.link as { url: string; token: string; expiresAt: string };
    expect(link.url).toBe(`http://apel-ferry.localhost:8080/mot-de-passe?jeton=${link.token}`);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);

    expect(
      await onConsole('POST', '/api/host/associations', { token: hostToken, body: { name: 'Autre', slug: 'apel-ferry', admin: ADMIN } }),
    ).toMatchObject({ status: 409, body: { code: 'SLUG_TAKEN', error: 'Une association utilise déjà cette adresse.' } });

    // The link opens on the association's host only, and the admin's token is the association's.
    expect((await onConsole('GET', `/api/links/${link.token}`)).status).toBe(404);
    const used = await call(ferry.id, 'POST', `/api/links/${link.token}`, { body: { password: PASSWORD } });
    expect(used.status).toBe(200);
    expect(decodeJwt(String(used.body.token))).toMatchObject({ aid: ferry.id, roles: ['admin'] });
  });

  it('lets the same e-mail be admin of two associations, each signing in on its own host only', async () => {
    const made = await onConsole('POST', '/api/host/associations', {
      token: hostToken,
      body: { name: 'Amicale Jean Jaurès', slug: 'amicale-jaures', admin: { ...ADMIN, password: PASSWORD } },
    });
    expect(made.status).toBe(201);
    expect(made.body.link).toBeUndefined();
    jaures = made.body as typeof jaures;

    const signIn = (association: string) => call(association, 'POST', '/api/login', { body: { email: ADMIN.email, password: PASSWORD } });
    const ferryLogin = await signIn(ferry.id);
    const jauresLogin = await signIn(jaures.id);
    expect([ferryLogin.status, jauresLogin.status]).toEqual([200, 200]);
    expect((await signIn(HOST_CONSOLE_ID)).status).toBe(401);
    const ferryToken = String(ferryLogin.body.token);

    // A token of one association is no token on another's host, nor on the console.
    expect((await call(ferry.id, 'GET', '/api/admin/users', { token: ferryToken })).status).toBe(200);
    expect(await call(jaures.id, 'GET', '/api/admin/users', { token: ferryToken })).toMatchObject({ status: 401 });
    expect((await onConsole('GET', '/api/host/associations', { token: ferryToken })).status).toBe(401);
    // An association's admin is not the host: the console's routes are closed to it on its own host.
    expect((await call(ferry.id, 'GET', '/api/host/associations', { token: ferryToken })).status).toBe(403);
    // Each team sees its own people only.
    const team = await call(ferry.id, 'GET', '/api/admin/users', { token: ferryToken });
    expect((team.body.users as Array<{ email: string }>).map((u) => u.email)).toEqual([ADMIN.email]);
  });

  it('lists the associations with their figures, and suspends and resumes one without erasing it', async () => {
    const list = await onConsole('GET', '/api/host/associations', { token: hostToken });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        slug: 'amicale-jaures',
        name: 'Amicale Jean Jaurès',
        state: 'active',
        url: 'http://amicale-jaures.localhost:8080',
      }),
      expect.objectContaining({
        slug: 'apel-ferry',
        state: 'active',
        figures: { events: 2, sales: 17, lastSaleAt: '2026-06-20T16:00:00.000Z' },
        storageBytes: 0,
      }),
    ]);
    expect(figuresAsked.sort()).toEqual([ferry.id, jaures.id].sort());

    // A page of one, then the next: the total says there is more; only the page's figures are read.
    const first = await onConsole('GET', '/api/host/associations?limit=1', { token: hostToken });
    expect(first.body).toMatchObject({ total: 2, items: [expect.objectContaining({ slug: 'amicale-jaures' })] });
    expect((first.body.items as unknown[]).length).toBe(1);
    const second = await onConsole('GET', '/api/host/associations?limit=1&offset=1', { token: hostToken });
    expect(second.body).toMatchObject({ total: 2, items: [expect.objectContaining({ slug: 'apel-ferry' })] });
    expect((await onConsole('GET', '/api/host/associations?offset=2', { token: hostToken })).body).toEqual({ items: [], total: 2 });
    expect(await onConsole('GET', '/api/host/associations?limit=0', { token: hostToken })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION' },
    });

    const suspended = await onConsole('POST', '/api/host/associations/apel-ferry/suspend', { token: hostToken });
    expect(suspended).toMatchObject({ status: 200, body: { slug: 'apel-ferry', state: 'suspended' } });
    expect(await call(HOST_CONSOLE_ID, 'GET', '/internal/associations/by-slug/apel-ferry')).toEqual({
      status: 200,
      body: { id: ferry.id, slug: 'apel-ferry', name: 'APEL Jules Ferry', state: 'suspended', limits: DEFAULT_LIMITS },
    });
    // Nothing is erased: its admin is still there once resumed.
    expect(await onConsole('POST', '/api/host/associations/apel-ferry/resume', { token: hostToken })).toMatchObject({
      status: 200,
      body: { state: 'active' },
    });
    expect((await call(ferry.id, 'POST', '/api/login', { body: { email: ADMIN.email, password: PASSWORD } })).status).toBe(200);
    expect(await onConsole('POST', '/api/host/associations/inconnue/suspend', { token: hostToken })).toMatchObject({
      status: 404,
      body: { code: 'ASSOCIATION_UNKNOWN', error: 'Association inconnue sur cet hébergement.' },
    });
  });

  it('answers the directory to the other parts, whatever association header they send', async () => {
    const listed = await call(ferry.id, 'GET', '/internal/associations');
    expect(listed.body.associations).toEqual([
      expect.objectContaining({ id: jaures.id, slug: 'amicale-jaures', name: 'Amicale Jean Jaurès', state: 'active' }),
      expect.objectContaining({ id: ferry.id, slug: 'apel-ferry', name: 'APEL Jules Ferry', state: 'active' }),
    ]);
    expect(await call(HOST_CONSOLE_ID, 'GET', '/internal/associations/by-slug/nulle-part')).toMatchObject({
      status: 404,
      body: { code: 'ASSOCIATION_UNKNOWN' },
    });
  });

  it("sets an association's limits, which the gateway reads with its entry; null puts the default back; a wrong value changes nothing", async () => {
    const list = await onConsole('GET', '/api/host/associations', { token: hostToken });
    expect((list.body.items as Array<Record<string, unknown>>)[0]).toMatchObject({
      limits: DEFAULT_LIMITS,
      limitsOverride: { requestsPerSecond: null, uploadBytes: null, storageBytes: null },
    });

    const changed = await onConsole('PATCH', '/api/host/associations/amicale-jaures', {
      token: hostToken,
      body: { limits: { requestsPerSecond: 40, storageBytes: 50 * 1024 * 1024 } },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        slug: 'amicale-jaures',
        limits: { requestsPerSecond: 40, uploadBytes: DEFAULT_LIMITS.uploadBytes, storageBytes: 50 * 1024 * 1024 },
        limitsOverride: { requestsPerSecond: 40, uploadBytes: null, storageBytes: 50 * 1024 * 1024 },
      },
    });
    expect((await call(HOST_CONSOLE_ID, 'GET', '/internal/associations/by-slug/amicale-jaures')).body).toMatchObject({
      limits: { requestsPerSecond: 40, storageBytes: 50 * 1024 * 1024 },
    });
    // The other association keeps the defaults.
    expect((await call(HOST_CONSOLE_ID, 'GET', '/internal/associations/by-slug/apel-ferry')).body).toMatchObject({
      limits: DEFAULT_LIMITS,
    });

    const wrong = await onConsole('PATCH', '/api/host/associations/amicale-jaures', {
      token: hostToken,
      body: { limits: { requestsPerSecond: 0 } },
    });
    expect(wrong.status).toBe(400);
    expect(String(wrong.body.error)).toMatch(/requestsPerSecond/);
    expect(await onConsole('PATCH', '/api/host/associations/inconnue', { token: hostToken, body: { limits: {} } })).toMatchObject({
      status: 404,
      body: { code: 'ASSOCIATION_UNKNOWN' },
    });
    // Not from an association's own host, even for its admin.
    const ferryAdmin = await call(ferry.id, 'POST', '/api/login', { body: { email: ADMIN.email, password: PASSWORD } });
    expect(
      (await call(ferry.id, 'PATCH', '/api/host/associations/apel-ferry', { token: String(ferryAdmin.body.token), body: { limits: {} } }))
        .status,
    ).toBeGreaterThanOrEqual(403);

    const reset = await onConsole('PATCH', '/api/host/associations/amicale-jaures', {
      token: hostToken,
      body: { limits: { requestsPerSecond: null, storageBytes: null } },
    });
    expect(reset.body).toMatchObject({ limits: DEFAULT_LIMITS, limitsOverride: { requestsPerSecond: null, storageBytes: null } });
  });
});
