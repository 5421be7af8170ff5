import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TYPE, type Role } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { requireAssociation } from '@kermesse/kit/tenancy';
import { insertToken } from './repositories/tokens.ts';
import type { SigningKey } from './signingKeys.ts';

/** A working day at the fair: a cashier's token lasts 12 hours. */
export const TOKEN_LIFETIME_SECONDS = 12 * 3600;

/** Signs an access token and records its id so it can be released (revoked) later. */
export async function issueAccessToken(db: Db, key: SigningKey, user: { id: string; email: string; roles: Role[] }): Promise<string> {
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const exp = now + TOKEN_LIFETIME_SECONDS;
  await insertToken(db, { jti, userId: user.id, expiresAt: new Date(exp * 1000) });
  return signAccessToken(key, { jti, sub: user.id, email: user.email, roles: user.roles, iat: now, exp });
}

/**
 * The JWT of a token already recorded in `tokens` (a person's, or a tool's: docs/api-tokens.md). It
 * names its association (`aid`, the one it was signed in on): a token is good on that association's
 * host only (docs/hosting.md).
 */
export function signAccessToken(
  key: SigningKey,
  claims: { jti: string; sub: string; email: string; roles: readonly Role[]; iat: number; exp: number },
): Promise<string> {
  return new SignJWT({ email: claims.email, roles: [...claims.roles], aid: requireAssociation('signing a token') })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: TOKEN_TYPE, kid: key.kid })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(key.privateKey);
}
