/**
 * The gateway route table: every public path prefix of docs/spec.md §7 with the service that answers it
 * and the roles allowed in that area — built from the lists each domain's contract gives
 * (`contracts/<domain>/src/gateway.ts`), so a new route is declared beside its schemas.
 *
 * Matching is by whole path segments and the longest prefix wins, so `/api/cr/raffle/…` goes to the
 * raffle service while the rest of `/api/cr/…` goes to the register. Services' `/internal/*` and
 * `/.well-known/*` paths have no entry here and are therefore never reachable from outside.
 *
 * Every entry carries a sample request so the authorization matrix test is generated from this
 * table and covers a new route as soon as it is added.
 */
import { hasAnyRole, ROLES, type Role } from '@kermesse/kit/auth';
import { SERVICE_NAMES, type ServiceName } from '@kermesse/kit/http';
import { REGISTER_ROUTES } from '@kermesse/contracts-register/gateway';
import { RAFFLE_ROUTES } from '@kermesse/contracts-raffle/gateway';
import { STOCK_ROUTES } from '@kermesse/contracts-stock/gateway';
import { ACCOUNTING_ROUTES } from '@kermesse/contracts-accounting/gateway';
import { BINGO_ROUTES } from '@kermesse/contracts-bingo/gateway';
import { SWAPMEET_ROUTES } from '@kermesse/contracts-swapmeet/gateway';
import { CONTACT_ROUTES } from '@kermesse/contracts-contact/gateway';
import { IDENTITY_ROUTES } from '@kermesse/contracts-identity/gateway';
import { WEBHOOKS_ROUTES } from '@kermesse/contracts-webhooks/gateway';
import type { GatewayArea } from '@kermesse/contracts-common/gateway';

/** The services behind the gateway (the kit's one table of services and ports). */
export { SERVICE_NAMES, type ServiceName };

/** Staff roles carried by identity's tokens (from the kit). `admin` passes everywhere. */
export { ROLES, type Role };

/** Areas of docs/spec.md §6; used in logs and tests, the decision itself rests on `roles`. */
export type Area = GatewayArea;

export interface RouteEntry {
  /** Path prefix, matched on whole segments (`/api/cr` matches `/api/cr` and `/api/cr/…`). */
  readonly prefix: string;
  readonly service: ServiceName;
  readonly area: Area;
  /** Roles allowed (admin always passes), or `public` when the gateway checks no token. */
  readonly roles: readonly Role[] | 'public';
  /** A real request of docs/spec.md §7 under this prefix, used by the generated tests. */
  readonly sample: { readonly method: string; readonly path: string };
}

/** Every public prefix of the product, as each domain's contract lists it. Order does not matter: the longest prefix wins. */
export const ROUTES: readonly RouteEntry[] = (
  [
    ['register', REGISTER_ROUTES],
    ['raffle', RAFFLE_ROUTES],
    ['stock', STOCK_ROUTES],
    ['accounting', ACCOUNTING_ROUTES],
    ['bingo', BINGO_ROUTES],
    ['swapmeet', SWAPMEET_ROUTES],
    ['contact', CONTACT_ROUTES],
    ['identity', IDENTITY_ROUTES],
    ['webhooks', WEBHOOKS_ROUTES],
  ] as const
).flatMap(([service, routes]) => routes.map((route) => ({ ...route, service })));

/** A route entry prepared for matching. */
export interface CompiledRoute extends RouteEntry {
  readonly isPublic: boolean;
  readonly allowed: readonly Role[];
}

/**
 * Compiles a route table into a matcher: entries sorted longest prefix first, bucketed by their
 * first path segment so a lookup only compares a handful of strings. Returns `undefined` when no
 * entry matches.
 */
export function compileRoutes(routes: readonly RouteEntry[] = ROUTES): (path: string) => CompiledRoute | undefined {
  const buckets = new Map<string, CompiledRoute[]>();
  const sorted = [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const route of sorted) {
    if (!route.prefix.startsWith('/') || route.prefix.endsWith('/')) {
      throw new Error(`Préfixe de route invalide : ${route.prefix}`);
    }
    const compiled: CompiledRoute = {
      ...route,
      isPublic: route.roles === 'public',
      allowed: route.roles === 'public' ? [] : route.roles,
    };
    const key = firstSegment(route.prefix);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(compiled);
    else buckets.set(key, [compiled]);
  }

  return function matchRoute(path: string): CompiledRoute | undefined {
    const bucket = buckets.get(firstSegment(path));
    if (!bucket) return undefined;
    for (const route of bucket) {
      const { prefix } = route;
      if (path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47) /* / */) {
        return route;
      }
    }
    return undefined;
  };
}

function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path : path.slice(0, end);
}

/** True when a user holding `roles` may use `route` (admin passes everywhere). */
export function isAllowed(route: CompiledRoute, roles: readonly Role[]): boolean {
  return !route.isPublic && hasAnyRole(roles, route.allowed);
}
