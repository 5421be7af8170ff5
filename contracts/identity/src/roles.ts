/** Staff roles (ARCHITECTURE §3): a person holds a set of them (an admin gives a volunteer `cashier`). */
export const ROLE_NAMES = ['admin', 'treasurer', 'cashier', 'volunteer'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** French labels of the roles, as the « Équipe » page shows them. */
export const ROLE_LABELS: Record<RoleName, string> = {
  admin: 'Administrateur',
  treasurer: 'Trésorier',
  cashier: 'Caissier',
  volunteer: 'Bénévole',
};
