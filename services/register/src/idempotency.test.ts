/**
 * The idempotency lease, on real Postgres with the register's migrations: two "replicas"
 * (two apps on one database) share the keys. A key left running by a crashed replica is taken over
 * by a retry within the short lease; a slow but alive run keeps its key by renewing the lease; and
 * even when a run loses its lease while still working, the key is completed once and one write only
 * is committed — the other run is rolled back and its client gets the stored answer.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, errorHandler } from '@kermesse/kit/http';
import { createTestDatabase, eventually, type TestDatabase } from '@kermesse/kit/testing';
import { SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendOnly, migrations, schema } from '../migrations/index.ts';
import { idempotent, LEASE_MS } from './idempotency.ts';

let database: TestDatabase;
let db: Db;
const servers: Server[] = [];

/** What a handler does before writing, per request body `{ name }`. */
const gates = new Map<string, Promise<void>>();

/** A "replica": the middleware in front of a command writing one row and completing in its transaction. */
async function replica(options: { leaseMs?: number; refreshMs?: number } = {}): Promise<string> {
  const app = new Koa();
  app.use(errorHandler(createLogger('test', 'error')));
  app.use(bodyParser());
  app.use(async (ctx, next) => {
    ctx.state.user = {
      id: 'caissier',
      email: 'caisse@kermesse.test',
      roles: ['cashier'],
      jti: 'jeton-1',
      exp: Math.floor(Date.now() / 1000) + 3600,
      associationId: SINGLE_ASSOCIATION_ID,
    };
    await next();
  });
  app.use(idempotent(db, { scope: 'test.write', busyMessage: 'Déjà en cours.', ...options }));
  app.use(async (ctx) => {
    const { name } = (ctx.request as { body: { name: string } }).body;
    await gates.get(name);
    const answer = await db.transaction(async (trx) => {
      const [row] = await trx('lease_writes').insert({ name }).returning('id');
      const body = { id: (row as { id: number }).id, name };
      await ctx.state.idempotency!.complete(trx, 201, body);
      return body;
    });
    ctx.status = 201;
    ctx.body = answer;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function post(url: string, key: string, name: string) {
  return fetch(`${url}/write`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ name }),
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { id?: number; name?: string; error?: string },
    replayed: res.headers.get('idempotent-replayed'),
  }));
}

const writes = async (name: string) => (await db('lease_writes').where({ name }).count({ n: '*' }))[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema, poolMax: 10 });
  await migrateLatest(db, { schema, migrations, appendOnly });
  // The service's role may not create tables: the test's own table is made by the owner, then
  // migrating again seals it (association, row-level security) and grants it like the service's.
  const owner = createDb(database.url, { schema, role: 'owner' });
  try {
    await owner.schema.withSchema(schema).createTable('lease_writes', (t) => {
      t.increments('id');
      t.text('name').notNullable();
    });
  } finally {
    await owner.destroy();
  }
  await migrateLatest(db, { schema, migrations, appendOnly });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await db?.destroy();
  await database?.drop();
});

describe('idempotency lease', () => {
  it('lets a retry on the other replica take over a key left running by a crash within a few seconds, once', async () => {
    expect(LEASE_MS).toBeLessThanOrEqual(5_000);
    const other = await replica();
    // What a replica killed with -9 mid-request leaves: the key running, its lease no longer renewed.
    const key = 'crash-1';
    const body = JSON.stringify({ name: 'after-crash' });
    const { createHash } = await import('node:crypto');
    await db('idempotency_keys').insert({
      user_id: 'caissier',
      scope: 'test.write',
      key,
      state: 'running',
      locked_until: new Date(Date.now() + LEASE_MS),
      request_hash: createHash('sha256').update(`POST /write\n${body}`).digest('hex'),
    });
    const started = Date.now();
    let answer = await post(other, key, 'after-crash');
    let busy = 0;
    // The client retries « déjà en cours » as the register front end does.
    while (answer.status === 409) {
      busy += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await post(other, key, 'after-crash');
    }
    const waited = Date.now() - started;
    expect(answer).toMatchObject({ status: 201, body: { name: 'after-crash' } });
    expect(busy).toBeGreaterThan(0);
    expect(waited).toBeLessThan(LEASE_MS + 1_500);
    expect(await writes('after-crash')).toBe(1);
    expect(await post(other, key, 'after-crash')).toMatchObject({ status: 201, body: answer.body, replayed: 'true' });
  }, 20_000);

  it('keeps the key of a slow run alive past its lease: a retry meanwhile gets 409, then the first answer', async () => {
    const [a, b] = [await replica({ leaseMs: 600, refreshMs: 150 }), await replica({ leaseMs: 600, refreshMs: 150 })];
    let open!: () => void;
    gates.set(
      'slow',
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    const started = Date.now();
    const first = post(a, 'slow-1', 'slow');
    // The running request renewed its lease past three leases from the start: it kept the key alive.
    await eventually(async () => {
      const row = (await db('idempotency_keys').where({ key: 'slow-1', state: 'running' }).first('locked_until')) as
        { locked_until: Date } | undefined;
      return row && row.locked_until.getTime() > started + 1_800 ? row : undefined;
    }, 10_000);
    expect(await post(b, 'slow-1', 'slow')).toMatchObject({
      status: 409,
      body: { error: 'Déjà en cours.', code: 'IDEMPOTENCY_IN_PROGRESS' },
    });
    open();
    const answer = await first;
    expect(answer).toMatchObject({ status: 201, body: { name: 'slow' } });
    expect(await post(b, 'slow-1', 'slow')).toMatchObject({ status: 201, body: answer.body, replayed: 'true' });
    expect(await writes('slow')).toBe(1);
  }, 20_000);

  it('commits one write only when a run lost its lease while still working, and answers both clients alike', async () => {
    const [a, b] = [await replica({ leaseMs: 600, refreshMs: 150 }), await replica({ leaseMs: 600, refreshMs: 150 })];
    let openA!: () => void;
    gates.set(
      'stalled',
      new Promise<void>((resolve) => {
        openA = resolve;
      }),
    );
    const first = post(a, 'stalled-1', 'stalled');
    await eventually(() => db('idempotency_keys').where({ key: 'stalled-1', state: 'running' }).first());
    // A's renewals stall (an event loop or a database slower than the lease): its lease lapses.
    await db('idempotency_keys')
      .where({ key: 'stalled-1' })
      .update({ locked_until: new Date(Date.now() - 1_000) });
    gates.delete('stalled');
    // B takes the key over and commits; then A goes on and tries to commit too.
    const second = await post(b, 'stalled-1', 'stalled');
    expect(second).toMatchObject({ status: 201, body: { name: 'stalled' } });
    openA();
    const answer = await first;
    expect(answer).toMatchObject({ status: 201, body: second.body, replayed: 'true' });
    expect(await writes('stalled')).toBe(1);
  }, 20_000);

  it('says why it refuses a key, with a code: another body 422, a key too long or not printable 400; nothing is written', async () => {
    const url = await replica();
    expect(await post(url, 'reused-1', 'first')).toMatchObject({ status: 201, body: { name: 'first' } });
    expect(await post(url, 'reused-1', 'other')).toMatchObject({
      status: 422,
      body: {
        error: 'Cette clé Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      },
    });
    const invalid = {
      error: "L'en-tête Idempotency-Key doit contenir de 1 à 255 caractères imprimables.",
      code: 'IDEMPOTENCY_KEY_INVALID',
    };
    expect(await post(url, 'k'.repeat(256), 'too-long')).toMatchObject({ status: 400, body: invalid });
    expect(await post(url, 'clé accentuée', 'accent')).toMatchObject({ status: 400, body: invalid });
    expect(await writes('other')).toBe(0);
    expect(await writes('too-long')).toBe(0);
    expect(await writes('accent')).toBe(0);
  });

  it('refuses a second completion of a key whatever writes it (the sale s one statement included)', async () => {
    await db('idempotency_keys').insert({
      user_id: 'u',
      scope: 'sale.create',
      key: 'twice',
      request_hash: 'x',
      state: 'running',
      locked_until: new Date(),
    });
    await db('idempotency_keys').where({ key: 'twice' }).update({ state: 'done', response_status: 201, response_body: '{}' });
    await expect(
      db.raw(`
      with w as (insert into lease_writes (name) values ('second') returning id),
      k as (update idempotency_keys set state = 'done', response_status = 201, response_body = '{}'::jsonb where user_id = 'u' and scope = 'sale.create' and key = 'twice')
      select id from w`),
    ).rejects.toThrow(/idempotency key already completed/);
    expect(await writes('second')).toBe(0);
  });
});
