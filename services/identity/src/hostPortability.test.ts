import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { Knex } from 'knex';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, createServiceApp, listen, type RunningServer } from '@kermesse/kit/http';
import { ASSOCIATION_HEADER, associationFolder, HOST_CONSOLE_ID, withAssociation } from '@kermesse/kit/tenancy';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';

/**
 * The host console's export, erase and import (docs/hosting-portability.md), identity's side: the
 * test plays the gateway (the association header) and stands in for the register with a service of
 * its own: a journal that refuses an erase newer than the last export, a picture and a document.
 */
let database: TestDatabase;
let db: Db;
let tillDb: Db;
let server: RunningServer;
let till: RunningServer;
let base: string;
let uploads: string;

const tillMigrations = {
  schema: 'till',
  migrations: {
    '001_journal': {
      async up(knex: Knex) {
        await knex.raw(
          `create table till.journal (seq serial primary key, text text not null, recorded_at timestamptz not null default now())`,
        );
      },
    },
  },
};

beforeAll(async () => {
  process.env.KERMESSE_HOSTING = '1';
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  tillDb = createDb(database.url, { schema: 'till' });
  await migrateLatest(tillDb, tillMigrations);
  uploads = await mkdtemp(path.join(tmpdir(), 'kermesse-till-'));
  till = await listen(
    createServiceApp({
      name: 'till',
      logger: createLogger('till', 'error'),
      db: tillDb,
      routers: [],
      migrations: tillMigrations,
      portability: {
        filesDir: (association) => associationFolder(uploads, association),
        documents: async () => [{ path: 'journal/ticket-z.txt', content: Buffer.from('Z de caisse\n') }],
        lastRecordAt: async (q) => {
          const row = await q('journal').max('recorded_at as last').first();
          return row?.last ? new Date(row.last as string) : null;
        },
      },
    }),
    0,
  );
  const app = await buildApp({
    db,
    logger: createLogger('identity', 'error'),
    publicUrl: 'http://localhost:8080',
    serviceUrls: { register: `http://127.0.0.1:${till.port}` },
  });
  server = await listen(app, 0);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  delete process.env.KERMESSE_HOSTING;
  await server?.close();
  await till?.close();
  await db?.destroy();
  await tillDb?.destroy();
  await database?.drop();
  await rm(uploads, { recursive: true, force: true });
});

type Answer = { status: number; body: Record<string, unknown> };
async function call(
  association: string,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; zip?: Buffer } = {},
): Promise<Answer & { raw: Buffer }> {
  const headers: Record<string, string> = { [ASSOCIATION_HEADER]: association };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.zip) headers['content-type'] = 'application/zip';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(base + route, {
    method,
    headers,
    body: options.zip ? new Uint8Array(options.zip) : options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: json ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {}, raw };
}

const SLUG = 'apel-ferry';
const PASSWORD = 'la fête de l’école 2026';
let hostToken = '';
let ferry = { id: '' };

const onConsole = (method: string, route: string, options?: { body?: unknown; zip?: Buffer }) =>
  call(HOST_CONSOLE_ID, method, route, { ...options, token: hostToken });
const journal = () => withAssociation(ferry.id, async () => await tillDb('journal').orderBy('seq').select('seq', 'text'));
const signIn = () => call(ferry.id, 'POST', '/api/login', { body: { email: 'presidente@apel-ferry.fr', password: PASSWORD } });

describe("an association's export, erase and import on the host console", () => {
  it('sets up a host and an association with a journal and a picture', async () => {
    const made = await call(HOST_CONSOLE_ID, 'POST', '/api/setup', {
      body: { email: 'exploitation@hebergeur.fr', firstname: 'Hélène', lastname: 'Martin', password: 'un hébergeur pour les écoles' },
    });
    hostToken = String(made.body.token);
    const created = await onConsole('POST', '/api/host/associations', {
      body: {
        name: 'APEL Jules Ferry',
        slug: SLUG,
        admin: { email: 'presidente@apel-ferry.fr', firstname: 'Claire', lastname: 'Petit', password: PASSWORD },
      },
    });
    expect(created.status).toBe(201);
    ferry = created.body as { id: string };
    await withAssociation(ferry.id, async () => await tillDb('journal').insert([{ text: 'Vente 1' }, { text: 'Vente 2' }]));
    await mkdir(path.join(uploads, ferry.id), { recursive: true });
    await writeFile(path.join(uploads, ferry.id, 'limonade.png'), Buffer.from([137, 80, 78, 71]));
    expect((await signIn()).status).toBe(200);
    // The console counts what its files take.
    const list = await onConsole('GET', '/api/host/associations');
    expect(list.body.items).toEqual([expect.objectContaining({ slug: SLUG, storageBytes: 4 })]);
  });

  it('refuses the erase before any export, and after a sale made since the last one', async () => {
    const never = await onConsole('DELETE', `/api/host/associations/${SLUG}`, { body: { confirm: SLUG } });
    expect(never).toMatchObject({
      status: 409,
      body: {
        code: 'EXPORT_REQUIRED',
        error: "Exportez d'abord les données de l'association : le journal des ventes doit lui être remis avant l'effacement.",
      },
    });
    expect((await onConsole('GET', `/api/host/associations/${SLUG}/export`)).status).toBe(200);
    await withAssociation(ferry.id, async () => await tillDb('journal').insert({ text: 'Vente 3' }));
    const stale = await onConsole('DELETE', `/api/host/associations/${SLUG}`, { body: { confirm: SLUG } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'EXPORT_REQUIRED' } });
    // Nothing went: its people still sign in, its journal is whole.
    expect((await signIn()).status).toBe(200);
    expect(await journal()).toHaveLength(3);
  });

  let zip: Buffer;
  it('exports every row, file and document of the association in one zip', async () => {
    const res = await onConsole('GET', `/api/host/associations/${SLUG}/export`);
    expect(res.status).toBe(200);
    zip = res.raw;
    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest).toMatchObject({
      format: 'kermesse-association-export',
      association: { id: ferry.id, slug: SLUG, name: 'APEL Jules Ferry' },
    });
    expect(Object.keys(manifest.services)).toEqual(['identity', 'register']);
    expect(
      strFromU8(files['register/journal.jsonl']!)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).text),
    ).toEqual(['Vente 1', 'Vente 2', 'Vente 3']);
    const users = strFromU8(files['identity/users.jsonl']!);
    expect(users).toContain('presidente@apel-ferry.fr');
    // The host's own account and the directory are the console's rows, never an association's.
    expect(users).not.toContain('exploitation@hebergeur.fr');
    expect(strFromU8(files['identity/host_associations.jsonl']!)).toBe('');
    expect(Buffer.from(files['uploads/register/limonade.png']!)).toEqual(Buffer.from([137, 80, 78, 71]));
    expect(strFromU8(files['journal/ticket-z.txt']!)).toBe('Z de caisse\n');
  });

  it('erases it everywhere once the slug is typed again: the address is free', async () => {
    const wrong = await onConsole('DELETE', `/api/host/associations/${SLUG}`, { body: { confirm: 'apel-fery' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'CONFIRM_MISMATCH' } });
    const erased = await onConsole('DELETE', `/api/host/associations/${SLUG}`, { body: { confirm: SLUG } });
    expect(erased).toMatchObject({ status: 200, body: { slug: SLUG, erased: true } });
    expect(await journal()).toEqual([]);
    await expect(readFile(path.join(uploads, ferry.id, 'limonade.png'))).rejects.toThrow();
    expect((await signIn()).status).toBe(401);
    const list = await onConsole('GET', '/api/host/associations');
    expect((list.body.items as Array<{ slug: string }>).map((a) => a.slug)).not.toContain(SLUG);
    expect((await onConsole('DELETE', `/api/host/associations/${SLUG}`, { body: { confirm: SLUG } })).status).toBe(404);
  });

  it('imports the zip back: the same association, its people, its journal and its picture', async () => {
    const imported = await onConsole('POST', '/api/host/associations/import', { zip });
    expect(imported).toMatchObject({ status: 201, body: { id: ferry.id, slug: SLUG, url: 'http://apel-ferry.localhost:8080' } });
    expect((await signIn()).status).toBe(200);
    expect((await journal()).map((r) => r.text)).toEqual(['Vente 1', 'Vente 2', 'Vente 3']);
    expect(await readFile(path.join(uploads, ferry.id, 'limonade.png'))).toEqual(Buffer.from([137, 80, 78, 71]));
    // The journal goes on after the imported records.
    const [next] = await withAssociation(ferry.id, async () => await tillDb('journal').insert({ text: 'Vente 4' }).returning('seq'));
    expect(next.seq).toBe(4);

    const again = await onConsole('POST', '/api/host/associations/import', { zip });
    expect(again).toMatchObject({ status: 409, body: { code: 'SLUG_TAKEN' } });
    const garbage = await onConsole('POST', '/api/host/associations/import', { zip: Buffer.from('pas un zip') });
    expect(garbage).toMatchObject({ status: 400, body: { code: 'EXPORT_INVALID' } });
    // Sent from a form (multipart) as well: the same association again after another export and erase.
    const fresh = (await onConsole('GET', `/api/host/associations/${SLUG}/export`)).raw;
    expect((await onConsole('DELETE', `/api/host/associations/${SLUG}`, { body: { confirm: SLUG } })).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fresh)], { type: 'application/zip' }), 'apel-ferry.zip');
    const res = await fetch(base + '/api/host/associations/import', {
      method: 'POST',
      headers: { [ASSOCIATION_HEADER]: HOST_CONSOLE_ID, authorization: `Bearer ${hostToken}` },
      body: form,
    });
    expect(res.status).toBe(201);
    expect((await journal()).map((r) => r.text)).toEqual(['Vente 1', 'Vente 2', 'Vente 3', 'Vente 4']);

    // Only on the console, only for the host.
    expect((await call(ferry.id, 'GET', `/api/host/associations/${SLUG}/export`)).status).toBe(401);
  });
});
