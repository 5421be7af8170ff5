/**
 * The till's Ed25519 key pair (docs/compliance/conditions.md §2): it signs every closing and every
 * archive, so a copy can be checked with the public key alone, without the server. Made once, at the
 * first start; the private key is kept sealed with KERMESSE_SECRET_KEY (`@kermesse/kit/secrets`), the
 * public key is published at `GET /api/public/till/public-key`.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { Db, Trx } from '@kermesse/kit/db';
import type { SecretBox } from '@kermesse/kit/secrets';
import { readJournalKey } from '../env.ts';

/** Signs with the till's private key; tells its public key. */
export interface TillSigner {
  keyId: string;
  publicKeyPem: string;
  createdAt: Date;
  /** Ed25519 signature of the UTF-8 text, base64. */
  sign(text: string): string;
}

/** Without KERMESSE_SECRET_KEY (a development checkout, a test) the private key is kept as is, marked so. */
const PLAIN = 'plain:';

/** The key's id: the start of the SHA-256 of its public key (SPKI, DER), as printed beside it. */
export function publicKeyId(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

/** Whether `signature` (base64) is the Ed25519 signature of `text` by the holder of `publicKeyPem`. */
export function verifySignature(publicKeyPem: string, text: string | Buffer, signature: string): boolean {
  try {
    return verify(
      null,
      typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
      createPublicKey(publicKeyPem),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

let warned = false;

/** The till's signer, its key pair made and stored on the first call (two replicas agree on one). */
export async function loadTillSigner(db: Db | Trx, secrets: SecretBox | undefined): Promise<TillSigner> {
  let row: { key_id: string; public_key: string; private_key: string; created_at: Date } | undefined = await db('till_signing_key')
    .where({ id: 1 })
    .first();
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await db('till_signing_key')
      .insert({
        id: 1,
        key_id: publicKeyId(publicKeyPem),
        public_key: publicKeyPem,
        private_key: secrets ? secrets.seal(privatePem) : PLAIN + privatePem,
      })
      .onConflict(['association_id', 'id'])
      .ignore();
    row = await db('till_signing_key').where({ id: 1 }).first();
  }
  const stored = row!;
  if (stored.private_key.startsWith(PLAIN) && readJournalKey().production && !warned) {
    warned = true;
    process.stderr.write('[register] WARNING: KERMESSE_SECRET_KEY is not set: the till signing key is stored unencrypted.\n');
  }
  const privatePem = stored.private_key.startsWith(PLAIN)
    ? stored.private_key.slice(PLAIN.length)
    : (secrets ?? failNoSecret()).open(stored.private_key);
  const privateKey = createPrivateKey(privatePem);
  return {
    keyId: stored.key_id,
    publicKeyPem: stored.public_key,
    createdAt: new Date(stored.created_at),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

function failNoSecret(): never {
  throw new Error('La clé de signature de la caisse est chiffrée : donnez KERMESSE_SECRET_KEY (docs/deploy.md).');
}

/** The public key alone, for the public route (no private key opened). */
export async function readPublicKey(db: Db): Promise<{ keyId: string; publicKeyPem: string; createdAt: Date } | undefined> {
  const row = await db('till_signing_key').where({ id: 1 }).first('key_id', 'public_key', 'created_at');
  return row ? { keyId: row.key_id, publicKeyPem: row.public_key, createdAt: new Date(row.created_at) } : undefined;
}
