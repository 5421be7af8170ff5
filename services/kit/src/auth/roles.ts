/**
 * Roles (ARCHITECTURE §3). The four staff roles belong to an association, and `admin` may do
 * everything there. `host` is the hosting operator's (docs/hosting.md): it opens the host console
 * only, and an association's admin does not hold it.
 */
export const ROLES = ['admin', 'treasurer', 'cashier', 'volunteer', 'host'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an association's own people hold (what an admin may give). */
export const STAFF_ROLES = ['admin', 'treasurer', 'cashier', 'volunteer'] as const satisfies readonly Role[];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** True when a user holding `userRoles` may enter an area open to `allowed` (`admin` passes, except the host's areas). */
export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  return (userRoles.includes('admin') && allowed.some((r) => r !== 'host')) || userRoles.some((r) => allowed.includes(r));
}
