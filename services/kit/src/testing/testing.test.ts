import { describe, expect, it } from 'vitest';
import '../bus/sampleEvents.ts';
import { decodeJwt } from 'jose';
import { defineRoute } from '../http/route.ts';
import { createServiceApp } from '../http/app.ts';
import { Router } from '../http/index.ts';
import { createTokenVerifier } from '../auth/verifier.ts';
import { recordEvent } from '../bus/outbox.ts';
import { startConsumer } from '../bus/consumer.ts';
import { signTestToken, startTestIdentity, testTokens, testTokenVerifier } from './tokens.ts';
import { startTestSystem } from './system.ts';
import { eventually } from './resources.ts';

describe('test tokens', () => {
  it('the test verifier accepts the signed tokens with their roles, refuses revoked and expired ones', async () => {
    const verifier = testTokenVerifier();
    const token = await signTestToken({ sub: 'u1', roles: ['cashier'] });
    expect(await verifier.verify(token)).toMatchObject({ id: 'u1', roles: ['cashier'], email: 'u1@kermesse.local' });
    const tokens = await testTokens();
    expect((await verifier.verify(tokens.tresorier)).roles).toEqual(['treasurer']);
    verifier.revoke(String(decodeJwt(tokens.admin).jti));
    await expect(verifier.verify(tokens.admin)).rejects.toMatchObject({ status: 401 });
    await expect(verifier.verify(await signTestToken({ roles: ['admin'], expiresInSeconds: -10 }))).rejects.toMatchObject({ status: 401 });
  });

  it('the test identity serves the key set and the revocations to a real verifier (a service in its own process)', async () => {
    const identity = await startTestIdentity();
    try {
      const verifier = createTokenVerifier({ identityUrl: identity.url, revocationTtlMs: 0 });
      const token = await signTestToken({ roles: ['volunteer'] });
      expect((await verifier.verify(token)).roles).toEqual(['volunteer']);
      identity.revoke(String(decodeJwt(token).jti));
      await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
    } finally {
      await identity.close();
    }
  });
});

describe('startTestSystem', () => {
  it('migrates, seeds, runs the app with the test verifier and NATS with the relay, and closes everything', async () => {
    const system = await startTestSystem({
      name: 'kittest',
      schema: 'kittest',
      nats: true,
      migrations: {
        '001_notes': {
          async up(knex) {
            await knex.schema.withSchema('kittest').createTable('notes', (t) => {
              t.increments('id');
              t.text('text');
            });
          },
        },
      },
      seed: (db) => db('notes').insert({ text: 'première' }),
      consumers: async (deps) => [
        await startConsumer({
          ...deps,
          name: 'kittest-event-created',
          type: 'sample.created',
          handle: async (event, trx) => {
            await trx('notes').insert({ text: `événement ${event.payload.name}` });
          },
        }),
      ],
      buildApp: (deps) => {
        const router = new Router();
        defineRoute(router, {
          method: 'post',
          path: '/api/notes',
          summary: 'Créer une note',
          roles: ['admin'],
          status: 201,
          handler: async ({ user }) =>
            deps.db.transaction(async (trx) => {
              const [row] = await trx('notes').insert({ text: user.id }).returning('id');
              await recordEvent(trx, 'kittest', 'sample.created', { eventId: row.id, name: 'Note' });
              return { id: row.id };
            }),
        });
        return createServiceApp({
          name: deps.name,
          logger: deps.logger,
          db: deps.db,
          bus: deps.bus,
          verifier: deps.verifier,
          routers: [router],
        });
      },
    });
    try {
      expect((await system.call('POST', '/api/notes')).status).toBe(401);
      expect((await system.call('POST', '/api/notes', { as: 'caissier' })).status).toBe(403);
      const res = await system.call('POST', '/api/notes', { as: 'admin', body: {} });
      expect(res.status).toBe(201);
      expect(await system.db('notes').orderBy('id').pluck('text')).toEqual(expect.arrayContaining(['première', 'test-admin']));
      // The event reaches the bus through the relay, woken by the commit.
      await eventually(async () => (await system.db('outbox').whereNotNull('published_at').count({ c: '*' }))[0]!.c === 1, 5_000);
      // An event published as another service would reaches the consumer.
      await system.publish('register', 'sample.created', { eventId: 42, name: 'Kermesse' });
      await eventually(async () => (await system.db('notes').pluck('text')).includes('événement Kermesse'), 5_000);
    } finally {
      await system.close();
    }
  });
});
