/**
 * The authorization matrix, generated from the route table: every entry × every role, no token,
 * expired, forged, `alg: none` and revoked tokens. The services are echo servers, so this checks
 * the gateway alone — and covers a new route as soon as it is added to the table.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRoutes, ROLES, ROUTES, type RouteEntry } from './routeTable.ts';
import { rawRequest, startTestGateway, type Echo, type TestGateway } from './testSupport.ts';

type Case = (typeof ROLES)[number] | 'none' | 'expired' | 'forged' | 'alg-none' | 'revoked' | 'garbage';
const CASES: Case[] = [...ROLES, 'none', 'expired', 'forged', 'alg-none', 'revoked', 'garbage'];

let gateway: TestGateway;
const tokens = new Map<Case, string>();

beforeAll(async () => {
  gateway = await startTestGateway();
  const { identity } = gateway;
  for (const role of ROLES) tokens.set(role, await identity.sign({ roles: [role] }));
  tokens.set('expired', await identity.sign({ roles: ['admin'], expiresIn: -60 }));
  tokens.set('forged', await identity.sign({ roles: ['admin'], forged: true }));
  tokens.set('alg-none', identity.unsigned({ roles: ['admin'] }));
  const revokedJti = randomUUID();
  tokens.set('revoked', await identity.sign({ roles: ['admin'], jti: revokedJti }));
  identity.revoke(revokedJti);
  tokens.set('garbage', 'pas-un-jeton');
});

afterAll(async () => {
  await gateway?.close();
});

function expectedStatus(route: RouteEntry, which: Case): number {
  if (route.roles === 'public') return 200;
  if ((ROLES as readonly string[]).includes(which)) {
    // `admin` passes everywhere but in the host console's area (docs/hosting.md).
    const adminPasses = which === 'admin' && (route.roles as readonly string[]).some((role) => role !== 'host');
    return adminPasses || (route.roles as readonly string[]).includes(which) ? 200 : 403;
  }
  return 401;
}

async function call(route: RouteEntry, which: Case) {
  const token = tokens.get(which);
  const method = route.sample.method;
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
  const res = await fetch(gateway.url + route.sample.path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    },
    body: hasBody ? '{}' : undefined,
  });
  return { res, body: (await res.json()) as Echo & { error?: string } };
}

describe('authorization matrix (generated from the route table)', () => {
  it('has one entry per prefix, each sample path matching its own entry', () => {
    const match = compileRoutes();
    expect(new Set(ROUTES.map((r) => r.prefix)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(match(route.sample.path.split('?')[0] as string)?.prefix).toBe(route.prefix);
  });

  it.each(ROUTES.map((route) => [`${route.sample.method} ${route.sample.path} → ${route.service}`, route] as const))(
    '%s',
    async (_name, route) => {
      const expected: Record<string, number> = {};
      const actual: Record<string, number> = {};
      for (const which of CASES) {
        expected[which] = expectedStatus(route, which);
        const { res, body } = await call(route, which);
        actual[which] = res.status;
        if (res.status === 200) {
          // Reached the right service with the request untouched, Authorization included.
          expect(body.service).toBe(route.service);
          expect(body.method).toBe(route.sample.method);
          expect(body.url).toBe(route.sample.path);
          if (tokens.get(which)) expect(body.headers.authorization).toBe(`Bearer ${tokens.get(which)}`);
        } else {
          expect(typeof body.error).toBe('string');
          expect(body.error?.length).toBeGreaterThan(0);
        }
        if (res.status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
      expect(actual).toEqual(expected);
    },
  );
});

describe('what is never exposed', () => {
  it.each(['/internal/tokens/abc', '/.well-known/jwks.json', '/api/unknown', '/api', '/api/crx/events'])('%s → 404', async (path) => {
    const res = await fetch(gateway.url + path, { headers: { Authorization: `Bearer ${tokens.get('admin')}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Ressource introuvable.', code: 'NOT_FOUND' });
  });

  it.each([
    '/api/public/../admin/raffle/1',
    '/api/public/%2e%2e/admin/raffle/1',
    '/api/public/x%2F..%2F..%2Fadmin%2Fraffle',
    '/api/public//raffle',
    '/api/public/%E0%A4%A',
  ])('refuses the unsafe path %s with 400', async (path) => {
    const res = await rawRequest(gateway.url, path);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Chemin de requête invalide.', code: 'VALIDATION' });
  });

  it('answers 401 in French for a malformed Authorization header', async () => {
    const res = await fetch(`${gateway.url}/api/cr/events`, { headers: { Authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentification requise.', code: 'UNAUTHENTICATED' });
  });
});

describe('token release', () => {
  it('rejects a released token at once, without waiting for the revocation cache', async () => {
    const releasing = await startTestGateway({}, { releaseRevokes: true });
    try {
      const token = await releasing.identity.sign({ roles: ['cashier'] });
      const headers = { Authorization: `Bearer ${token}` };
      const before = await fetch(`${releasing.url}/api/cr/events`, { headers });
      expect(before.status).toBe(200);
      await before.arrayBuffer();
      const release = await fetch(`${releasing.url}/api/token/release`, { method: 'POST', headers });
      expect(release.status).toBe(200);
      expect(await release.json()).toEqual({ success: true });
      const after = await fetch(`${releasing.url}/api/cr/events`, { headers });
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ error: 'Ce jeton a été révoqué.', code: 'UNAUTHENTICATED' });
    } finally {
      await releasing.close();
    }
  });

  it("refuses a disabled person's next call at once, other people's tokens still served from the cache", async () => {
    const disabling = await startTestGateway({}, { disableRevokes: true });
    try {
      const admin = await disabling.identity.sign({ roles: ['admin'], sub: 'admin-1' });
      const lucie = await disabling.identity.sign({ roles: ['cashier'], sub: 'lucie' });
      const paul = await disabling.identity.sign({ roles: ['cashier'], sub: 'paul' });
      for (const token of [lucie, paul]) {
        // Twice: the second call is served by the fast path from the cached answers.
        for (let i = 0; i < 2; i += 1) {
          const res = await fetch(`${disabling.url}/api/cr/events`, { headers: { Authorization: `Bearer ${token}` } });
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }
      const put = await fetch(`${disabling.url}/api/admin/users/lucie`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ disabled: true }),
      });
      expect(put.status).toBe(200);
      await put.arrayBuffer();
      const checks = disabling.identity.revocationChecks();
      const after = await fetch(`${disabling.url}/api/cr/events`, { headers: { Authorization: `Bearer ${lucie}` } });
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ error: 'Ce jeton a été révoqué.', code: 'UNAUTHENTICATED' });
      const other = await fetch(`${disabling.url}/api/cr/events`, { headers: { Authorization: `Bearer ${paul}` } });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
      // Only the disabled person's token was asked about again: no round trip for the others.
      expect(disabling.identity.revocationChecks() - checks).toBe(1);
    } finally {
      await disabling.close();
    }
  });

  it("refuses a tool's token at once when an admin revokes it, the admin's own token still served", async () => {
    const revoking = await startTestGateway({}, { apiTokenRevokes: true });
    try {
      const admin = await revoking.identity.sign({ roles: ['admin'], sub: 'admin-1' });
      // A tool's token: the admin's id as subject, the roles chosen for the tool.
      const toolJti = randomUUID();
      const tool = await revoking.identity.sign({ roles: ['treasurer'], sub: 'admin-1', jti: toolJti });
      for (let i = 0; i < 2; i += 1) {
        const res = await fetch(`${revoking.url}/api/admin/accountancy/trial-balance`, { headers: { Authorization: `Bearer ${tool}` } });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      const forbiddenArea = await fetch(`${revoking.url}/api/admin/events`, { headers: { Authorization: `Bearer ${tool}` } });
      expect(forbiddenArea.status).toBe(403);
      await forbiddenArea.arrayBuffer();

      const revoke = await fetch(`${revoking.url}/api/admin/api-tokens/${toolJti}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${admin}` },
      });
      expect(revoke.status).toBe(200);
      await revoke.arrayBuffer();
      // Within the revocation cache's few seconds: refused anyway.
      const after = await fetch(`${revoking.url}/api/admin/accountancy/trial-balance`, { headers: { Authorization: `Bearer ${tool}` } });
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ error: 'Ce jeton a été révoqué.', code: 'UNAUTHENTICATED' });
      const own = await fetch(`${revoking.url}/api/admin/events`, { headers: { Authorization: `Bearer ${admin}` } });
      expect(own.status).toBe(200);
      await own.arrayBuffer();
    } finally {
      await revoking.close();
    }
  });

  it('caches the revocation answer between requests of the same token', async () => {
    const token = await gateway.identity.sign({ roles: ['cashier'] });
    const before = gateway.identity.revocationChecks();
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${gateway.url}/api/cr/events`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(gateway.identity.revocationChecks() - before).toBe(1);
  });
});
