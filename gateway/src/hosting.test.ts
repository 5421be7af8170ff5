import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_HEADER, HOST_CONSOLE_ID } from '@kermesse/kit/tenancy';
import { classifyHost, hostNameOf } from './hosting.ts';
import { rawRequest, startTestGateway, type Echo, type TestGateway } from './testSupport.ts';

/** Hosting (docs/hosting.md): the Host a browser asks for names the association the gateway serves. */
const FERRY = '11111111-1111-4111-8111-111111111111';
const JAURES = '22222222-2222-4222-8222-222222222222';

let gateway: TestGateway;
let port: string;

beforeAll(async () => {
  gateway = await startTestGateway({ hosting: { domain: 'localhost' }, loginRateLimit: { max: 2, windowMs: 60_000 } });
  gateway.identity.directory.set('apel-ferry', { id: FERRY, state: 'active' });
  gateway.identity.directory.set('amicale-jaures', { id: JAURES, state: 'active' });
  port = new URL(gateway.url).port;
});

afterAll(async () => {
  await gateway?.close();
});

const on = (host: string, path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
  rawRequest(gateway.url, path, { ...options, headers: { host: host.includes(':') ? host : `${host}:${port}`, ...options.headers } });
const echoOf = (answer: { body: string }) => JSON.parse(answer.body) as Echo;

describe('host names', () => {
  it('reads the host name without its port, and tells the console, a slug and a foreign name apart', () => {
    expect(hostNameOf('Apel-Ferry.localhost:8080')).toBe('apel-ferry.localhost');
    expect(hostNameOf('[::1]:8080')).toBe('::1');
    expect(classifyHost('localhost', 'localhost')).toEqual({ kind: 'console' });
    expect(classifyHost('192.168.1.20', 'localhost')).toEqual({ kind: 'console' });
    expect(classifyHost('::1', 'localhost')).toEqual({ kind: 'console' });
    expect(classifyHost('apel-ferry.localhost', 'localhost')).toEqual({ kind: 'slug', slug: 'apel-ferry' });
    expect(classifyHost('a.b.localhost', 'localhost')).toEqual({ kind: 'foreign' });
    expect(classifyHost('example.org', 'localhost')).toEqual({ kind: 'foreign' });
  });
});

describe('a hosting gateway', () => {
  it('names the association of the Host on every proxied request, whatever association the client sent', async () => {
    const token = await gateway.identity.sign({ roles: ['cashier'], aid: FERRY });
    const answer = await on('apel-ferry.localhost', '/api/cr/events', {
      headers: { authorization: `Bearer ${token}`, [ASSOCIATION_HEADER]: JAURES },
    });
    expect(answer.status).toBe(200);
    expect(echoOf(answer)).toMatchObject({ service: 'register', headers: { [ASSOCIATION_HEADER]: FERRY } });
    // The fast path (token already checked) sets it too.
    const again = await on('apel-ferry.localhost', '/api/cr/events', {
      headers: { authorization: `Bearer ${token}`, [ASSOCIATION_HEADER]: JAURES },
    });
    expect(echoOf(again).headers[ASSOCIATION_HEADER]).toBe(FERRY);
    // A public page of the association: its header as well.
    expect(echoOf(await on('amicale-jaures.localhost', '/api/setup')).headers[ASSOCIATION_HEADER]).toBe(JAURES);
  });

  it("refuses a token of one association on another's host, through Koa and through the fast path", async () => {
    const ferryToken = await gateway.identity.sign({ roles: ['admin'], aid: FERRY });
    const headers = { authorization: `Bearer ${ferryToken}` };
    // First use on the wrong host: the full check.
    expect((await on('amicale-jaures.localhost', '/api/cr/events', { headers })).status).toBe(401);
    // Once the token is cached as good (on its own host), the other host still refuses it.
    expect((await on('apel-ferry.localhost', '/api/cr/events', { headers })).status).toBe(200);
    const refused = await on('amicale-jaures.localhost', '/api/cr/events', { headers });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'Jeton invalide ou expiré.' });
    // Nor is it good on the console.
    expect((await on('localhost', '/api/profile', { headers })).status).toBe(401);
  });

  it('answers an unknown association in French: JSON for the API, a page for a browser', async () => {
    const api = await on('inconnue.localhost', '/api/cr/events');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ error: 'Association inconnue sur cet hébergement.', code: 'ASSOCIATION_UNKNOWN' });
    const page = await on('inconnue.localhost', '/caisse');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Association inconnue sur cet hébergement.');
    expect((await on('deux.niveaux.localhost', '/api/setup')).status).toBe(404);
    expect((await on('example.org', '/api/setup')).status).toBe(404);
  });

  it('serves the console on the bare domain or an IP address: sign-in and the host API only', async () => {
    for (const host of ['localhost', `127.0.0.1:${port}`]) {
      const login = await on(host, '/api/login', { method: 'POST', headers: { [ASSOCIATION_HEADER]: FERRY } });
      expect(login.status).toBe(200);
      expect(echoOf(login).headers[ASSOCIATION_HEADER]).toBe(HOST_CONSOLE_ID);
    }
    const hostToken = await gateway.identity.sign({ roles: ['host'], aid: HOST_CONSOLE_ID });
    const list = await on('localhost', '/api/host/associations', { headers: { authorization: `Bearer ${hostToken}` } });
    expect(list.status).toBe(200);
    expect(echoOf(list)).toMatchObject({ service: 'identity', headers: { [ASSOCIATION_HEADER]: HOST_CONSOLE_ID } });
    // The operator's passkeys too.
    expect((await on('localhost', '/login/options', { method: 'POST' })).status).toBe(200);
    // An association's API is not served there.
    expect(await on('localhost', '/api/cr/events', { headers: { authorization: `Bearer ${hostToken}` } })).toMatchObject({ status: 404 });
    // The host's token opens no association, and an association's admin is not the host.
    expect((await on('apel-ferry.localhost', '/api/cr/events', { headers: { authorization: `Bearer ${hostToken}` } })).status).toBe(401);
    const adminToken = await gateway.identity.sign({ roles: ['admin'], aid: FERRY });
    expect(
      (await on('apel-ferry.localhost', '/api/host/associations', { headers: { authorization: `Bearer ${adminToken}` } })).status,
    ).toBe(403);
  });

  it('answers 503 in French for a suspended association as soon as the host suspends it, and serves it again once resumed', async () => {
    const ferryToken = await gateway.identity.sign({ roles: ['cashier'], aid: FERRY });
    const hostToken = await gateway.identity.sign({ roles: ['host'], aid: HOST_CONSOLE_ID });
    const headers = { authorization: `Bearer ${ferryToken}` };
    expect((await on('apel-ferry.localhost', '/api/cr/events', { headers })).status).toBe(200);

    gateway.identity.directory.set('apel-ferry', { id: FERRY, state: 'suspended' });
    const suspend = await on('localhost', '/api/host/associations/apel-ferry/suspend', {
      method: 'POST',
      headers: { authorization: `Bearer ${hostToken}` },
    });
    expect(suspend.status).toBe(200);
    const refused = await on('apel-ferry.localhost', '/api/cr/events', { headers });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({
      error: 'Cette association est suspendue par son hébergeur.',
      code: 'ASSOCIATION_SUSPENDED',
    });
    const page = await on('apel-ferry.localhost', '/');
    expect(page.status).toBe(503);
    expect(page.body).toContain('Cette association est suspendue par son hébergeur.');
    // The other association goes on.
    expect((await on('amicale-jaures.localhost', '/api/setup')).status).toBe(200);

    gateway.identity.directory.set('apel-ferry', { id: FERRY, state: 'active' });
    await on('localhost', '/api/host/associations/apel-ferry/resume', {
      method: 'POST',
      headers: { authorization: `Bearer ${hostToken}` },
    });
    expect((await on('apel-ferry.localhost', '/api/cr/events', { headers })).status).toBe(200);
  });

  it('forgets a host as soon as identity announces a change of it, on a replica that proxied nothing', async () => {
    let deliver: (data: Uint8Array) => void = () => undefined;
    gateway.app.watchDirectory({
      nc: {
        subscribe(_subject, { callback }) {
          deliver = (data) => callback(null, { data });
          return { unsubscribe: () => undefined };
        },
      },
      subjects: (type) => `test.${type}.*`,
    });
    expect((await on('amicale-jaures.localhost', '/api/setup')).status).toBe(200);
    // Suspended by another replica's console: this one still holds its answer…
    gateway.identity.directory.set('amicale-jaures', { id: JAURES, state: 'suspended' });
    expect((await on('amicale-jaures.localhost', '/api/setup')).status).toBe(200);
    // …until identity's event reaches it.
    const envelope = { type: 'host.association.changed', payload: { associationId: JAURES, slug: 'amicale-jaures', state: 'suspended' } };
    deliver(new TextEncoder().encode(JSON.stringify(envelope)));
    expect((await on('amicale-jaures.localhost', '/api/setup')).status).toBe(503);
    gateway.identity.directory.set('amicale-jaures', { id: JAURES, state: 'active' });
    deliver(new TextEncoder().encode(JSON.stringify({ ...envelope, payload: { ...envelope.payload, state: 'active' } })));
    expect((await on('amicale-jaures.localhost', '/api/setup')).status).toBe(200);
  });

  it('asks identity once per host while its answer is fresh', async () => {
    const before = gateway.identity.directoryLookUps();
    await Promise.all(Array.from({ length: 10 }, () => on('amicale-jaures.localhost', '/api/setup')));
    expect(gateway.identity.directoryLookUps() - before).toBeLessThanOrEqual(1);
  });

  it('counts sign-in attempts per association: one association’s burst does not lock another out', async () => {
    const login = (host: string) => on(host, '/api/login', { method: 'POST' });
    expect((await login('apel-ferry.localhost')).status).toBe(200);
    expect((await login('apel-ferry.localhost')).status).toBe(200);
    expect((await login('apel-ferry.localhost')).status).toBe(429);
    expect((await login('amicale-jaures.localhost')).status).toBe(200);
  });
});

describe('a gateway without hosting', () => {
  it('names no association and drops the one a client sent: the services use their one association', async () => {
    const single = await startTestGateway();
    try {
      const token = await single.identity.sign({ roles: ['cashier'] });
      const answer = await rawRequest(single.url, '/api/cr/events', {
        headers: { authorization: `Bearer ${token}`, [ASSOCIATION_HEADER]: FERRY, host: 'apel-ferry.localhost' },
      });
      expect(answer.status).toBe(200);
      expect(echoOf(answer).headers[ASSOCIATION_HEADER]).toBeUndefined();
      // Any Host is served as before.
      expect((await rawRequest(single.url, '/api/setup', { headers: { host: 'kermesse.example.org' } })).status).toBe(200);
    } finally {
      await single.close();
    }
  });
});
