import type { ApiTokenAnswer, ApiTokenState, RoleName } from '@kermesse/contracts-identity';
import type { ApiTokenRow } from '../repositories/apiTokens.ts';

const stateOf = (row: ApiTokenRow, now: number): ApiTokenState =>
  row.revoked_at ? 'revoked' : new Date(row.expires_at).getTime() <= now ? 'expired' : 'active';

export const presentApiToken = (row: ApiTokenRow, now = Date.now()): ApiTokenAnswer => ({
  id: row.jti,
  name: row.name,
  roles: row.roles as RoleName[],
  createdBy: row.created_by_email,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  state: stateOf(row, now),
});
