/**
 * `@kermesse/kit/secrets`: secrets kept in a database encrypted at rest (the token signing keys, the
 * sales journal's key), so a database dump or backup alone gives neither.
 *
 * The key comes from the environment: `KERMESSE_SECRET_KEY` (32 bytes as 64 hex characters or base64),
 * or `KERMESSE_SECRET_KEY_FILE` naming a file that holds it (the embedded install writes
 * `<KERMESSE_DATA_DIR>/secret-key` on its first start). A value is sealed with AES-256-GCM:
 * `kms1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), the key id being the start of the key's
 * SHA-256, so a value sealed under a former key (`KERMESSE_SECRET_KEY_PREVIOUS`, comma-separated) is
 * still opened and re-sealed under the current one — the rotation described in docs/deploy.md.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PREFIX = 'kms1';

export interface SecretBox {
  /** The current key's id (first 8 hex characters of its SHA-256). */
  readonly keyId: string;
  seal(plain: string): string;
  /** Opens a value sealed under the current key or a previous one; throws in French otherwise. */
  open(sealed: string): string;
  /** Whether `sealed` was sealed under the current key (else it should be sealed again). */
  isCurrent(sealed: string): boolean;
}

/** Whether a stored value is a sealed one (rather than a plain one left from before encryption). */
export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(`${PREFIX}.`);

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** 64 hex characters or base64 of 32 bytes; throws naming the variable. */
export function parseSecretKey(raw: string, name = 'KERMESSE_SECRET_KEY'): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(text) && key.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, ''))) {
    throw new Error(`${name} doit contenir 32 octets : 64 caractères hexadécimaux ou leur base64 (openssl rand -hex 32)`);
  }
  return key;
}

/**
 * The secret box of this process from its environment, or undefined when no key is configured (a
 * development checkout or a test: secrets then stay as they are stored).
 */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv = process.env): SecretBox | undefined {
  let raw = env.KERMESSE_SECRET_KEY?.trim();
  if (!raw && env.KERMESSE_SECRET_KEY_FILE) {
    try {
      raw = readFileSync(env.KERMESSE_SECRET_KEY_FILE, 'utf8').trim();
    } catch (err) {
      throw new Error(`KERMESSE_SECRET_KEY_FILE illisible (${env.KERMESSE_SECRET_KEY_FILE}) : ${(err as Error).message}`, { cause: err });
    }
  }
  if (!raw) return undefined;
  const previous = (env.KERMESSE_SECRET_KEY_PREVIOUS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => parseSecretKey(part, 'KERMESSE_SECRET_KEY_PREVIOUS'));
  return createSecretBox(parseSecretKey(raw), previous);
}

export function createSecretBox(key: Buffer, previous: readonly Buffer[] = []): SecretBox {
  const keyId = keyIdOf(key);
  const keys = new Map<string, Buffer>([...previous.map((k) => [keyIdOf(k), k] as const), [keyId, key]]);
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      // The key id is authenticated too: a value cannot be passed off as sealed under another key.
      cipher.setAAD(Buffer.from(keyId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [prefix, id = '', iv = '', tag = '', data = ''] = sealed.split('.');
      const used = keys.get(id);
      if (prefix !== PREFIX || !used) {
        throw new Error(
          `Secret chiffré avec une autre clé (${id || 'inconnue'}) : donnez-la dans KERMESSE_SECRET_KEY_PREVIOUS (docs/deploy.md, rotation).`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', used, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(id));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch (err) {
        throw new Error('Secret chiffré illisible : la valeur stockée a été modifiée ou la clé ne correspond pas.', { cause: err });
      }
    },
    isCurrent: (sealed) => sealed.split('.')[1] === keyId,
  };
}
