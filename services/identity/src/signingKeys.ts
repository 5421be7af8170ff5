import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Db } from '@kermesse/kit';
import { TOKEN_ALGORITHM } from '@kermesse/kit';

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
  let row = await db('signing_keys').whereNull('retired_at').orderBy('created_at', 'desc').first();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
    await db('signing_keys')
      .insert({ kid, private_jwk: JSON.stringify(await exportJWK(privateKey)), public_jwk: JSON.stringify(publicJwk) })
      .onConflict('kid').ignore();
    row = await db('signing_keys').whereNull('retired_at').orderBy('created_at', 'asc').first();
  }
  const privateKey = (await importJWK(row.private_jwk as JWK, TOKEN_ALGORITHM)) as CryptoKey;
  return { kid: row.kid as string, privateKey, publicJwk: row.public_jwk as JWK };
}

/** Public keys of every key not yet retired (the JWKS). */
export async function publicKeys(db: Db): Promise<JWK[]> {
  const rows = await db('signing_keys').whereNull('retired_at').select('public_jwk');
  return rows.map((r: { public_jwk: JWK }) => r.public_jwk);
}
