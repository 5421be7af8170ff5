import '../events.ts';
import type { ApiTokenAnswer } from '@kermesse/contracts-identity';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { apiTokenNotFound } from '../errors.ts';
import { presentApiToken } from '../presenters/apiToken.ts';
import { findApiToken } from '../repositories/apiTokens.ts';
import { revokeToken } from '../repositories/tokens.ts';

/**
 * Revokes a tool's token: identity refuses it from now on, and `user.tokens.revoked` makes every
 * gateway replica drop its cached « not revoked » answer at once (the gateway that proxied the
 * revocation forgets it by itself too). Revoking it again changes nothing.
 */
export async function revokeApiToken(db: Db, jti: string): Promise<ApiTokenAnswer> {
  return db.transaction(async (trx) => {
    const token = await findApiToken(trx, jti);
    if (!token) throw apiTokenNotFound();
    if (!token.revoked_at) {
      await revokeToken(trx, jti);
      await recordEvent(trx, 'identity', 'user.tokens.revoked', { userId: token.created_by, reason: 'api-token' });
    }
    return presentApiToken((await findApiToken(trx, jti))!);
  });
}
