/**
 * The API's description kept true (docs/api.md §2): docs/openapi.json is what the route registry
 * declares today, every public operation says in French what it does, and every route is reachable
 * through a gateway prefix whose roles let the route's own roles in — the roles a route names in its
 * service and the gateway's areas (contracts' gateway.ts) cannot drift apart unseen.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PATH } from '@kermesse/kit/http';
import { compileRoutes } from '@kermesse/gateway/routes';
import { OPENAPI_FILE, OPENAPI_TYPES_FILE, openApiText, openApiTypes, registryRoutes } from './support/openapi.ts';
import type { ServiceRoute } from './support/routes.ts';

let routes: ServiceRoute[];
let generated: string;

beforeAll(async () => {
  routes = await registryRoutes();
  generated = await openApiText();
});

const name = (route: ServiceRoute) => `${route.method.toUpperCase()} ${route.path} (${route.service})`;

describe('docs/openapi.json', () => {
  it('is what the route registry declares (run `npm run openapi` after changing a route)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(generated);
  });

  it('gives the remotes the types generated from it (contracts/common/src/openapi.d.ts)', async () => {
    expect(readFileSync(OPENAPI_TYPES_FILE, 'utf8')).toBe(await openApiTypes(generated));
  });

  it('gives every public operation a French summary', () => {
    const missing = routes.filter((r) => !PRIVATE_PATH.test(r.path) && !r.summary?.trim()).map(name);
    expect(missing).toEqual([]);
  });
});

/**
 * Routes whose answer is not described yet: this list may only shrink. A new route declares the
 * schema of its success answer from the start (`responses`, or `{}` for a file or a page).
 */
const ANSWERS_TO_DESCRIBE = [
  'GET /.well-known/jwks.json',
  'POST /login/options',
  'POST /login',
  'POST /profile/security/devices/add/options',
  'POST /profile/security/devices/add',
  'POST /admin/security/user/:user_id/devices/add/options',
  'POST /admin/security/user/:user_id/devices/add',
  'GET /internal/events/:eventId',
  'GET /api/cr/settings',
  'GET /api/cr/payment/transaction/:id/status',
  'POST /internal/claims/',
  'POST /internal/claims/:claimId/confirm',
  'DELETE /internal/claims/:claimId',
  'GET /api/admin/raffles/featured',
  'PUT /api/admin/raffles/featured',
  'GET /api/public/raffle/featured',
  'GET /api/public/raffle/drawing/results',
  'GET /api/public/raffle/:id/drawing/proof',
  'GET /api/admin/gift-basket/',
  'GET /api/admin/gift-basket/:id/weigh/result',
  'GET /api/public/raffle/presale',
  'POST /internal/cartons/claims/:claimId/confirm',
  'DELETE /internal/cartons/claims/:claimId',
  'GET /api/admin/accountancy/bilan-des-comptes/:year',
  'GET /api/admin/accountancy/bilan-disponibilite/:year',
  'GET /api/admin/accountancy/previsionnel/:financialYear',
  'GET /api/admin/webhooks',
  'POST /api/admin/webhooks',
  'DELETE /api/admin/webhooks/:id',
  'GET /api/admin/webhooks/:id/deliveries',
  'POST /api/admin/webhooks/deliveries/:id/resend',
  'GET /api/public/till/public-key',
  'GET /api/admin/compliance/closings',
  'POST /api/admin/compliance/closings',
  'GET /api/admin/compliance/archives',
  'POST /api/admin/compliance/archives',
  'GET /api/admin/compliance/archives/:archiveId',
  'POST /api/admin/compliance/archives/:archiveId/verify',
  'GET /api/admin/compliance/event-log',
  'GET /api/admin/compliance/profile',
  'PUT /api/admin/compliance/profile',
  'GET /api/admin/compliance',
  'POST /api/admin/accountancy/membership-types',
  'GET /api/admin/accountancy/members',
  'POST /api/admin/accountancy/members',
  'POST /api/admin/accountancy/people/:personId/renewal',
  'GET /api/admin/accountancy/people/:personId/export',
  'DELETE /api/admin/accountancy/people/:personId',
  'POST /api/admin/accountancy/donations/import',
];

describe('answers described', () => {
  it('gives every route the schema of its success answer (docs/api.md §3)', () => {
    const missing = routes
      .filter((r) => !r.responses || (Object.keys(r.responses).length > 0 && !r.responses[r.status]))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .filter((route) => !ANSWERS_TO_DESCRIBE.includes(route));
    expect(missing).toEqual([]);
  });
});

describe('gateway and registry', () => {
  const matchRoute = compileRoutes();

  it('routes every public path of the registry to the service that declares it', () => {
    const wrong = routes
      .filter((r) => !PRIVATE_PATH.test(r.path))
      .filter((r) => matchRoute(r.path.replace(/:[A-Za-z0-9_]+/g, '1'))?.service !== r.service)
      .map(name);
    expect(wrong).toEqual([]);
  });

  it('lets through the gateway every role a route accepts', () => {
    const refused = routes
      .filter((r) => !PRIVATE_PATH.test(r.path) && r.roles)
      .flatMap((r) => {
        const entry = matchRoute(r.path.replace(/:[A-Za-z0-9_]+/g, '1'));
        if (!entry || entry.isPublic) return [];
        return r
          .roles!.filter((role) => role !== 'admin' && !entry.allowed.includes(role))
          .map((role) => `${name(r)}: ${role} refusé par ${entry.prefix}`);
      });
    expect(refused).toEqual([]);
  });

  it('keeps a route without roles behind a public prefix, unless the route checks the token itself', () => {
    const hidden = routes
      .filter((r) => !PRIVATE_PATH.test(r.path) && !r.roles)
      .filter((r) => {
        const entry = matchRoute(r.path.replace(/:[A-Za-z0-9_]+/g, '1'));
        return entry && !entry.isPublic;
      })
      .map(name);
    expect(hidden).toEqual([]);
  });
});
