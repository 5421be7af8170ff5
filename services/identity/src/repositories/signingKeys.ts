import type { JWK } from 'jose';
import type { Db } from '@kermesse/kit/db';

export interface SigningKeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
}

/** The newest key in use (`oldest: true`: the first one created, which every instance agrees on). */
export const findActiveKey = (db: Db, { oldest = false } = {}): Promise<SigningKeyRow | undefined> =>
  db('signing_keys')
    .whereNull('retired_at')
    .orderBy('created_at', oldest ? 'asc' : 'desc')
    .first();

/** Stores a new key; a second instance inserting at the same moment changes nothing. */
export async function insertKey(db: Db, key: { kid: string; privateJwk: JWK; publicJwk: JWK }): Promise<void> {
  await db('signing_keys')
    .insert({ kid: key.kid, private_jwk: JSON.stringify(key.privateJwk), public_jwk: JSON.stringify(key.publicJwk) })
    .onConflict('kid')
    .ignore();
}

/** Public keys of every key not yet retired (the JWKS). */
export async function activePublicKeys(db: Db): Promise<JWK[]> {
  const rows: Array<{ public_jwk: JWK }> = await db('signing_keys').whereNull('retired_at').select('public_jwk');
  return rows.map((r) => r.public_jwk);
}
