/** The identity service's demo accounts (`npm start` with demo data): one per role, seeded once however often it runs. */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { DEMO_ACCOUNTS, seedDemo } from './demo.ts';

const PASSWORD = 'motdepasse-demo-42';
let database: TestDatabase;
let db: Db;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  await seedDemo({ db, password: PASSWORD });
  // Again, with another password: the accounts already there stay as they are.
  await seedDemo({ db, password: 'autre-mot-de-passe' });
  server = await listen(await buildApp({ db, logger: createLogger('identity', 'error') }), 0);
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

describe('demo accounts', () => {
  it('are the four staff accounts, once each, signing in with the first password given', async () => {
    const emails = (await db('users').select('email')).map((u: { email: string }) => u.email).sort();
    expect(emails).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const account of DEMO_ACCOUNTS) {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.0.1' },
        body: JSON.stringify({ email: account.email, password: PASSWORD }),
      });
      expect(res.status, account.email).toBe(200);
      expect(decodeJwt(((await res.json()) as { token: string }).token).roles).toEqual(account.roles);
    }
  });
});
