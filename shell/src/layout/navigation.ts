/**
 * Which links each role sees. Display only: the gateway enforces roles on every API call.
 * An admin sees every staff link, but not the host console's (docs/hosting.md).
 */
import type { Role } from '@kermesse/ui-kit';

export interface NavItem {
  label: string;
  to: string;
  /** `everyone`, `visitor` (signed-out only) or the staff roles that see it (admin always does). */
  audience: 'everyone' | 'visitor' | Role[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Accueil', to: '/', audience: 'everyone' },
  { label: 'Caisse', to: '/caisse', audience: ['cashier'] },
  { label: 'Jeton API', to: '/caisse/jeton', audience: ['cashier'] },
  { label: 'Tombola', to: '/tombola', audience: [] },
  { label: 'Loto', to: '/loto', audience: ['volunteer'] },
  // « Contrôle à l'entrée »: the pre-sold tickets checked at the gate (docs/gate.md).
  { label: 'Entrée', to: '/tombola/entree', audience: ['volunteer'] },
  { label: 'Tableau de bord', to: '/tableau-de-bord', audience: ['treasurer'] },
  { label: 'Comptabilité', to: '/comptabilite', audience: ['treasurer'] },
  { label: 'Stock', to: '/stock', audience: [] },
  { label: 'Gestion', to: '/gestion', audience: [] },
  { label: 'Équipe', to: '/equipe', audience: [] },
  { label: 'Messages', to: '/messages', audience: [] },
  { label: 'Associations hébergées', to: '/hebergement', audience: ['host'] },
  { label: 'Mon compte', to: '/profil', audience: ['treasurer', 'cashier', 'volunteer', 'host'] },
  { label: 'Connexion', to: '/connexion', audience: 'visitor' },
];

/** The links shown to someone with these roles; `null` means a signed-out visitor. */
export function navigationFor(roles: readonly Role[] | null): NavItem[] {
  return NAV_ITEMS.filter(({ audience }) => {
    if (audience === 'everyone') return true;
    if (audience === 'visitor') return roles === null;
    if (roles === null) return false;
    const hostOnly = audience.length > 0 && audience.every((role) => role === 'host');
    const adminSees = roles.includes('admin') && !hostOnly;
    return adminSees || audience.some((role) => roles.includes(role));
  });
}

/**
 * Links that fit beside the name and the tools: beyond them (a cashier, a treasurer or a volunteer has four, an
 * administrator thirteen), phones and tablets show a « Menu » button instead of lines of links above
 * every page.
 */
export const LINKS_IN_A_ROW = 3;

/** Whether these links fold behind « Menu » on phones and tablets (shell.css does it, by width). */
export function foldsOnSmallScreens(links: readonly NavItem[]): boolean {
  return links.length > LINKS_IN_A_ROW;
}

/** Links that share a wide screen's line with the name and the tools; more take a line of their own. */
export const LINKS_BESIDE_THE_NAME = 6;

/** Whether these links take a compact line of their own on a wide screen (an administrator's). */
export function takesOwnLine(links: readonly NavItem[]): boolean {
  return links.length > LINKS_BESIDE_THE_NAME;
}

/** Where to go right after signing in: the user's main tool, or home for an admin. */
export function landingPathFor(roles: readonly Role[]): string {
  if (roles.includes('host')) return '/hebergement';
  if (roles.includes('admin')) return '/';
  if (roles.includes('cashier')) return '/caisse';
  if (roles.includes('treasurer')) return '/comptabilite';
  if (roles.includes('volunteer')) return '/loto';
  return '/';
}

/** The name of the module mounted at a path (« Caisse » for /caisse), for messages about it. */
export function moduleLabelFor(path: string): string | undefined {
  return NAV_ITEMS.find((item) => item.to === path)?.label;
}
