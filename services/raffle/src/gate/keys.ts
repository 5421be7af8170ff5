/**
 * Each association's gate key (docs/gate.md §2): an Ed25519 pair made the first time the association
 * issues a pass. The private key signs the passes' codes and never leaves the service (sealed with
 * KERMESSE_SECRET_KEY when one is configured); the public key goes to the gate phones, which verify
 * offline. Kept in memory per association once read.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import { isSealed, secretBoxFromEnv, type SecretBox } from '@kermesse/kit/secrets';
import { requireAssociation } from '@kermesse/kit/tenancy';
import { gateSignedPart, toBase64Url, type GatePayload } from '@kermesse/contracts-raffle';

export interface GateKey {
  /** Raw 32 bytes, base64url. */
  publicKey: string;
  privateKey: KeyObject;
}

const cache = new Map<string, GateKey>();
let box: SecretBox | undefined | null = null;
const secrets = (): SecretBox | undefined => (box === null ? (box = secretBoxFromEnv()) : box);

function fromRow(row: { public_key: string; private_key: string }): GateKey {
  const box = secrets();
  const pkcs8 = isSealed(row.private_key) && box ? box.open(row.private_key) : row.private_key;
  return { publicKey: row.public_key, privateKey: createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' }) };
}

/** The current association's key, made (once, whatever runs at the same time) when it has none. */
export async function gateKey(db: Db): Promise<GateKey> {
  const association = requireAssociation('gateKey');
  const known = cache.get(association);
  if (known) return known;
  let row: { public_key: string; private_key: string } | undefined = await db('gate_keys').first('public_key', 'private_key');
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    // The raw public key is the last 32 bytes of its SPKI encoding.
    const publicKey = toBase64Url(new Uint8Array(pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)));
    const pkcs8 = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const box = secrets();
    await db('gate_keys')
      .insert({ public_key: publicKey, private_key: box ? box.seal(pkcs8) : pkcs8 })
      .onConflict('association_id')
      .ignore();
    // Another replica may have made one first: the stored row is the one.
    row = await db('gate_keys').first('public_key', 'private_key');
  }
  const key = fromRow(row!);
  cache.set(association, key);
  return key;
}

/** The signed code of a pass: `KRM1.<payload>.<signature>` (contracts-raffle gate.ts). */
export function signGateCode(key: GateKey, payload: GatePayload): string {
  const signedPart = gateSignedPart(payload);
  return `${signedPart}.${toBase64Url(new Uint8Array(sign(null, Buffer.from(signedPart, 'ascii'), key.privateKey)))}`;
}
