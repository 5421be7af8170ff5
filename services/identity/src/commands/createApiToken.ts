import { randomUUID } from 'node:crypto';
import { rolesAbove, type CreatedApiTokenAnswer, type NewApiTokenBody } from '@kermesse/contracts-identity';
import type { AuthUser } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { signAccessToken } from '../accessTokens.ts';
import { apiTokenRolesAboveOwn } from '../errors.ts';
import { presentApiToken } from '../presenters/apiToken.ts';
import { findApiToken, insertApiToken } from '../repositories/apiTokens.ts';
import { insertToken } from '../repositories/tokens.ts';
import type { SigningKey } from '../signingKeys.ts';

/**
 * A tool's token (docs/api-tokens.md): a token like a person's, recorded in `tokens` under the
 * administrator who made it (so disabling them, or taking roles from them, revokes it too), with the
 * roles chosen — never above the creator's own — and the expiry chosen. The JWT is answered this once.
 */
export async function createApiToken(db: Db, key: SigningKey, creator: AuthUser, body: NewApiTokenBody): Promise<CreatedApiTokenAnswer> {
  const roles = [...new Set(body.roles)];
  const above = rolesAbove(roles, creator.roles);
  if (above.length) throw apiTokenRolesAboveOwn(above);
  const jti = randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + body.expiresInDays * 86_400;
  const row = await db.transaction(async (trx) => {
    await insertToken(trx, { jti, userId: creator.id, expiresAt: new Date(exp * 1000) });
    await insertApiToken(trx, { jti, name: body.name.trim(), roles, createdBy: creator.id });
    return findApiToken(trx, jti);
  });
  const token = await signAccessToken(key, { jti, sub: creator.id, email: creator.email, roles, iat, exp });
  return { ...presentApiToken(row!), token };
}
