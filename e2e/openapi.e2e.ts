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

describe('answers described', () => {
  it('gives every route the schema of its success answer, or `{}` when it answers no JSON (docs/api.md §3)', () => {
    const missing = routes
      .filter((r) => !r.responses || (Object.keys(r.responses).length > 0 && !r.responses[r.status]))
      .map((r) => `${r.method.toUpperCase()} ${r.path} (${r.service})`);
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
