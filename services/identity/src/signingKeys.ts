import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Db } from '@kermesse/kit/db';
import { TOKEN_ALGORITHM } from '@kermesse/kit/auth';
import type { SecretBox } from '@kermesse/kit/secrets';
import { HOST_CONSOLE_ID, hostingEnabled, withAssociation } from '@kermesse/kit/tenancy';
import {
  activePublicKeys,
  findActiveKey,
  insertKey,
  lockPrivateKeys,
  storeSealedKey,
  type SigningKeyRow,
} from './repositories/signingKeys.ts';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * The Ed25519 key identity signs with. It is kept in the database so tokens stay valid across
 * restarts and several identity instances share it; the first instance to start creates it.
 *
 * With a secret box (KERMESSE_SECRET_KEY, docs/deploy.md) its private part is stored sealed, never
 * plain: at start every key still plain (an install from before) or sealed under a previous secret key
 * is sealed again under the current one — same keys, same `kid`, so the tokens already issued stay valid.
 */
export function loadSigningKey(db: Db, secrets?: SecretBox): Promise<SigningKey> {
  return inKeyRing(() => loadKey(db, secrets));
}

/**
 * One key signs for every association of a host (one JWKS for the gateway and the services; the
 * token's `aid` says whose it is): with hosting its rows are the host console's. A single install
 * keeps them in its one association, as before.
 */
const inKeyRing = <T>(work: () => PromiseLike<T>): Promise<T> =>
  hostingEnabled() ? withAssociation(HOST_CONSOLE_ID, async () => await work()) : Promise.resolve(work());

async function loadKey(db: Db, secrets?: SecretBox): Promise<SigningKey> {
  if (secrets) await sealStoredKeys(db, secrets);
  let row = await findActiveKey(db);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    await insertKey(
      db,
      secrets ? { kid, privateSealed: secrets.seal(JSON.stringify(privateJwk)), publicJwk } : { kid, privateJwk, publicJwk },
    );
    row = await findActiveKey(db, { oldest: true });
    if (!row) throw new Error('signing key missing right after it was stored');
  }
  const privateKey = (await importJWK(privateJwkOf(row, secrets), TOKEN_ALGORITHM)) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: row.public_jwk };
}

function privateJwkOf(row: SigningKeyRow, secrets: SecretBox | undefined): JWK {
  if (row.private_sealed) {
    if (!secrets) {
      throw new Error(
        'Les clés de signature sont chiffrées : KERMESSE_SECRET_KEY (ou KERMESSE_SECRET_KEY_FILE) doit être donnée (docs/deploy.md).',
      );
    }
    return JSON.parse(secrets.open(row.private_sealed)) as JWK;
  }
  if (!row.private_jwk) throw new Error(`signing key ${row.kid} has no private part`);
  return row.private_jwk;
}

/** Seals the plain keys, and those sealed under a previous secret key, under the current one. */
async function sealStoredKeys(db: Db, secrets: SecretBox): Promise<void> {
  await db.transaction(async (trx) => {
    for (const row of await lockPrivateKeys(trx)) {
      if (row.private_sealed && secrets.isCurrent(row.private_sealed) && !row.private_jwk) continue;
      const plain = row.private_sealed ? secrets.open(row.private_sealed) : JSON.stringify(row.private_jwk);
      await storeSealedKey(trx, row.kid, secrets.seal(plain));
    }
  });
}

/** Public keys of every key not yet retired (the JWKS). */
export const publicKeys = (db: Db): Promise<JWK[]> => inKeyRing(() => activePublicKeys(db));
