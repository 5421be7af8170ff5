import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger, listen, type RunningServer } from '@kermesse/kit/http';
import { createTestDatabase, signTestToken, testTokenVerifier, type TestDatabase } from '@kermesse/kit/testing';
import type { InboxItem } from '@kermesse/contracts-contact';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { applyRetention } from './commands/applyRetention.ts';
import { findDeliveries } from './repositories/deliveries.ts';

const logger = createLogger('contact-forms-test', 'error');
let database: TestDatabase;
let db: Db;
let server: RunningServer;
let base: string;
let adminToken: string;
let cashierToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  server = await listen(
    await buildApp({
      db,
      logger,
      associationEmail: 'bureau@ape-exemple.fr',
      partnerRateLimit: { max: 50, windowMs: 60_000 },
      verifier: testTokenVerifier(),
    }),
    0,
  );
  base = `http://127.0.0.1:${server.port}`;
  adminToken = await signTestToken({ roles: ['admin'] });
  cashierToken = await signTestToken({ roles: ['cashier'] });
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await database?.drop();
});

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe('contact form', () => {
  it('is ready once its migrations ran (the launcher waits for /readyz)', async () => {
    expect((await call('GET', '/readyz')).status).toBe(200);
  });

  it('stores the message and queues it to the association, reply-to the sender', async () => {
    const res = await call('POST', '/api/contact', {
      email: 'parent@exemple.fr',
      subject: 'Horaires de la kermesse',
      message: 'À quelle heure commence le loto ?',
    });
    expect(res).toMatchObject({ status: 201, body: { success: true, message: 'Merci, votre message a été envoyé à l’association.' } });
    const [row] = await db('contact_messages').where({ email: 'parent@exemple.fr' });
    expect(row).toMatchObject({ subject: 'Horaires de la kermesse', status: 'new' });
    const [delivery] = await findDeliveries(db, { kind: 'contact' });
    expect(delivery).toMatchObject({
      recipient: 'bureau@ape-exemple.fr',
      reply_to: 'parent@exemple.fr',
      subject: 'Message du site : Horaires de la kermesse',
    });
    expect(delivery!.body_text).toContain('À quelle heure commence le loto ?');
  });

  it('answers bad input with a French 400 naming the field, and stores nothing', async () => {
    const before = (await db('contact_messages').count({ n: '*' }))[0]!.n;
    expect(await call('POST', '/api/contact', { email: 'pas-un-email', subject: 'x', message: 'y' })).toMatchObject({
      status: 400,
      body: { error: "Le champ « email » n'est pas au bon format (email)." },
    });
    expect(await call('POST', '/api/contact', { email: 'a@b.fr', subject: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « message » est obligatoire.' },
    });
    expect(await call('POST', '/api/contact', { email: 'a@b.fr', subject: '   ', message: 'y' })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « subject » ne doit pas être vide.' },
    });
    expect((await db('contact_messages').count({ n: '*' }))[0]!.n).toBe(before);
  });

  it('deletes contact messages after twelve months', async () => {
    const [old] = await db('contact_messages')
      .insert({
        email: 'ancien@exemple.fr',
        subject: 'Vieux',
        message: 'Il y a longtemps',
        created_at: db.raw("now() - interval '13 months'"),
      })
      .returning('id');
    const [recent] = await db('contact_messages')
      .insert({
        email: 'recent@exemple.fr',
        subject: 'Récent',
        message: 'Le mois dernier',
        created_at: db.raw("now() - interval '11 months'"),
      })
      .returning('id');
    await applyRetention(db, logger, 30);
    expect(await db('contact_messages').where({ id: old.id }).first()).toBeUndefined();
    expect(await db('contact_messages').where({ id: recent.id }).first()).toBeDefined();
  });
});

describe('one-time links of staff accounts (identity → contact)', () => {
  const LINK = {
    email: 'lucie@ecole.fr',
    firstname: 'Lucie',
    url: 'https://kermesse.example.org/mot-de-passe?jeton=abc',
    expiresAt: '2026-06-01T10:00:00.000Z',
    purpose: 'setup',
  };

  it('queues nothing without SMTP, so a link never ends up in a log', async () => {
    expect(await call('POST', '/internal/account-links', LINK)).toEqual({ status: 200, body: { emailed: false } });
    expect(await findDeliveries(db, { kind: 'account' })).toEqual([]);
  });

  it('e-mails the link when SMTP is configured', async () => {
    const mailing = await listen(await buildApp({ db, logger, associationEmail: 'bureau@ape-exemple.fr', mailConfigured: true }), 0);
    try {
      const res = await fetch(`http://127.0.0.1:${mailing.port}/internal/account-links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LINK),
      });
      expect(await res.json()).toEqual({ emailed: true });
      const [delivery] = await findDeliveries(db, { kind: 'account' });
      expect(delivery).toMatchObject({
        recipient: 'lucie@ecole.fr',
        subject: 'Votre compte Kermesse : choisissez votre mot de passe',
        status: 'pending',
      });
      expect(delivery!.body_text).toContain(LINK.url);
      const bad = await fetch(`http://127.0.0.1:${mailing.port}/internal/account-links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...LINK, url: 'javascript:alert(1)' }),
      });
      expect(bad.status).toBe(400);
    } finally {
      await mailing.close();
    }
  });
});

describe("admins' inbox", () => {
  it('lists partner requests and contact messages, newest first, and marks them handled', async () => {
    expect(
      (
        await call('POST', '/api/partner/sendByEmail', {
          entreprise: 'Boulangerie Martin',
          contact: 'Paul Martin',
          email: 'paul@boulangerie.fr',
          typeDon: 'voucher',
          ville: 'Lyon',
          message: 'Des bons d’achat.',
        })
      ).status,
    ).toBe(201);
    expect(
      (await call('POST', '/api/contact', { email: 'voisin@exemple.fr', subject: 'Bruit', message: 'Fin à quelle heure ?' })).status,
    ).toBe(201);

    const inbox = await call<{ items: InboxItem[] }>('GET', '/api/admin/contact/inbox', undefined, adminToken);
    expect(inbox.status).toBe(200);
    expect(inbox.body.items[0]).toMatchObject({ kind: 'contact', title: 'Bruit', email: 'voisin@exemple.fr', status: 'new' });
    const partner = inbox.body.items.find((i) => i.kind === 'partner' && i.title === 'Boulangerie Martin')!;
    expect(partner).toMatchObject({ author: 'Paul Martin', status: 'new', details: { 'Type de don': "Bon d'achat", Ville: 'Lyon' } });

    expect((await call('PUT', `/api/admin/contact/inbox/partner/${partner.id}`, { status: 'handled' }, adminToken)).status).toBe(200);
    const after = await call<{ items: InboxItem[] }>('GET', '/api/admin/contact/inbox', undefined, adminToken);
    expect(after.body.items.find((i) => i.kind === 'partner' && i.id === partner.id)!.status).toBe('handled');
    expect((await call('PUT', '/api/admin/contact/inbox/contact/999999', { status: 'handled' }, adminToken)).status).toBe(404);
    expect((await call('PUT', `/api/admin/contact/inbox/partner/${partner.id}`, { status: 'lu' }, adminToken)).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/contact/inbox')).status).toBe(401);
    expect((await call('GET', '/api/admin/contact/inbox', undefined, cashierToken)).status).toBe(403);
  });
});
