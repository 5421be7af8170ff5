/**
 * The token signing keys are stored sealed with KERMESSE_SECRET_KEY: an install from before (keys in
 * plain) is sealed at its first start with a key, the tokens already issued stay valid, and a new
 * secret key takes over from the previous one (rotation) without a new signing key.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createSecretBox } from '@kermesse/kit/secrets';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { loadSigningKey, publicKeys, type SigningKey } from './signingKeys.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const sign = (key: SigningKey) =>
  new SignJWT({ roles: ['cashier'] })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject('42')
    .setExpirationTime('1h')
    .sign(key.privateKey);

const verifies = async (token: string) => {
  const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: await publicKeys(db) }));
  return payload.sub;
};

describe('signing keys at rest', () => {
  const first = randomBytes(32);
  const second = randomBytes(32);

  it('seals a plain key at the first start with a secret key; tokens issued before stay valid', async () => {
    const plain = await loadSigningKey(db);
    const before = await sign(plain);
    const stored = await db('signing_keys').first();
    expect(stored.private_jwk).toMatchObject({ kty: 'OKP', d: expect.any(String) });
    const privatePart = String(stored.private_jwk.d);

    const sealedKey = await loadSigningKey(db, createSecretBox(first));
    expect(sealedKey.kid).toBe(plain.kid);
    const rows = await db('signing_keys').select();
    expect(rows).toHaveLength(1);
    expect(rows[0].private_jwk).toBeNull();
    expect(rows[0].private_sealed).toMatch(/^kms1\./);
    // Nothing of the private key is readable in the database any more.
    expect(JSON.stringify(rows)).not.toContain(privatePart);
    expect(await verifies(before)).toBe('42');
    expect(await verifies(await sign(sealedKey))).toBe('42');
  });

  it('refuses to start without the secret key once the keys are sealed, in French', async () => {
    await expect(loadSigningKey(db)).rejects.toThrow('Les clés de signature sont chiffrées : KERMESSE_SECRET_KEY');
    await expect(loadSigningKey(db, createSecretBox(randomBytes(32)))).rejects.toThrow('KERMESSE_SECRET_KEY_PREVIOUS');
  });

  it('moves to a new secret key given the previous one, with the same signing key', async () => {
    const before = await loadSigningKey(db, createSecretBox(first));
    const token = await sign(before);
    const rotated = await loadSigningKey(db, createSecretBox(second, [first]));
    expect(rotated.kid).toBe(before.kid);
    // From now on the new secret key alone opens it, and the old one no longer does.
    expect((await loadSigningKey(db, createSecretBox(second))).kid).toBe(before.kid);
    await expect(loadSigningKey(db, createSecretBox(first))).rejects.toThrow('KERMESSE_SECRET_KEY_PREVIOUS');
    expect(await verifies(token)).toBe('42');
  });

  it('creates a new key sealed from the start on a fresh install', async () => {
    await db('signing_keys').delete();
    const key = await loadSigningKey(db, createSecretBox(second));
    const row = await db('signing_keys').where({ kid: key.kid }).first();
    expect(row.private_jwk).toBeNull();
    expect(row.private_sealed).toMatch(/^kms1\./);
    expect(await verifies(await sign(key))).toBe('42');
  });
});
