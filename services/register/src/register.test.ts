import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, testTokens, testTokenVerifier, type TestDatabase } from '@kermesse/kit/testing';
import { appendOnly, migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { DEMO_CHECKOUTS, DEMO_EVENT, seedDemo } from './demo.ts';

const logger = createLogger('test', 'error');
let database: TestDatabase;
let db: Db;
let register: RunningServer;
let base: string;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations, appendOnly });
  await seedDemo({ db });
  await seedDemo({ db });
  register = await listen(await buildApp({ db, logger, verifier: testTokenVerifier() }), 0);
  base = `http://127.0.0.1:${register.port}`;

  // The kit's test signer: tokens exactly as identity signs them, without booting identity.
  tokens = await testTokens();
});

afterAll(async () => {
  await register?.close();
  await db?.destroy();
  await database?.drop();
});

const get = (path: string, who?: string) => fetch(base + path, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

describe('register: entry-page API', () => {
  it('pings 200 for a cashier and an admin, 403 for a volunteer or treasurer, 401 without a token', async () => {
    expect((await get('/api/cr/ping', 'caissier')).status).toBe(200);
    expect((await get('/api/cr/ping', 'admin')).status).toBe(200);
    expect((await get('/api/cr/ping', 'benevole')).status).toBe(403);
    expect((await get('/api/cr/ping', 'tresorier')).status).toBe(403);
    const anonymous = await get('/api/cr/ping');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Authentification requise.', code: 'UNAUTHENTICATED' });
  });

  it('refuses a garbage token with a French 401', async () => {
    const res = await fetch(`${base}/api/cr/events`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Jeton invalide ou expiré.', code: 'UNAUTHENTICATED' });
  });

  it('lists the demo event once, cacheable 1,200 s', async () => {
    const res = await get('/api/cr/events', 'caissier');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=1200');
    const events = (await res.json()) as { id: number; name: string }[];
    expect(events).toEqual([{ id: expect.any(Number), name: DEMO_EVENT }]);
  });

  it("gives an event's registers in the first item, cacheable 1,200 s", async () => {
    const [event] = (await (await get('/api/cr/events', 'caissier')).json()) as { id: number }[];
    const res = await get(`/api/cr/events/${event!.id}/checkouts`, 'caissier');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=1200');
    const body = (await res.json()) as { id: number; name: string; checkouts: { id: number; name: string }[] }[];
    expect(body[0]!.name).toBe(DEMO_EVENT);
    expect(body[0]!.checkouts.map((c) => c.name)).toEqual(DEMO_CHECKOUTS);
  });

  it('answers an unknown event with 404 and a malformed id with 400, in French', async () => {
    const missing = await get('/api/cr/events/999999/checkouts', 'caissier');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' });
    const malformed = await get('/api/cr/events/abc/checkouts', 'caissier');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'Le champ « eventId » doit être de type entier.',
      code: 'VALIDATION',
      details: { field: 'eventId' },
    });
  });

  it('recorded the catalog events of the demo in its outbox, once', async () => {
    const rows = await db('outbox').select('type').orderBy('seq');
    const types = rows.map((r: { type: string }) => r.type);
    expect(types.filter((t: string) => t.startsWith('catalog.event') || t.startsWith('catalog.checkout'))).toEqual([
      'catalog.event.created',
      'catalog.checkout.created',
      'catalog.checkout.created',
      'catalog.checkout.created',
    ]);
    // Seeded twice, the demo's products and its sales on hold exist once.
    const products = await db('products').count({ n: '*' });
    expect(types.filter((t: string) => t === 'catalog.product.changed')).toHaveLength(Number(products[0]!.n));
    expect(types.filter((t: string) => t === 'sale.completed')).toHaveLength(3);
    expect(types.filter((t: string) => t === 'sale.settled')).toHaveLength(0);
  });
});
