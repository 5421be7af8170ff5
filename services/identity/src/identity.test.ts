import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, base64url } from 'jose';
import { createTokenVerifier } from '@kermesse/kit/auth';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, HttpError, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { givenStaff } from './testSupport.ts';

const PASSWORD = 'motdepasse-demo-42';
let clock = Date.now();
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await givenStaff(db, PASSWORD);
  const app = await buildApp({ db, logger: createLogger('identity', 'error'), now: () => clock });
  server = await listen(app, 0);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

function login(email: string, password: string, ip = '203.0.113.1') {
  return fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in over a socket bound to `localAddress` (the address the service sees). */
function loginFrom(
  localAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; retryAfter: string | undefined; body: { error?: string } }> {
  const payload = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/login`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: JSON.parse(text) as { error?: string },
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function tokenFor(email: string, ip?: string): Promise<string> {
  const res = await login(email, PASSWORD, ip);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    return err as HttpError;
  }
  throw new Error('expected the token to be refused');
}

describe('sign-in', () => {
  it('gives a cashier an EdDSA token the kit verifies, with its roles', async () => {
    const token = await tokenFor('caissier@kermesse.local', '203.0.113.10');
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ aud: 'kermesse', iss: 'kermesse-identity', email: 'caissier@kermesse.local', roles: ['cashier'] });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
    const user = await createTokenVerifier({ identityUrl: base }).verify(token);
    expect(user).toMatchObject({ email: 'caissier@kermesse.local', roles: ['cashier'], jti: claims.jti });
  });

  it('accepts the e-mail whatever its case', async () => {
    expect((await login('Admin@Kermesse.Local', PASSWORD, '203.0.113.11')).status).toBe(200);
  });

  it('refuses a wrong password or an unknown account with the same French message', async () => {
    const wrong = await login('tresorier@kermesse.local', 'mauvais', '203.0.113.12');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Identifiants invalides.', code: 'INVALID_CREDENTIALS' });
    const unknown = await login('personne@kermesse.local', PASSWORD, '203.0.113.12');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: 'Identifiants invalides.', code: 'INVALID_CREDENTIALS' });
    // Both refusals go out as events for the register's technical event log (docs/compliance/conditions.md §5).
    const failures = await db('outbox').where({ type: 'user.signin.failed' }).select('envelope');
    const payloads = failures.map((f) => f.envelope.payload);
    expect(payloads).toContainEqual({ email: 'tresorier@kermesse.local', reason: 'credentials' });
    expect(payloads).toContainEqual({ email: 'personne@kermesse.local', reason: 'credentials' });
    expect(await db('outbox').where({ type: 'user.signed.in' }).count({ n: '*' })).not.toEqual([{ n: 0 }]);
  });

  it('answers a malformed body with a French 400 naming the field', async () => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.fr' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Le champ « password » est obligatoire.',
      code: 'VALIDATION',
      details: { field: 'password' },
    });
    const nul = await login('caissier\u0000@kermesse.local', PASSWORD, '203.0.113.13');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({
      error: 'Le champ « email » contient un caractère interdit (caractère nul).',
      code: 'VALIDATION',
      details: { field: 'email' },
    });
  });

  it('throttles the address sending wrong passwords, never the account: the right password from another address gets in', async () => {
    const email = 'tresorier@kermesse.local';
    // Real source addresses (no X-Forwarded-For), as the issue saw it: 127.0.0.3 attacks, 127.0.0.4 is the treasurer.
    for (let i = 0; i < 10; i++) expect((await loginFrom('127.0.0.3', email, `essai-${i}`)).status).toBe(401);
    const attacker = await loginFrom('127.0.0.3', email, PASSWORD);
    expect(attacker.status).toBe(429);
    expect(attacker.retryAfter).toMatch(/^\d+$/);
    expect(attacker.body.error).toMatch(/Trop de tentatives/);
    expect((await loginFrom('127.0.0.4', email, PASSWORD)).status).toBe(200);

    clock += 61_000; // a minute later the attacking address may try again
    expect((await loginFrom('127.0.0.3', email, PASSWORD)).status).toBe(200);
  });

  it('throttles an attacker moving between addresses one address at a time, and the account stays open', async () => {
    const email = 'benevole@kermesse.local';
    for (let i = 0; i < 10; i++) expect((await login(email, `essai-${i}`, `198.51.100.${i + 1}`)).status).toBe(401);
    expect((await login(email, PASSWORD, '192.0.2.50')).status).toBe(200);
  });

  it('limits one address trying many accounts, without locking those accounts elsewhere', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < 10; i++) expect((await login(`inconnu${i}@kermesse.local`, 'x', ip)).status).toBe(401);
    expect((await login('admin@kermesse.local', PASSWORD, ip)).status).toBe(429);
    expect((await login('admin@kermesse.local', PASSWORD, '192.0.2.77')).status).toBe(200);
  });
});

describe('tokens', () => {
  it('publishes its public key as a JWKS and never the private part', async () => {
    const res = await fetch(`${base}/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(keys[0]!.d).toBeUndefined();
  });

  it('refuses a released token', async () => {
    const token = await tokenFor('caissier@kermesse.local', '203.0.113.20');
    const verifier = createTokenVerifier({ identityUrl: base });
    await verifier.verify(token);
    const release = await fetch(`${base}/api/token/release`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(release.status).toBe(200);
    expect(await release.json()).toEqual({ success: true });
    verifier.forget(decodeJwt(token).jti!);
    const err = await rejection(verifier.verify(token));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Ce jeton a été révoqué.');
    // A fresh verifier (another service) refuses it too.
    expect((await rejection(createTokenVerifier({ identityUrl: base }).verify(token))).status).toBe(401);
  });

  it('answers sign-in and token release with Cache-Control: no-store, refusals included', async () => {
    const signedIn = await login('caissier@kermesse.local', PASSWORD, '203.0.113.22');
    const { token } = (await signedIn.json()) as { token: string };
    const answers = {
      'sign-in': signedIn,
      'refused sign-in': await login('caissier@kermesse.local', 'mauvais', '203.0.113.22'),
      'passkey options': await fetch(`${base}/login/options`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      'token release': await fetch(`${base}/api/token/release`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
      'own profile': await fetch(`${base}/api/profile`, {
        headers: { authorization: `Bearer ${await tokenFor('admin@kermesse.local', '203.0.113.23')}` },
      }),
    };
    const policies = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.headers.get('cache-control')]));
    expect(policies).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, 'no-store'])));
  });

  it('refuses forged, unsigned, self-keyed and expired tokens', async () => {
    const verifier = createTokenVerifier({ identityUrl: base });
    const genuine = decodeJwt(await tokenFor('admin@kermesse.local', '203.0.113.21'));
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const sign = (claims: Record<string, unknown>, exp: number | string = '1h') =>
      new SignJWT({ ...genuine, ...claims }).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' }).setExpirationTime(exp).sign(privateKey);

    const forged = await sign({});
    expect((await rejection(verifier.verify(forged))).status).toBe(401);

    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }))}.${base64url.encode(JSON.stringify({ ...genuine, roles: ['admin'] }))}.`;
    expect((await rejection(verifier.verify(unsigned))).status).toBe(401);

    // A token that names its own key in the header is not trusted either.
    const { publicKey: embeddedPub, privateKey: embeddedPriv } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const { exportJWK } = await import('jose');
    const withJwk = await new SignJWT({ ...genuine })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', jwk: await exportJWK(embeddedPub) })
      .sign(embeddedPriv);
    expect((await rejection(verifier.verify(withJwk))).status).toBe(401);

    const expiredRes = await rejection(verifier.verify(await sign({}, Math.floor(Date.now() / 1000) - 60)));
    expect(expiredRes.status).toBe(401);
  });

  it('answers an unknown token id as revoked', async () => {
    const res = await fetch(`${base}/internal/tokens/7d0c1c56-0b35-4a8e-9d0d-1f0a2b3c4d5e`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ revoked: true });
  });
});
