import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { rolesAbove, type ApiTokenListAnswer, type CreatedApiTokenAnswer } from '@kermesse/contracts-identity';
import { createTokenVerifier } from '@kermesse/kit/auth';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { givenStaff } from './testSupport.ts';

const PASSWORD = 'motdepasse-demo-42';
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;
let admin: string;

async function tokenFor(email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await givenStaff(db, PASSWORD);
  server = await listen(await buildApp({ db, logger: createLogger('identity', 'error') }), 0);
  base = `http://127.0.0.1:${server.port}`;
  admin = await tokenFor('admin@kermesse.local');
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

async function create(body: unknown): Promise<CreatedApiTokenAnswer> {
  const res = await call('POST', '/api/admin/api-tokens', admin, body);
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiTokenAnswer;
}

async function listed(id: string) {
  const list = (await (await call('GET', '/api/admin/api-tokens', admin)).json()) as ApiTokenListAnswer;
  return list.items.find((item) => item.id === id);
}

describe('API tokens for tools', () => {
  it('gives a named token with the chosen roles and expiry once, accepted like a person’s, with its last use', async () => {
    const created = await create({ name: 'Tableur du trésorier', roles: ['treasurer'], expiresInDays: 30 });
    expect(created).toMatchObject({
      name: 'Tableur du trésorier',
      roles: ['treasurer'],
      createdBy: 'admin@kermesse.local',
      state: 'active',
    });
    expect(created.lastUsedAt).toBeNull();
    const claims = decodeJwt(created.token);
    expect(claims.roles).toEqual(['treasurer']);
    expect(claims.jti).toBe(created.id);
    expect(claims.exp! - claims.iat!).toBe(30 * 86_400);
    expect(new Date(created.expiresAt).getTime()).toBe(claims.exp! * 1000);

    // A gateway checks it as it checks a person's token (signature, then « not revoked »).
    const user = await createTokenVerifier({ identityUrl: base }).verify(created.token);
    expect(user).toMatchObject({ email: 'admin@kermesse.local', roles: ['treasurer'], jti: created.id });
    const seen = await listed(created.id);
    expect(seen?.lastUsedAt).not.toBeNull();
    expect(Math.abs(new Date(seen!.lastUsedAt!).getTime() - Date.now())).toBeLessThan(60_000);
    // The list never shows the token again.
    expect(JSON.stringify(await (await call('GET', '/api/admin/api-tokens', admin)).json())).not.toContain(created.token);
  });

  it('is refused at once when revoked, and every gateway hears of it', async () => {
    const created = await create({ name: 'Script Paheko', roles: ['cashier', 'treasurer'], expiresInDays: 7 });
    const verifier = createTokenVerifier({ identityUrl: base });
    await verifier.verify(created.token);

    const res = await call('DELETE', `/api/admin/api-tokens/${created.id}`, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: created.id, state: 'revoked' });
    expect((await listed(created.id))?.revokedAt).not.toBeNull();

    verifier.forget(created.id);
    await expect(verifier.verify(created.token)).rejects.toMatchObject({ status: 401 });
    const events = await db('outbox').where({ type: 'user.tokens.revoked' });
    expect(events.map((e: { envelope: { payload: unknown } }) => e.envelope.payload)).toContainEqual({
      userId: decodeJwt(created.token).sub,
      reason: 'api-token',
    });
    // Revoking again changes nothing and records nothing more.
    expect((await call('DELETE', `/api/admin/api-tokens/${created.id}`, admin)).status).toBe(200);
    expect(await db('outbox').where({ type: 'user.tokens.revoked' })).toHaveLength(events.length);
  });

  it('refuses in French what a client gets wrong, and creates nothing', async () => {
    const before = await db('api_tokens').count<{ count: string }[]>('* as count');
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'Outil', roles: ['treasurer'], expiresInDays: 0 }, /expiresInDays/],
      [{ name: 'Outil', roles: ['treasurer'], expiresInDays: 366 }, /expiresInDays/],
      [{ name: 'Outil', roles: ['superuser'], expiresInDays: 30 }, /roles/],
      [{ name: 'Outil', roles: [], expiresInDays: 30 }, /roles/],
      [{ name: '', roles: ['cashier'], expiresInDays: 30 }, /name/],
      [{ name: 'Outil', roles: ['cashier'], expiresInDays: 30, jti: 'x' }, /jti/],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/admin/api-tokens', admin, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; code: string };
      expect(answer.code).toBe('VALIDATION');
      expect(answer.error).toMatch(field);
    }
    expect(await db('api_tokens').count<{ count: string }[]>('* as count')).toEqual(before);
    const missing = await call('DELETE', '/api/admin/api-tokens/00000000-0000-4000-8000-000000000000', admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Jeton introuvable.', code: 'API_TOKEN_NOT_FOUND' });
  });

  it('is for administrators only', async () => {
    const treasurer = await tokenFor('tresorier@kermesse.local');
    expect((await call('GET', '/api/admin/api-tokens', treasurer)).status).toBe(403);
    expect((await call('POST', '/api/admin/api-tokens', treasurer, { name: 'Outil', roles: ['treasurer'], expiresInDays: 1 })).status).toBe(
      403,
    );
  });

  it('never grants a role above its creator’s own', () => {
    expect(rolesAbove(['admin', 'cashier'], ['admin'])).toEqual([]);
    expect(rolesAbove(['treasurer'], ['treasurer', 'cashier'])).toEqual([]);
    expect(rolesAbove(['admin', 'cashier'], ['cashier'])).toEqual(['admin']);
  });
});
