/**
 * The gateway route table: the one place that maps every public path prefix of SPEC.md §7 to the
 * service that answers it and to the roles allowed in that area.
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

/** The services behind the gateway (the kit's one table of services and ports). */
export { SERVICE_NAMES, type ServiceName };

/** Staff roles carried by identity's tokens (from the kit). `admin` passes everywhere. */
export { ROLES, type Role };

/** Areas of SPEC.md §6; used in logs and tests, the decision itself rests on `roles`. */
export type Area = 'cash-register' | 'admin' | 'accounting' | 'volunteer' | 'public' | 'sign-in';

export interface RouteEntry {
  /** Path prefix, matched on whole segments (`/api/cr` matches `/api/cr` and `/api/cr/…`). */
  readonly prefix: string;
  readonly service: ServiceName;
  readonly area: Area;
  /** Roles allowed (admin always passes), or `public` when the gateway checks no token. */
  readonly roles: readonly Role[] | 'public';
  /** A real request of SPEC.md §7 under this prefix, used by the generated tests. */
  readonly sample: { readonly method: string; readonly path: string };
}

const CASHIER: readonly Role[] = ['cashier', 'admin'];
const TREASURER: readonly Role[] = ['treasurer', 'admin'];
const ADMIN: readonly Role[] = ['admin'];
const VOLUNTEER: readonly Role[] = ['volunteer', 'admin'];

/** Every public prefix of the product. Order does not matter: the longest prefix wins. */
export const ROUTES: readonly RouteEntry[] = [
  // Cash register (SPEC §7 "Cash register"); a few of its paths belong to other services.
  { prefix: '/api/cr', service: 'register', area: 'cash-register', roles: CASHIER, sample: { method: 'GET', path: '/api/cr/events' } },
  {
    prefix: '/api/cr/raffle',
    service: 'raffle',
    area: 'cash-register',
    roles: CASHIER,
    sample: { method: 'GET', path: '/api/cr/raffle/1/tickets/sold' },
  },
  {
    prefix: '/api/cr/gift-basket',
    service: 'raffle',
    area: 'cash-register',
    roles: CASHIER,
    sample: { method: 'GET', path: '/api/cr/gift-basket/1/votes/sold' },
  },
  {
    prefix: '/api/cr/stocks',
    service: 'stock',
    area: 'cash-register',
    roles: CASHIER,
    sample: { method: 'GET', path: '/api/cr/stocks/1/stocks/state?cache=1' },
  },

  // Accountancy.
  {
    prefix: '/api/admin/accountancy',
    service: 'accounting',
    area: 'accounting',
    roles: TREASURER,
    sample: { method: 'GET', path: '/api/admin/accountancy/trial-balance' },
  },
  {
    prefix: '/api/trials/import',
    service: 'accounting',
    area: 'accounting',
    roles: TREASURER,
    sample: { method: 'POST', path: '/api/trials/import/1' },
  },

  // Raffle and gift baskets (administration).
  { prefix: '/api/admin/raffle', service: 'raffle', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/raffle/1' } },
  {
    prefix: '/api/admin/raffles',
    service: 'raffle',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/raffles/1/prizes' },
  },
  { prefix: '/api/admin/prizes', service: 'raffle', area: 'admin', roles: ADMIN, sample: { method: 'PUT', path: '/api/admin/prizes/1' } },
  {
    prefix: '/api/admin/gift-basket',
    service: 'raffle',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/gift-basket/1/weigh/result' },
  },

  // Register administration (checkout ↔ product links).
  {
    prefix: '/api/admin/checkout',
    service: 'register',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/checkout/1/products' },
  },
  // Register back office (issue 10): events, registers, categories, products, meal deal, card readers.
  { prefix: '/api/admin/events', service: 'register', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/events' } },
  {
    prefix: '/api/admin/categories',
    service: 'register',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/categories?eventId=1' },
  },
  {
    prefix: '/api/admin/products',
    service: 'register',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/products?eventId=1' },
  },
  {
    prefix: '/api/admin/card-readers',
    service: 'register',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/card-readers' },
  },
  // Who holds the « responsable de caisse » right (refunds, issue 14).
  {
    prefix: '/api/admin/till-managers',
    service: 'register',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/till-managers' },
  },
  // The live dashboard of a fair (issue 14): the treasurer follows the takings too.
  {
    prefix: '/api/admin/dashboard',
    service: 'register',
    area: 'admin',
    roles: TREASURER,
    sample: { method: 'GET', path: '/api/admin/dashboard/1' },
  },
  // The sales journal check (issue 14): recomputes the HMAC chain, admin only.
  {
    prefix: '/api/admin/journal',
    service: 'register',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/journal/verify' },
  },

  // Bingo.
  {
    prefix: '/admin/bingo',
    service: 'bingo',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/admin/bingo/prize/api/prizes?bingoId=1' },
  },
  {
    prefix: '/admin-bingo',
    service: 'bingo',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/admin-bingo/api/bingo/1/placement' },
  },
  {
    prefix: '/api/volunteer',
    service: 'bingo',
    area: 'volunteer',
    roles: VOLUNTEER,
    sample: { method: 'GET', path: '/api/volunteer/bingo/1/placement' },
  },

  // Stock and swap-meet.
  { prefix: '/api/stocks', service: 'stock', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/stocks/' } },
  {
    prefix: '/api/swapmeet',
    service: 'swapmeet',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/swapmeet/api/bookings?swapmeet_id=1&limit=100' },
  },

  // Public.
  {
    prefix: '/api/public',
    service: 'raffle',
    area: 'public',
    roles: 'public',
    sample: { method: 'GET', path: '/api/public/raffle/drawing/results' },
  },
  // The loto board shown on the projector (/loto/{id}/tableau), read-only.
  {
    prefix: '/api/public/bingo',
    service: 'bingo',
    area: 'public',
    roles: 'public',
    sample: { method: 'GET', path: '/api/public/bingo/1/tableau' },
  },
  {
    prefix: '/api/partner',
    service: 'contact',
    area: 'public',
    roles: 'public',
    sample: { method: 'POST', path: '/api/partner/sendByEmail' },
  },
  // Register: product pictures, their fallback, and the buyer's receipt page (SPEC §2).
  { prefix: '/up', service: 'register', area: 'public', roles: 'public', sample: { method: 'GET', path: '/up/hot-dog.svg' } },
  { prefix: '/icon', service: 'register', area: 'public', roles: 'public', sample: { method: 'GET', path: '/icon/product404.png' } },
  { prefix: '/s', service: 'register', area: 'public', roles: 'public', sample: { method: 'GET', path: '/s/K7M2Q-9XR4T' } },
  // Raffle prize illustrations (SPEC §2: /up-prizes/{illustration}).
  { prefix: '/up-prizes', service: 'raffle', area: 'public', roles: 'public', sample: { method: 'GET', path: '/up-prizes/demo-velo.png' } },

  // Sign-in, API tokens and passkeys: identity checks these itself (credentials, session, token).
  { prefix: '/api/login', service: 'identity', area: 'sign-in', roles: 'public', sample: { method: 'POST', path: '/api/login' } },
  { prefix: '/api/token', service: 'identity', area: 'sign-in', roles: 'public', sample: { method: 'POST', path: '/api/token/release' } },
  { prefix: '/login', service: 'identity', area: 'sign-in', roles: 'public', sample: { method: 'POST', path: '/login/options' } },
  {
    prefix: '/profile/security',
    service: 'identity',
    area: 'sign-in',
    roles: 'public',
    sample: { method: 'POST', path: '/profile/security/devices/add/options' },
  },
  // An admin starts a passkey on behalf of a person, whose own device (holding only a one-time link,
  // no admin token) finishes it: identity checks the admin role or the link itself.
  {
    prefix: '/admin/security',
    service: 'identity',
    area: 'sign-in',
    roles: 'public',
    sample: { method: 'POST', path: '/admin/security/user/1/devices/add/options' },
  },
  // Staff accounts (« Équipe »), the person's own profile, one-time links and the first run (issue 11).
  { prefix: '/api/admin/users', service: 'identity', area: 'admin', roles: ADMIN, sample: { method: 'GET', path: '/api/admin/users' } },
  { prefix: '/api/profile', service: 'identity', area: 'sign-in', roles: ROLES, sample: { method: 'GET', path: '/api/profile' } },
  {
    prefix: '/api/links',
    service: 'identity',
    area: 'sign-in',
    roles: 'public',
    sample: { method: 'GET', path: '/api/links/abcdefghijklmnopqrstuvwxyz' },
  },
  { prefix: '/api/setup', service: 'identity', area: 'sign-in', roles: 'public', sample: { method: 'GET', path: '/api/setup' } },
  // The public contact form and the admins' inbox of partner requests and messages.
  { prefix: '/api/contact', service: 'contact', area: 'public', roles: 'public', sample: { method: 'POST', path: '/api/contact' } },
  {
    prefix: '/api/admin/contact',
    service: 'contact',
    area: 'admin',
    roles: ADMIN,
    sample: { method: 'GET', path: '/api/admin/contact/inbox' },
  },
];

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
