import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Db } from '@kermesse/kit/db';
import { TOKEN_ALGORITHM } from '@kermesse/kit/auth';
import { activePublicKeys, findActiveKey, insertKey } from './repositories/signingKeys.ts';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * The Ed25519 key identity signs with. It is kept in the database so tokens stay valid across
 * restarts and several identity instances share it; the first instance to start creates it.
 */
export async function loadSigningKey(db: Db): Promise<SigningKey> {
  let row = await findActiveKey(db);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
    await insertKey(db, { kid, privateJwk: await exportJWK(privateKey), publicJwk });
    row = await findActiveKey(db, { oldest: true });
    if (!row) throw new Error('signing key missing right after it was stored');
  }
  const privateKey = (await importJWK(row.private_jwk, TOKEN_ALGORITHM)) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: row.public_jwk };
}

/** Public keys of every key not yet retired (the JWKS). */
export const publicKeys = (db: Db): Promise<JWK[]> => activePublicKeys(db);
