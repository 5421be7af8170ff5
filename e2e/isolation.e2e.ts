/**
 * Sealed associations, proved route by route (docs/hosting.md). One hosting system, two associations:
 * B fills its fair with things whose names carry a marker; then every route the services declare
 * (read from the route registry, so a new route is covered without any edit) is called on A's host
 * with A's administrator token, each path parameter and each `…Id` field of the body set in turn to
 * each of B's ids. No answer may carry B's marker, none may be a 403 (B's object does not exist on A's
 * host: 404), none a 5xx; B's token is refused on A's host; and B's fair is whole afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { fieldPaths, plausible, setAt } from './support/fuzz.ts';
import { hostAssociations, okOnHost, onHost, signInOnHost, type HostedAssociation } from './support/hosting.ts';
import { serviceRoutes, type ServiceRoute, type ServiceRoutes } from './support/routes.ts';
import { startTestSystem, type TestSystem } from './support/system.ts';

const MARKER = 'MARQUEURB';
/** Routes that end or change the caller's own session or account: they would cut the sweep short. */
const SKIPPED = /\/token\/release$|\/logout$|\/api\/me\/password|\/api\/setup$|^\/api\/host\//;

let system: TestSystem;
let found: ServiceRoutes;
let a: HostedAssociation;
let b: HostedAssociation;
const bIds: Array<number | string> = [];

beforeAll(async () => {
  const secret = { KERMESSE_SECRET_KEY: randomBytes(32).toString('hex') };
  system = await startTestSystem({
    demo: false,
    build: false,
    // Every route in turn as fast as it answers: no 429 of A's request limit may stand in for a route's own answer.
    env: {
      KERMESSE_HOSTING: '1',
      KERMESSE_DOMAIN: 'localhost',
      LOGIN_RATE_LIMIT: '1000000',
      KERMESSE_LIMIT_REQUESTS_PER_SECOND: '10000',
      ...secret,
    },
  });
  const hosted = await hostAssociations(system.url, ['asso-a', 'asso-b']);
  [a, b] = [hosted.associations[0]!, hosted.associations[1]!];
  // B's fair, every name marked.
  const as = { token: b.adminToken };
  const event = await okOnHost<{ id: number }>(b.base, 'POST', '/api/admin/events', {
    ...as,
    body: { name: `Fête ${MARKER}`, startsOn: '2027-06-19' },
  });
  const category = await okOnHost<{ id: number }>(b.base, 'POST', '/api/admin/categories', {
    ...as,
    body: { name: `Boissons ${MARKER}`, eventId: event.id },
  });
  const product = await okOnHost<{ id: number }>(b.base, 'POST', '/api/admin/products', {
    ...as,
    body: { name: `Limonade ${MARKER}`, price: '2,50', categoryId: category.id, eventId: event.id },
  });
  const checkout = await okOnHost<{ id: number }>(b.base, 'POST', `/api/admin/events/${event.id}/checkouts`, {
    ...as,
    body: { name: `Caisse ${MARKER}` },
  });
  const raffle = await okOnHost<{ id: number }>(b.base, 'POST', '/api/admin/raffle', {
    ...as,
    body: { name: `Tombola ${MARKER}`, price: [{ nb: 1, p: 2 }], eventId: event.id, tickets: 500 },
  });
  const user = await okOnHost<{ id?: string; person?: { id: string } }>(b.base, 'POST', '/api/admin/users', {
    ...as,
    body: { email: `benevole-${MARKER.toLowerCase()}@asso-b.test`, firstname: MARKER, lastname: MARKER, roles: ['volunteer'] },
  });
  bIds.push(event.id, category.id, product.id, checkout.id, raffle.id);
  const userId = user.id ?? user.person?.id;
  if (userId) bIds.push(userId);
  bIds.push(b.id);
  found = await serviceRoutes(system.system.databaseUrl, secretBoxFromEnv(secret));
}, 300_000);

afterAll(async () => {
  await found?.close();
  await system?.stop();
});

interface Leak {
  route: string;
  sent: string;
  status: number;
  body: string;
}

/** Every request of a route with B's ids: in each path parameter, then in each `…Id` field of the body. */
function requestsWithBIds(route: ServiceRoute): Array<{ path: string; body?: unknown }> {
  const base = plausible(route.body as TSchema | undefined);
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const out: Array<{ path: string; body?: unknown }> = [];
  const withParams = (id: number | string) => route.path.replace(/:(\w+)/g, () => encodeURIComponent(String(id)));
  const plain = route.path.replace(/:(\w+)/g, '1');
  for (const id of bIds) if (params.length) out.push({ path: withParams(id), body: route.body ? base : undefined });
  if (route.body) {
    const idFields = fieldPaths(route.body as TSchema).filter((path) => /id$/i.test(String(path[path.length - 1])));
    for (const field of idFields) for (const id of bIds) out.push({ path: plain, body: setAt(base, field, id) });
  }
  if (!out.length) out.push({ path: plain, body: route.body ? base : undefined });
  return out;
}

describe('two associations on one installation', () => {
  it('refuses B’s token on A’s host and A’s on B’s (401)', async () => {
    expect((await onHost(a.base, 'GET', '/api/profile', { token: b.adminToken })).status).toBe(401);
    expect((await onHost(b.base, 'GET', '/api/profile', { token: a.adminToken })).status).toBe(401);
    expect((await onHost(a.base, 'GET', '/api/profile', { token: a.adminToken })).status).toBe(200);
  });

  it('answers no route on A’s host with B’s data, never 403 nor 5xx, whatever B id it is given', async () => {
    const routes = found.routes.filter((r) => !r.path.startsWith('/internal/') && !SKIPPED.test(r.path));
    expect(routes.length).toBeGreaterThan(150);
    const leaks: Leak[] = [];
    let token = a.adminToken;
    let sent = 0;
    for (const route of routes) {
      for (const request of requestsWithBIds(route)) {
        let answer = await onHost(a.base, route.method.toUpperCase(), request.path, { token, body: request.body });
        // A route that released A's session (a role change of A's own account): sign in again.
        if (answer.status === 401 && route.roles) {
          token = await signInOnHost(a.base, 'admin@asso-a.test');
          answer = await onHost(a.base, route.method.toUpperCase(), request.path, { token, body: request.body });
        }
        sent++;
        if (answer.text.includes(MARKER) || answer.status === 403 || answer.status >= 500)
          leaks.push({
            route: `${route.method.toUpperCase()} ${route.path}`,
            sent: `${request.path} ${JSON.stringify(request.body ?? '').slice(0, 120)}`,
            status: answer.status,
            body: answer.text.slice(0, 200),
          });
      }
    }
    expect(leaks).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length);
  }, 900_000);

  it('leaves B’s fair whole on B’s host', async () => {
    const events = await okOnHost<unknown>(b.base, 'GET', '/api/admin/events', { token: b.adminToken });
    expect(JSON.stringify(events)).toContain(`Fête ${MARKER}`);
    const admin = await onHost(b.base, 'GET', `/api/admin/products?eventId=${bIds[0]}`, { token: b.adminToken });
    expect(admin.text).toContain(`Limonade ${MARKER}`);
  });
});
