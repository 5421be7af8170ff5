/** Staff roles (ARCHITECTURE §3): a person holds a set of them (an admin gives a volunteer `cashier`). */
export const STAFF_ROLE_NAMES = ['admin', 'treasurer', 'cashier', 'volunteer'] as const;
/** Every role, the hosting operator's `host` included (docs/hosting.md): never given from « Équipe ». */
export const ROLE_NAMES = [...STAFF_ROLE_NAMES, 'host'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];
export type RoleName = (typeof ROLE_NAMES)[number];

/** French labels of the roles, as the « Équipe » page shows them. */
export const ROLE_LABELS: Record<RoleName, string> = {
  admin: 'Administrateur',
  treasurer: 'Trésorier',
  cashier: 'Caissier',
  volunteer: 'Bénévole',
  host: 'Hébergeur',
};

export const isStaffRole = (role: string): role is StaffRoleName => (STAFF_ROLE_NAMES as readonly string[]).includes(role);
