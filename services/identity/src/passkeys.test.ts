import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import type { Person } from '@kermesse/contracts-identity';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { givenStaff } from './testSupport.ts';
import { allowedOrigins } from './webauthn.ts';

/**
 * The passkey paths of docs/spec.md §7 as a client sees them: options, roles, one-time links and refusals.
 * The full ceremonies (register, sign in, removed passkey) run in Chromium's virtual authenticator
 * (e2e/identity.e2e.ts).
 */
const PASSWORD = 'motdepasse-demo-42';
const PUBLIC_URL = 'http://127.0.0.1:8080';
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;
let adminToken: string;
let volunteerToken: string;
let volunteer: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await givenStaff(db, PASSWORD);
  server = await listen(await buildApp({ db, logger: createLogger('identity', 'error'), publicUrl: PUBLIC_URL }), 0);
  base = `http://127.0.0.1:${server.port}`;
  adminToken = await signIn('admin@kermesse.local');
  volunteerToken = await signIn('benevole@kermesse.local');
  volunteer = (await call<{ users: Person[] }>('GET', '/api/admin/users', adminToken)).body.users.find(
    (u) => u.email === 'benevole@kermesse.local',
  )!;
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

let ip = 0;
async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  origin = 'http://localhost:8080',
) {
  const res = await fetch(base + path, {
    method,
    headers: {
      'x-forwarded-for': `198.19.0.${++ip % 250}`,
      origin,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signIn(email: string) {
  const res = await call<{ token: string }>('POST', '/api/login', undefined, { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body.token;
}

const FAKE_CREDENTIAL = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: 'AA', signature: 'AA' },
};

describe('allowedOrigins', () => {
  it('adds localhost beside 127.0.0.1 (a passkey needs a site name) and keeps the extra origins', () => {
    expect(allowedOrigins({ publicUrl: 'http://127.0.0.1:8080/', extraOrigins: ['https://kermesse.example.org'], rpName: 'K' })).toEqual([
      'http://127.0.0.1:8080',
      'https://kermesse.example.org',
      'http://localhost:8080',
    ]);
  });
});

describe('sign-in with a passkey', () => {
  it('/login/options gives a challenge requiring user verification, for discoverable credentials when the username is empty', async () => {
    const res = await call<{ challenge: string; rpId: string; userVerification: string; allowCredentials: unknown[] }>(
      'POST',
      '/login/options',
      undefined,
      { _username: '' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    expect(res.body.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // An unknown account looks like an account without passkeys.
    expect(
      (await call<{ allowCredentials: unknown[] }>('POST', '/login/options', undefined, { _username: 'personne@ecole.fr' })).body
        .allowCredentials,
    ).toEqual([]);
  });

  it('/login refuses an unknown credential with { status: "error", message }', async () => {
    const res = await call('POST', '/login', undefined, { credential: FAKE_CREDENTIAL });
    expect(res).toMatchObject({
      status: 401,
      body: { status: 'error', message: "Clé d'accès refusée : elle n'est pas (ou plus) enregistrée pour un compte actif." },
    });
  });

  it('answers bad input with a French 400', async () => {
    expect(await call('POST', '/login', undefined, {})).toMatchObject({
      status: 400,
      body: { error: 'Le champ « credential » est obligatoire.' },
    });
    expect((await call('POST', '/login/options', undefined, { _username: 12 })).status).toBe(400);
  });
});

describe("a person's own passkeys", () => {
  it('needs a session: 401 without a token, with the sentence and the code every refusal has', async () => {
    expect(await call('POST', '/profile/security/devices/add/options', undefined, { username: 'benevole@kermesse.local' })).toMatchObject({
      status: 401,
      body: { status: 'error', message: 'Authentification requise.', error: 'Authentification requise.', code: 'UNAUTHENTICATED' },
    });
    expect((await call('POST', '/profile/security/devices/add', undefined, { credential: FAKE_CREDENTIAL })).status).toBe(401);
    expect((await call('GET', '/profile/security/devices')).status).toBe(401);
  });

  it('gives a signed-in person creation options for a discoverable passkey with user verification', async () => {
    const res = await call<{ rp: { id: string; name: string }; user: { name: string }; authenticatorSelection: Record<string, unknown> }>(
      'POST',
      '/profile/security/devices/add/options',
      volunteerToken,
      { username: 'benevole@kermesse.local' },
    );
    expect(res.status).toBe(200);
    expect(res.body.rp).toEqual({ id: 'localhost', name: 'Kermesse' });
    expect(res.body.user.name).toBe('benevole@kermesse.local');
    expect(res.body.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect((await call<{ devices: unknown[] }>('GET', '/profile/security/devices', volunteerToken)).body.devices).toEqual([]);
  });

  it('refuses a credential that does not verify, and writes nothing', async () => {
    const res = await call('POST', '/profile/security/devices/add', volunteerToken, { credential: FAKE_CREDENTIAL, name: 'Faux' });
    expect(res).toMatchObject({ status: 400, body: { status: 'error', message: "La clé d'accès n'a pas pu être vérifiée." } });
    expect(Number((await db('passkeys').count({ n: '*' }))[0]!.n)).toBe(0);
    expect((await call('DELETE', '/profile/security/devices/7d0c1c56-0b35-4a8e-9d0d-1f0a2b3c4d5e', volunteerToken)).status).toBe(404);
  });
});

describe('on behalf of a person', () => {
  it('lets only an admin start it, answering a one-time link to open on the person’s device', async () => {
    const path = `/admin/security/user/${volunteer.id}/devices/add/options`;
    expect((await call('POST', path, undefined, {})).status).toBe(401);
    expect((await call('POST', path, volunteerToken, {})).status).toBe(403);
    const res = await call<{ link: { url: string; expiresAt: string } }>('POST', path, adminToken, {});
    expect(res.status).toBe(200);
    expect(res.body.link.url).toMatch(new RegExp(`^${PUBLIC_URL}/cle-d-acces\\?jeton=[A-Za-z0-9_-]+&personne=${volunteer.id}$`));
    expect(
      (await call('POST', '/admin/security/user/7d0c1c56-0b35-4a8e-9d0d-1f0a2b3c4d5e/devices/add/options', adminToken, {})).status,
    ).toBe(404);
  });

  it('gives the device holding the link the options for that person only, and refuses a bad credential', async () => {
    const start = await call<{ link: { url: string } }>('POST', `/admin/security/user/${volunteer.id}/devices/add/options`, adminToken, {});
    const token = new URL(start.body.link.url).searchParams.get('jeton')!;
    const options = await call<{ user: { name: string } }>('POST', `/admin/security/user/${volunteer.id}/devices/add/options`, undefined, {
      token,
    });
    expect(options.status).toBe(200);
    expect(options.body.user.name).toBe('benevole@kermesse.local');

    const admin = (await call<{ users: Person[] }>('GET', '/api/admin/users', adminToken)).body.users.find(
      (u) => u.email === 'admin@kermesse.local',
    )!;
    expect(await call('POST', `/admin/security/user/${admin.id}/devices/add/options`, undefined, { token })).toMatchObject({
      status: 404,
      body: { status: 'error', message: "Ce lien n'est plus valable : demandez-en un nouveau à un administrateur." },
    });
    expect(
      (await call('POST', `/admin/security/user/${volunteer.id}/devices/add`, undefined, { token, credential: FAKE_CREDENTIAL })).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/admin/security/user/${volunteer.id}/devices/add`, undefined, {
          token: 'x'.repeat(43),
          credential: FAKE_CREDENTIAL,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/admin/security/user/${volunteer.id}/devices/add`, undefined, { credential: FAKE_CREDENTIAL })).status,
    ).toBe(400);
  });
});
