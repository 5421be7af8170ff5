/** Staff roles (ARCHITECTURE §3). `admin` may do everything. */
export const ROLES = ['admin', 'treasurer', 'cashier', 'volunteer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** True when a user holding `userRoles` may enter an area open to `allowed`. */
export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  return userRoles.includes('admin') || userRoles.some((r) => allowed.includes(r));
}
