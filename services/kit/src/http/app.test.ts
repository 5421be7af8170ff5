import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { createServiceApp } from './app.ts';
import { createLogger } from './logger.ts';
import { listen, type RunningServer } from './server.ts';
import { conflict } from './errors.ts';
import { validateBody } from './validation.ts';
import { createDb, type Db } from '../db/db.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createTestDatabase, freePort, type TestDatabase } from '../testing/index.ts';

let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url);
  const router = new Router();
  router.post(
    '/things',
    validateBody({ type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } }),
    (ctx) => {
      ctx.status = 201;
      ctx.body = ctx.state.body;
    },
  );
  router.get('/conflict', () => {
    throw conflict('Ce numéro est déjà vendu.');
  });
  router.get('/catalogue', (ctx) => {
    ctx.set('Cache-Control', 'private, max-age=600');
    ctx.body = { products: [] };
  });
  router.get('/boom', () => {
    throw new Error('relation "secret_table" does not exist');
  });
  const app = createServiceApp({ name: 'test', logger: createLogger('test', 'error'), db, routers: [router] });
  server = await listen(app, 0);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

describe('service app', () => {
  it('is ready on /readyz only once its migrations have run, and alive on /healthz all along', async () => {
    const service = {
      schema: 'readyz_probe',
      migrations: {
        '001_things': {
          up: async (k: import('knex').Knex) => {
            await k.schema.withSchema('readyz_probe').createTable('things', (t) => t.increments('id'));
          },
        },
      },
    };
    const app = createServiceApp({ name: 'probe', logger: createLogger('test', 'error'), db, routers: [], migrations: service });
    const probe = await listen(app, 0);
    try {
      const url = `http://127.0.0.1:${probe.port}`;
      const before = await fetch(`${url}/readyz`);
      expect(before.status).toBe(503);
      expect(await before.json()).toMatchObject({ status: 'not-ready', database: 'ok', migrations: 'pending' });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await migrateLatest(db, service);
      const after = await fetch(`${url}/readyz`);
      expect(after.status).toBe(200);
      expect(await after.json()).toMatchObject({ status: 'ready', migrations: 'done' });
    } finally {
      await probe.close();
    }
  });

  it('reports a healthy database on /healthz', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers a body that is not JSON with the same VALIDATION code, in French', async () => {
    const res = await fetch(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{pas du json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Corps de requête invalide (JSON attendu).', code: 'VALIDATION' });
  });

  it('answers a validation error as 400 with a French message and a request id', async () => {
    const res = await fetch(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Le champ « name » est obligatoire.', code: 'VALIDATION', details: { field: 'name' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await fetch(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/JSON/);
  });

  it('passes business errors through with their status', async () => {
    const res = await fetch(`${base}/conflict`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Ce numéro est déjà vendu.', code: 'CONFLICT' });
  });

  it('answers a known path asked with another method with a French 405 and a code', async () => {
    const res = await fetch(`${base}/conflict`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(await res.json()).toEqual({ error: 'Méthode non autorisée pour cette adresse.', code: 'METHOD_NOT_ALLOWED' });
  });

  it('never leaks an internal error', async () => {
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Erreur interne du serveur.', code: 'INTERNAL' });
  });

  it('answers 503 UNAVAILABLE with Retry-After, not 500, while its database refuses connections', async () => {
    // A database on a port where nothing listens: every connection is refused (ECONNREFUSED).
    const away = createDb(`postgres://postgres@127.0.0.1:${await freePort()}/kermesse`, { poolMax: 1 });
    const router = new Router();
    router.post('/sales', async (ctx) => {
      await away.raw('select 1');
      ctx.status = 201;
    });
    const app = createServiceApp({ name: 'away', logger: createLogger('test', 'error'), db: away, routers: [router] });
    const probe = await listen(app, 0);
    try {
      const res = await fetch(`http://127.0.0.1:${probe.port}/sales`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({ error: 'Service momentanément indisponible. Réessayez dans un instant.', code: 'UNAVAILABLE' });
    } finally {
      await probe.close();
      await away.destroy();
    }
  });

  it('answers 503 UNAVAILABLE when the database cuts the connection under a request', async () => {
    const router = new Router();
    router.get('/slow', async (ctx) => {
      await db.raw("select pg_sleep(30), 'kermesse-cut-me'");
      ctx.body = {};
    });
    const app = createServiceApp({ name: 'cut', logger: createLogger('test', 'error'), db, routers: [router] });
    const probe = await listen(app, 0);
    const admin = createDb(database.url, { poolMax: 1 });
    try {
      const answer = fetch(`http://127.0.0.1:${probe.port}/slow`);
      // What a Postgres crash or restart does to the connections in use (57P01 / connection terminated).
      await expect
        .poll(async () => {
          const { rows } = await admin.raw(
            "select pg_terminate_backend(pid) as cut from pg_stat_activity where query like '%kermesse-cut-me%' and pid <> pg_backend_pid()",
          );
          return rows.length;
        })
        .toBe(1);
      const res = await answer;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await probe.close();
      await admin.destroy();
    }
  });

  it('answers no-store unless the route chose its own policy, errors included', async () => {
    const answers = await Promise.all(
      ['/things', '/conflict', '/boom', '/nope'].map((path) =>
        fetch(
          base + path,
          path === '/things' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' } : {},
        ),
      ),
    );
    expect(answers.map((res) => res.headers.get('cache-control'))).toEqual(['no-store', 'no-store', 'no-store', 'no-store']);
    expect((await fetch(`${base}/catalogue`)).headers.get('cache-control')).toBe('private, max-age=600');
  });

  it('keeps the caller request id', async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });

  it('answers unknown paths with a French 404', async () => {
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Ressource introuvable.', code: 'NOT_FOUND' });
  });
});
