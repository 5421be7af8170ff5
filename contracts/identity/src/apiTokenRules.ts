/** The rules and labels of tools' tokens (docs/api-tokens.md), without schemas: the screens use them too. */
import type { RoleName } from './roles.ts';

/** The longest a tool's token may live: a year, so a forgotten one does not work for ever. */
export const API_TOKEN_MAX_DAYS = 365;

export type ApiTokenState = 'active' | 'expired' | 'revoked';

export const API_TOKEN_STATE_LABELS: Record<ApiTokenState, string> = { active: 'Actif', expired: 'Expiré', revoked: 'Révoqué' };

/** An administrator grants any role; anyone else only roles they hold (never above their own). Answers the roles refused. */
export function rolesAbove(requested: readonly RoleName[], own: readonly string[]): RoleName[] {
  if (own.includes('admin')) return [];
  return requested.filter((role) => !own.includes(role));
}
