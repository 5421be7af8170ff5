import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';

/** First run (`KERMESSE_DEMO=0`): an empty database, no demo accounts. */
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  server = await listen(await buildApp({ db, logger: createLogger('identity', 'error') }), 0);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

const post = async (body: unknown) => {
  const res = await fetch(`${base}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const state = async () => (await (await fetch(`${base}/api/setup`)).json()) as { needsFirstAdmin: boolean };
const FIRST = { email: 'presidente@ape-exemple.fr', firstname: 'Claire', lastname: 'Petit', password: 'la fête de l’école 2026' };

describe('first run', () => {
  it('is ready once its migrations ran (the launcher waits for /readyz)', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('asks for the first administrator while no account exists, refuses a weak password, then creates it once', async () => {
    expect(await state()).toEqual({ needsFirstAdmin: true });
    expect(await post({ ...FIRST, password: 'azertyuiop12' })).toMatchObject({ status: 400, body: { code: 'PASSWORD_TOO_COMMON' } });
    expect(await post({ ...FIRST, email: 'pas-un-email' })).toMatchObject({
      status: 400,
      body: { error: "Le champ « email » n'est pas au bon format (email)." },
    });
    expect(await state()).toEqual({ needsFirstAdmin: true });

    // Two visitors at once: one administrator only.
    const [a, b] = await Promise.all([post(FIRST), post({ ...FIRST, email: 'autre@ape-exemple.fr' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const created = a.status === 201 ? a : b;
    expect(created.body.person).toMatchObject({ roles: ['admin'], disabled: false });
    expect(String(created.body.token)).toMatch(/^ey/);

    const me = await fetch(`${base}/api/admin/users`, { headers: { authorization: `Bearer ${String(created.body.token)}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { users: unknown[] }).users).toHaveLength(1);

    expect(await state()).toEqual({ needsFirstAdmin: false });
    expect(await post({ ...FIRST, email: 'intrus@exemple.fr' })).toMatchObject({
      status: 409,
      body: { error: 'Le premier administrateur existe déjà : connectez-vous.', code: 'SETUP_DONE' },
    });
  });
});
