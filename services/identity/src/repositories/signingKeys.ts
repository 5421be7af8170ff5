import type { JWK } from 'jose';
import type { Db, Trx } from '@kermesse/kit/db';

export interface SigningKeyRow {
  kid: string;
  /** Plain, only on an install without KERMESSE_SECRET_KEY (or before its first start with one). */
  private_jwk: JWK | null;
  /** The private JWK sealed with KERMESSE_SECRET_KEY (`@kermesse/kit/secrets`). */
  private_sealed: string | null;
  public_jwk: JWK;
}

/** The newest key in use (`oldest: true`: the first one created, which every instance agrees on). */
export const findActiveKey = (db: Db, { oldest = false } = {}): Promise<SigningKeyRow | undefined> =>
  db('signing_keys')
    .whereNull('retired_at')
    .orderBy('created_at', oldest ? 'asc' : 'desc')
    .first();

/** Stores a new key, its private part plain or sealed; a second instance inserting at the same moment changes nothing. */
export async function insertKey(db: Db, key: { kid: string; privateJwk?: JWK; privateSealed?: string; publicJwk: JWK }): Promise<void> {
  await db('signing_keys')
    .insert({
      kid: key.kid,
      private_jwk: key.privateJwk ? JSON.stringify(key.privateJwk) : null,
      private_sealed: key.privateSealed ?? null,
      public_jwk: JSON.stringify(key.publicJwk),
    })
    .onConflict('kid')
    .ignore();
}

/** Every key's private part, locked for this transaction (sealing them again). */
export const lockPrivateKeys = (trx: Trx): Promise<Array<Pick<SigningKeyRow, 'kid' | 'private_jwk' | 'private_sealed'>>> =>
  trx('signing_keys').forUpdate().select('kid', 'private_jwk', 'private_sealed');

export async function storeSealedKey(trx: Trx, kid: string, sealed: string): Promise<void> {
  await trx('signing_keys').where({ kid }).update({ private_sealed: sealed, private_jwk: null });
}

/** Public keys of every key not yet retired (the JWKS). */
export async function activePublicKeys(db: Db): Promise<JWK[]> {
  const rows: Array<{ public_jwk: JWK }> = await db('signing_keys').whereNull('retired_at').select('public_jwk');
  return rows.map((r) => r.public_jwk);
}
