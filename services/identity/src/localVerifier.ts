import { createLocalJWKSet } from 'jose';
import { verifyAccessToken, type TokenVerifier } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { unauthorized } from '@kermesse/kit/http';
import { findToken } from './repositories/tokens.ts';
import { publicKeys } from './signingKeys.ts';

/**
 * Identity checks the tokens sent to its own routes against its own tables, without a cache: a
 * released token or a disabled account is refused on the very next call.
 */
export async function localVerifier(db: Db): Promise<TokenVerifier> {
  const keySet = createLocalJWKSet({ keys: await publicKeys(db) });
  return {
    async verify(token) {
      const user = await verifyAccessToken(token, keySet);
      const row = await findToken(db, user.jti);
      if (!row || row.revoked_at !== null) throw unauthorized('Ce jeton a été révoqué.');
      return user;
    },
    forget() {},
    peek() {
      return undefined;
    },
  };
}
