/**
 * What each contract tells the gateway (gateway/src/routeTable.ts): its public path prefixes, the
 * staff roles allowed in each (`admin` always passes) or `public`, and a real request of docs/spec.md §7
 * under each prefix (the authorization tests are generated from it). No schema library here: the
 * gateway loads these lists and nothing else of a contract.
 */

/** Areas of docs/spec.md §6; used in logs and tests, the decision itself rests on `roles`. */
export type GatewayArea = 'cash-register' | 'admin' | 'accounting' | 'volunteer' | 'public' | 'sign-in' | 'host';

/** The roles identity's tokens carry: the staff's, and the hosting operator's `host` (docs/hosting.md). */
export type StaffRole = 'admin' | 'treasurer' | 'cashier' | 'volunteer' | 'host';

export interface PublicRoute {
  /** Path prefix, matched on whole segments (`/api/cr` matches `/api/cr` and `/api/cr/…`). */
  readonly prefix: string;
  readonly area: GatewayArea;
  /** Roles allowed (admin always passes), or `public` when the gateway checks no token. */
  readonly roles: readonly StaffRole[] | 'public';
  /** A real request of docs/spec.md §7 under this prefix. */
  readonly sample: { readonly method: string; readonly path: string };
}

export const CASHIER: readonly StaffRole[] = ['cashier', 'admin'];
export const TREASURER: readonly StaffRole[] = ['treasurer', 'admin'];
export const ADMIN: readonly StaffRole[] = ['admin'];
export const VOLUNTEER: readonly StaffRole[] = ['volunteer', 'admin'];
/** Any signed-in member of the staff. */
export const STAFF: readonly StaffRole[] = ['admin', 'treasurer', 'cashier', 'volunteer'];
/** The hosting operator, on the host console only (an association's admin does not pass). */
export const HOST: readonly StaffRole[] = ['host'];
