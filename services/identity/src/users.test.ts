import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import type { CreatedPerson, Person } from '@kermesse/contracts-identity';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { givenStaff } from './testSupport.ts';

const PASSWORD = 'motdepasse-demo-42';
const PUBLIC_URL = 'https://kermesse.example.org';
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;
let adminToken: string;
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await givenStaff(db, PASSWORD);
  server = await listen(await buildApp({ db, logger: createLogger('identity', 'error'), publicUrl: PUBLIC_URL }), 0);
  base = `http://127.0.0.1:${server.port}`;
  adminToken = await signIn('admin@kermesse.local', PASSWORD);
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      // Each call from its own address: the sign-in throttle is not what these tests are about.
      'x-forwarded-for': `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', '/api/login', undefined, { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token;
}

let counter = 0;
const newPerson = (overrides: Record<string, unknown> = {}) => ({
  email: `personne${++counter}.${Date.now()}@ecole.fr`,
  firstname: 'Camille',
  lastname: `Martin${counter}`,
  roles: ['volunteer'],
  ...overrides,
});
const tokenOf = (url: string) => new URL(url).searchParams.get('jeton')!;

describe('/api/admin/users', () => {
  it('creates a person with a password: 201, the person with its id at the top level, and they can sign in', async () => {
    const input = newPerson({ roles: ['volunteer', 'cashier'], password: 'crêpes au sucre sous le préau' });
    const res = await call<CreatedPerson>('POST', '/api/admin/users', adminToken, input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: input.email,
      firstname: 'Camille',
      lastname: input.lastname,
      roles: ['volunteer', 'cashier'],
      disabled: false,
      lastSignInAt: null,
      passkeys: [],
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.setupLink).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/);

    await signIn(input.email, 'crêpes au sucre sous le préau');
    const person = await call<Person>('GET', `/api/admin/users/${res.body.id}`, adminToken);
    expect(person.status).toBe(200);
    expect(person.body.lastSignInAt).not.toBeNull();

    const list = await call<{ users: Person[] }>('GET', '/api/admin/users', adminToken);
    expect(list.body.users.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@kermesse.local', input.email]));
  });

  it('without a password answers a one-time link valid 48 h that sets the password once and signs the person in', async () => {
    const input = newPerson();
    const res = await call<CreatedPerson>('POST', '/api/admin/users', adminToken, input);
    expect(res.status).toBe(201);
    const link = res.body.setupLink!;
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/mot-de-passe\\?jeton=[A-Za-z0-9_-]{40,}$`));
    // No mail server here: the admin hands the link over.
    expect(link.emailed).toBe(false);
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    // No password yet: nobody signs in with anything.
    expect((await call('POST', '/api/login', undefined, { email: input.email, password: 'nimporte quoi 123' })).status).toBe(401);

    const info = await call('GET', `/api/links/${tokenOf(link.url)}`);
    expect(info.body).toMatchObject({ purpose: 'setup', email: input.email, firstname: 'Camille' });

    const weak = await call('POST', `/api/links/${tokenOf(link.url)}`, undefined, { password: 'azerty' });
    expect(weak).toMatchObject({
      status: 400,
      body: { error: 'Le mot de passe doit contenir au moins 12 caractères.', code: 'PASSWORD_TOO_SHORT' },
    });

    const set = await call<{ token: string }>('POST', `/api/links/${tokenOf(link.url)}`, undefined, {
      password: 'la tombola du printemps',
    });
    expect(set.status).toBe(200);
    expect(set.body.token).toMatch(/^ey/);
    await signIn(input.email, 'la tombola du printemps');

    const again = await call('POST', `/api/links/${tokenOf(link.url)}`, undefined, { password: 'une autre phrase longue' });
    expect(again).toMatchObject({ status: 404, body: { code: 'LINK_INVALID' } });
    expect((await call('GET', `/api/links/${tokenOf(link.url)}`)).status).toBe(404);
  });

  it('refuses short and common passwords with a French message, and writes nothing', async () => {
    for (const [password, code] of [
      ['court', 'PASSWORD_TOO_SHORT'],
      ['azertyuiop123', 'PASSWORD_TOO_COMMON'],
      ['MotDePasse2025!', 'PASSWORD_TOO_COMMON'],
    ] as const) {
      const input = newPerson({ password });
      const res = await call('POST', '/api/admin/users', adminToken, input);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(String(res.body.error)).toMatch(/mot de passe/i);
      const list = await call<{ users: Person[] }>('GET', '/api/admin/users', adminToken);
      expect(list.body.users.some((u) => u.email === input.email)).toBe(false);
    }
  });

  it('answers bad input with a French 400 naming the field', async () => {
    expect(await call('POST', '/api/admin/users', adminToken, newPerson({ email: 'pas-un-email' }))).toMatchObject({
      status: 400,
      body: { error: "Le champ « email » n'est pas au bon format (email)." },
    });
    expect((await call('POST', '/api/admin/users', adminToken, newPerson({ roles: ['chef'] }))).status).toBe(400);
    expect(await call('POST', '/api/admin/users', adminToken, newPerson({ roles: [] }))).toMatchObject({
      status: 400,
      body: { error: 'Le champ « roles » doit contenir au moins 1 élément(s).' },
    });
    const { firstname: _omitted, ...noFirstname } = newPerson();
    expect(await call('POST', '/api/admin/users', adminToken, noFirstname)).toMatchObject({
      status: 400,
      body: { error: 'Le champ « firstname » est obligatoire.' },
    });
    expect((await call('PUT', '/api/admin/users/pas-un-uuid', adminToken, { roles: ['admin'] })).status).toBe(400);
    expect(await call('GET', '/api/admin/users/7d0c1c56-0b35-4a8e-9d0d-1f0a2b3c4d5e', adminToken)).toMatchObject({
      status: 404,
      body: { error: 'Personne introuvable.' },
    });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const input = newPerson();
    expect((await call('POST', '/api/admin/users', adminToken, input)).status).toBe(201);
    const twice = await call('POST', '/api/admin/users', adminToken, { ...input, email: input.email.toUpperCase() });
    expect(twice).toMatchObject({ status: 409, body: { error: 'Un compte existe déjà avec cette adresse e-mail.', code: 'EMAIL_TAKEN' } });
  });

  it('is for admins only: 401 without a token, 403 for the other roles', async () => {
    expect((await call('GET', '/api/admin/users')).status).toBe(401);
    for (const email of ['tresorier@kermesse.local', 'caissier@kermesse.local', 'benevole@kermesse.local']) {
      const token = await signIn(email, PASSWORD);
      expect((await call('GET', '/api/admin/users', token)).status).toBe(403);
      expect((await call('POST', '/api/admin/users', token, newPerson())).status).toBe(403);
    }
  });

  it('changes roles as a set: a volunteer becomes cashier for the evening, with a new token saying so', async () => {
    const input = newPerson({ password: 'le loto du samedi soir' });
    const { body: person } = await call<Person>('POST', '/api/admin/users', adminToken, input);
    const before = await signIn(input.email, 'le loto du samedi soir');
    expect((await call('PUT', `/api/admin/users/${person.id}`, adminToken, { roles: ['cashier', 'cashier'] })).status).toBe(400);
    const res = await call<Person>('PUT', `/api/admin/users/${person.id}`, adminToken, { roles: ['volunteer', 'cashier'] });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['volunteer', 'cashier']);
    // The old token still says « volunteer » only: it is revoked, the next sign-in carries both roles.
    expect((await call('GET', '/api/profile', before)).status).toBe(401);
    const after = await signIn(input.email, 'le loto du samedi soir');
    expect(JSON.parse(Buffer.from(after.split('.')[1]!, 'base64url').toString()).roles).toEqual(['volunteer', 'cashier']);
  });

  it('disables an account: its tokens are revoked at once (next call 401) and it cannot sign in; enabling lets it back', async () => {
    const input = newPerson({ password: 'la kermesse de juin 2026' });
    const { body: person } = await call<Person>('POST', '/api/admin/users', adminToken, input);
    const token = await signIn(input.email, 'la kermesse de juin 2026');
    expect((await call('GET', '/api/profile', token)).status).toBe(200);

    const disabled = await call<Person>('PUT', `/api/admin/users/${person.id}`, adminToken, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    expect(await call('GET', '/api/profile', token)).toMatchObject({ status: 401, body: { error: 'Ce jeton a été révoqué.' } });
    // Every gateway replica learns it through the bus and drops the person's cached tokens at once.
    const revokedEvents = await db('outbox')
      .where({ type: 'user.tokens.revoked' })
      .whereRaw("envelope->'payload'->>'userId' = ?", [person.id])
      .select('envelope');
    expect(revokedEvents.map((row: { envelope: { payload: unknown } }) => row.envelope.payload)).toEqual([
      { userId: person.id, reason: 'disabled' },
    ]);
    expect(
      (await call('GET', '/internal/tokens/' + JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti)).body,
    ).toEqual({ revoked: true });
    expect(await call('POST', '/api/login', undefined, { email: input.email, password: 'la kermesse de juin 2026' })).toMatchObject({
      status: 401,
      body: { error: 'Identifiants invalides.' },
    });

    expect((await call<Person>('PUT', `/api/admin/users/${person.id}`, adminToken, { disabled: false })).body.disabled).toBe(false);
    await signIn(input.email, 'la kermesse de juin 2026');
  });

  it('keeps at least one active administrator', async () => {
    const { body: admins } = await call<{ users: Person[] }>('GET', '/api/admin/users', adminToken);
    const active = admins.users.filter((u) => u.roles.includes('admin') && !u.disabled);
    expect(active).toHaveLength(1);
    const self = active[0]!;
    expect(await call('PUT', `/api/admin/users/${self.id}`, adminToken, { disabled: true })).toMatchObject({
      status: 409,
      body: { error: 'Il doit rester au moins un administrateur actif.', code: 'LAST_ADMIN' },
    });
    expect((await call('PUT', `/api/admin/users/${self.id}`, adminToken, { roles: ['treasurer'] })).status).toBe(409);
    expect((await call('GET', '/api/admin/users', adminToken)).status).toBe(200);
  });

  it('reset gives a new one-time link; only the newest works, and using it ends the old sessions', async () => {
    const input = newPerson({ password: 'mon ancien mot de passe' });
    const { body: person } = await call<Person>('POST', '/api/admin/users', adminToken, input);
    const oldSession = await signIn(input.email, 'mon ancien mot de passe');
    const first = await call<{ resetLink: { url: string; expiresAt: string } }>('POST', `/api/admin/users/${person.id}/reset`, adminToken);
    const second = await call<{ resetLink: { url: string } }>('POST', `/api/admin/users/${person.id}/reset`, adminToken);
    expect(first.status).toBe(200);
    expect(first.body.resetLink.url).not.toBe(second.body.resetLink.url);
    expect((await call('GET', `/api/links/${tokenOf(first.body.resetLink.url)}`)).status).toBe(404);
    expect((await call('GET', `/api/links/${tokenOf(second.body.resetLink.url)}`)).body).toMatchObject({ purpose: 'reset' });
    expect(
      (await call('POST', `/api/links/${tokenOf(second.body.resetLink.url)}`, undefined, { password: 'mon nouveau mot de passe' })).status,
    ).toBe(200);
    expect((await call('GET', '/api/profile', oldSession)).status).toBe(401);
    await signIn(input.email, 'mon nouveau mot de passe');
    expect((await call('POST', '/api/admin/users/7d0c1c56-0b35-4a8e-9d0d-1f0a2b3c4d5e/reset', adminToken)).status).toBe(404);
  });
});

describe('own profile', () => {
  it('shows the signed-in person and lets them change their own password', async () => {
    const input = newPerson({ password: 'première phrase secrète' });
    await call('POST', '/api/admin/users', adminToken, input);
    const token = await signIn(input.email, 'première phrase secrète');
    expect((await call<Person>('GET', '/api/profile', token)).body).toMatchObject({ email: input.email, roles: ['volunteer'] });

    expect(
      await call('PUT', '/api/profile/password', token, {
        currentPassword: 'mauvais mot de passe',
        newPassword: 'deuxième phrase secrète',
      }),
    ).toMatchObject({ status: 400, body: { error: 'Le mot de passe actuel est incorrect.' } });
    expect(
      (await call('PUT', '/api/profile/password', token, { currentPassword: 'première phrase secrète', newPassword: 'motdepasse123' }))
        .body,
    ).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(
      (
        await call('PUT', '/api/profile/password', token, {
          currentPassword: 'première phrase secrète',
          newPassword: 'deuxième phrase secrète',
        })
      ).status,
    ).toBe(200);
    await signIn(input.email, 'deuxième phrase secrète');
    expect((await call('POST', '/api/login', undefined, { email: input.email, password: 'première phrase secrète' })).status).toBe(401);
    expect((await call('PUT', '/api/profile/password', undefined, { currentPassword: 'x', newPassword: 'y' })).status).toBe(401);
  });
});

describe('one-time links by e-mail', () => {
  it('says when the link was also e-mailed (SMTP configured through contact)', async () => {
    const sent: { email: string; purpose: string; url: string }[] = [];
    const mailing = await listen(
      await buildApp({
        db,
        logger: createLogger('identity', 'error'),
        publicUrl: PUBLIC_URL,
        mailLink: async (person, link, purpose) => {
          sent.push({ email: person.email, purpose, url: link.url });
          return true;
        },
      }),
      0,
    );
    try {
      const res = await fetch(`http://127.0.0.1:${mailing.port}/api/admin/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify(newPerson()),
      });
      const person = (await res.json()) as CreatedPerson;
      expect(res.status).toBe(201);
      expect(person.setupLink).toMatchObject({ emailed: true });
      expect(sent).toEqual([{ email: person.email, purpose: 'setup', url: person.setupLink!.url }]);
    } finally {
      await mailing.close();
    }
  });
});
