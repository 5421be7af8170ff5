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
import { COMMON_ERROR_CODES } from '@kermesse/contracts-common';
import { ACCOUNTING_MESSAGES } from '@kermesse/contracts-accounting';
import { BINGO_ERRORS } from '@kermesse/contracts-bingo';
import { CONTACT_ERRORS } from '@kermesse/contracts-contact';
import { IDENTITY_ERRORS } from '@kermesse/contracts-identity';
import { RAFFLE_ERRORS } from '@kermesse/contracts-raffle';
import { DRAWER_MESSAGES, MESSAGES as REGISTER_ERRORS } from '@kermesse/contracts-register';
import { STOCK_ERRORS } from '@kermesse/contracts-stock';
import { SWAPMEET_ERRORS } from '@kermesse/contracts-swapmeet';
import { WEBHOOK_ERRORS } from '@kermesse/contracts-webhooks';
import { departures, operationKey, SPEC_OPERATIONS } from './support/convention.ts';
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

/**
 * docs/api.md §1: docs/spec.md's paths keep their shapes and are never deprecated; every other path
 * follows the convention, or was written before it and is kept for compatibility, saying how it
 * departs (`deprecated` in its defineRoute, `deprecated: true` in the document). A new path that
 * answers a bare list, a `{ success, … }` envelope, a wrapped creation or snake_case names fails here.
 */
/** Each service's error codes: its domain's contract, where each has its French message. */
const DOMAIN_ERRORS: Readonly<Record<string, object>> = {
  accounting: ACCOUNTING_MESSAGES,
  bingo: BINGO_ERRORS,
  contact: CONTACT_ERRORS,
  identity: IDENTITY_ERRORS,
  raffle: RAFFLE_ERRORS,
  register: { ...REGISTER_ERRORS, ...DRAWER_MESSAGES },
  stock: STOCK_ERRORS,
  swapmeet: SWAPMEET_ERRORS,
  webhooks: WEBHOOK_ERRORS,
};

describe('error codes described', () => {
  it('names only codes its domain’s contract gives a French message, or the common ones', () => {
    const common = new Set<string>(COMMON_ERROR_CODES);
    const unknown = routes.flatMap((r) =>
      Object.entries(r.errors ?? {}).flatMap(([status, codes]) =>
        (codes ?? [])
          .filter((code) => !common.has(code) && !(code in (DOMAIN_ERRORS[r.service] ?? {})))
          .map((code) => `${name(r)}: ${status} ${code}`),
      ),
    );
    expect(unknown).toEqual([]);
  });
});

describe('the convention of the paths docs/spec.md does not fix', () => {
  it('knows every operation of docs/spec.md §7 in the registry', () => {
    const declared = new Set(routes.map(operationKey));
    expect([...SPEC_OPERATIONS].filter((key) => !declared.has(key))).toEqual([]);
  });

  it('never marks a path of docs/spec.md deprecated: they keep their shapes for good', () => {
    expect(routes.filter((r) => r.deprecated && SPEC_OPERATIONS.has(operationKey(r))).map(name)).toEqual([]);
  });

  it('marks deprecated every other path that departs from the convention, saying how', () => {
    const unmarked = routes
      .filter((r) => !PRIVATE_PATH.test(r.path) && !SPEC_OPERATIONS.has(operationKey(r)) && !r.deprecated)
      .flatMap((r) => departures(r).map((why) => `${name(r)}: ${why}`));
    expect(unmarked).toEqual([]);
  });

  it('lifts the mark once a path follows the convention', () => {
    const stale = routes.filter((r) => r.deprecated && !SPEC_OPERATIONS.has(operationKey(r)) && departures(r).length === 0).map(name);
    expect(stale).toEqual([]);
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
