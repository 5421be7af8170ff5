import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { buildEnvelope, type EventPayloads } from '@kermesse/kit/bus';
import { createSecretBox } from '@kermesse/kit/secrets';
import { eventually, freePort, startTestSystem, type TestSystem } from '@kermesse/kit/testing';
import type { CreatedEndpointAnswer, DeliveryAnswer, DeliveryListAnswer, EndpointListAnswer } from '@kermesse/contracts-webhooks';
import { migrations, schema } from '../migrations/index.ts';
import { buildApp } from './app.ts';
import { startWebhookConsumers } from './consumers/index.ts';
import { endpointSecrets } from './delivery/endpointSecrets.ts';
import { startWebhookWorker, type WebhookWorker } from './delivery/worker.ts';

/** A tool of the association's: an HTTP server that keeps what it received, verified with the secret. */
interface Receiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  /** Starts listening on its port (again, after `down()`). */
  up(): Promise<void>;
  /** Stops listening: connections are refused. */
  down(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const port = await freePort();
  const received: Receiver['received'] = [];
  let server: Server | undefined;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/kermesse`,
    received,
    up: () =>
      new Promise((resolve) => {
        server = createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (chunk: Buffer) => chunks.push(chunk));
          req.on('end', () => {
            received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
            res.writeHead(204).end();
          });
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    down: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
        server = undefined;
      }),
  };
  return receiver;
}

/** What a receiver does with a request: checks the signature and the timestamp with the reference package. */
const verify = (secret: string, request: { headers: IncomingHttpHeaders; body: string }) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; timestamp: string; data: unknown };

const tillClosed = (sessionId: number): EventPayloads['till.closed'] => ({
  sessionId,
  checkoutId: 2,
  eventId: 1,
  closedAt: new Date().toISOString(),
  closedBy: 'caissier@kermesse.local',
  expected: { cashCents: 15_000, chequeCents: 2_000, cardCents: 4_550 },
  counted: { cashCents: 14_900, chequeCents: 2_000, cardCents: 4_550 },
  differences: { cashCents: -100, chequeCents: 0, cardCents: 0 },
  reason: 'Pièce de 1 € perdue',
  grandTotalCents: 21_550,
  lastJournalHash: 'a'.repeat(64),
});

const raffleDrawn = (raffleId: number): EventPayloads['raffle.drawn'] => ({
  raffleId,
  drawnAt: new Date().toISOString(),
  winners: [{ prizeId: 1, number: 42 }],
});

const box = createSecretBox(randomBytes(32));
let system: TestSystem;
let worker: WebhookWorker;

beforeAll(async () => {
  system = await startTestSystem({
    name: 'webhooks',
    schema,
    migrations,
    nats: true,
    consumers: async (deps) => {
      worker = startWebhookWorker({ db: deps.db, logger: deps.logger, secrets: endpointSecrets(box), pollMs: 50, retryDelayMs: () => 150 });
      const consumers = await startWebhookConsumers({ ...deps, onQueued: () => worker.wake() });
      return [...consumers, { stop: () => worker.stop() }];
    },
    buildApp: (deps) => buildApp({ ...deps, secrets: box, onQueued: () => worker.wake() }),
  });
});

afterAll(async () => {
  await system?.close();
});

async function register(
  url: string,
  eventTypes: string[],
  description = 'Tableau de bord de la fédération',
): Promise<CreatedEndpointAnswer> {
  const res = await system.call('POST', '/api/admin/webhooks', { as: 'admin', body: { url, description, eventTypes } });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedEndpointAnswer;
}

async function deliveries(endpointId: number): Promise<DeliveryAnswer[]> {
  const res = await system.call('GET', `/api/admin/webhooks/${endpointId}/deliveries`, { as: 'admin' });
  expect(res.status).toBe(200);
  return ((await res.json()) as DeliveryListAnswer).items;
}

describe('registering an endpoint', () => {
  it('gives the signing secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const created = await register('https://outil.exemple.org/kermesse', ['sale.completed', 'till.closed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ url: 'https://outil.exemple.org/kermesse', eventTypes: ['sale.completed', 'till.closed'] });

    const stored = await system.db('endpoints').where({ id: created.id }).first();
    expect(stored.secret).toMatch(/^kms1\./);
    expect(stored.secret).not.toContain(created.secret.slice(6));
    expect(box.open(stored.secret)).toBe(created.secret);

    const list = (await (await system.call('GET', '/api/admin/webhooks', { as: 'admin' })).json()) as EndpointListAnswer;
    const listed = list.items.find((item) => item.id === created.id);
    expect(listed).toMatchObject({ url: created.url, deliveries: { pending: 0, sent: 0, failed: 0 } });
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('refuses in French what a client gets wrong, and writes nothing', async () => {
    const before = await system.db('endpoints').count<{ count: string }[]>('* as count');
    const cases: Array<[unknown, string, RegExp]> = [
      [{ url: 'ftp://outil.exemple.org', eventTypes: ['sale.completed'] }, 'INVALID_URL', /https:\/\//],
      [{ url: 'pas une adresse', eventTypes: ['sale.completed'] }, 'INVALID_URL', /https:\/\//],
      [{ url: 'https://outil.exemple.org', eventTypes: [] }, 'NO_EVENT_TYPE', /au moins un type/],
      [{ url: 'https://outil.exemple.org', eventTypes: ['bingo.configured'] }, 'VALIDATION', /eventTypes/],
      [{ url: 'https://outil.exemple.org', eventTypes: ['sale.completed'], secret: 'x' }, 'VALIDATION', /secret/],
    ];
    for (const [body, code, message] of cases) {
      const res = await system.call('POST', '/api/admin/webhooks', { as: 'admin', body });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; code: string };
      expect(answer.code).toBe(code);
      expect(answer.error).toMatch(message);
    }
    expect(await system.db('endpoints').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('is for admins only', async () => {
    for (const account of ['caissier', 'tresorier', 'benevole'] as const) {
      expect((await system.call('GET', '/api/admin/webhooks', { as: account })).status).toBe(403);
      const res = await system.call('POST', '/api/admin/webhooks', {
        as: account,
        body: { url: 'https://outil.exemple.org', eventTypes: ['sale.completed'] },
      });
      expect(res.status).toBe(403);
    }
    expect((await system.call('GET', '/api/admin/webhooks')).status).toBe(401);
  });

  it('deletes an endpoint and its log', async () => {
    const created = await register('https://outil.exemple.org/a-supprimer', ['raffle.drawn']);
    expect((await system.call('DELETE', `/api/admin/webhooks/${created.id}`, { as: 'admin' })).status).toBe(204);
    const again = await system.call('DELETE', `/api/admin/webhooks/${created.id}`, { as: 'admin' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'Point de réception introuvable.', code: 'ENDPOINT_NOT_FOUND' });
  });
});

describe('deliveries', () => {
  it('reach a receiver that was down for a while, each event once, signed with its bus id', async () => {
    const receiver = await startReceiver();
    const endpoint = await register(receiver.url, ['till.closed', 'raffle.drawn']);
    const first = await system.publish('register', 'till.closed', tillClosed(101));
    const second = await system.publish('raffle', 'raffle.drawn', raffleDrawn(7));

    // Down: both are tried, refused, and wait for their next attempt.
    const waiting = await eventually(async () => {
      const log = await deliveries(endpoint.id);
      return log.length === 2 && log.every((d) => d.status === 'pending' && d.attempts >= 2) ? log : undefined;
    });
    expect(waiting[0]).toMatchObject({ lastStatus: null, lastAnswer: 'Connexion refusée : le serveur ne répond pas.' });

    await receiver.up();
    const sent = await eventually(async () => {
      const log = await deliveries(endpoint.id);
      return log.every((d) => d.status === 'sent') ? log : undefined;
    });
    expect(sent.map((d) => d.eventId).sort()).toEqual([first.id, second.id].sort());
    expect(sent.every((d) => d.lastStatus === 204 && d.deliveredAt !== null)).toBe(true);

    expect(receiver.received).toHaveLength(2);
    const byId = new Map(receiver.received.map((request) => [request.headers['webhook-id'], request]));
    const till = verify(endpoint.secret, byId.get(first.id)!);
    expect(till).toEqual({ type: 'till.closed', timestamp: first.occurredAt, data: first.payload });
    expect(verify(endpoint.secret, byId.get(second.id)!)).toMatchObject({ type: 'raffle.drawn', data: { raffleId: 7 } });
    // Signed with this endpoint's secret, not any other.
    expect(() => verify(`whsec_${randomBytes(32).toString('base64')}`, byId.get(first.id)!)).toThrow();
    await receiver.down();
  });

  it('sends a duplicated bus message once, and nothing of a type the endpoint did not choose', async () => {
    const receiver = await startReceiver();
    await receiver.up();
    const endpoint = await register(receiver.url, ['till.closed']);
    const envelope = buildEnvelope('register', 'till.closed', tillClosed(202));
    const data = new TextEncoder().encode(JSON.stringify(envelope));
    // The same event published twice past JetStream's de-duplication (another message id): the inbox drops it.
    await system.bus!.js.publish(system.bus!.subjectOf(envelope), data, { msgID: envelope.id });
    await system.bus!.js.publish(system.bus!.subjectOf(envelope), data, { msgID: randomUUID() });
    await system.publish('raffle', 'raffle.drawn', raffleDrawn(8));
    const marker = await system.publish('register', 'till.closed', tillClosed(203));

    await eventually(() => receiver.received.some((r) => r.headers['webhook-id'] === marker.id) || undefined);
    await eventually(async () => ((await deliveries(endpoint.id)).every((d) => d.status === 'sent') ? true : undefined));
    expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual([envelope.id, marker.id].sort());
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => d.eventId).sort()).toEqual([envelope.id, marker.id].sort());
    await receiver.down();
  });

  it('sends a loto win under its public name « bingo.win »', async () => {
    const receiver = await startReceiver();
    await receiver.up();
    const endpoint = await register(receiver.url, ['bingo.win']);
    const won = await system.publish('bingo', 'bingo.won', {
      bingoId: 3,
      eventId: 1,
      partie: 2,
      kind: 'double_quine',
      carton: '12-7',
      cartonNumber: 12,
      ballsDrawn: 23,
      lastBall: 57,
      saleReference: 'K7Q2MX',
      checkedAt: new Date().toISOString(),
    });
    const request = await eventually(() => receiver.received.find((r) => r.headers['webhook-id'] === won.id));
    expect(verify(endpoint.secret, request)).toEqual({ type: 'bingo.win', timestamp: won.occurredAt, data: won.payload });
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'bingo.win', eventId: won.id });
    await receiver.down();
  });

  it('gives up when its window closes, and « Renvoyer » sends it again', async () => {
    const receiver = await startReceiver();
    const endpoint = await register(receiver.url, ['raffle.drawn']);
    const event = await system.publish('raffle', 'raffle.drawn', raffleDrawn(9));
    const [queued] = await eventually(async () => {
      const log = await deliveries(endpoint.id);
      return log.length ? log : undefined;
    });
    // The 24-hour window, shortened: the next retry would fall after it.
    await system
      .db('deliveries')
      .where({ id: queued!.id })
      .update({ give_up_at: system.db.raw("now() + interval '100 milliseconds'") });
    const failed = await eventually(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery?.status === 'failed' ? delivery : undefined;
    });
    expect(failed.lastAnswer).toBe('Connexion refusée : le serveur ne répond pas.');
    const list = (await (await system.call('GET', '/api/admin/webhooks', { as: 'admin' })).json()) as EndpointListAnswer;
    expect(list.items.find((item) => item.id === endpoint.id)?.deliveries).toEqual({ pending: 0, sent: 0, failed: 1 });

    await receiver.up();
    const resent = await system.call('POST', `/api/admin/webhooks/deliveries/${failed.id}/resend`, { as: 'admin' });
    expect(resent.status).toBe(202);
    expect(await resent.json()).toMatchObject({ id: failed.id, status: 'pending' });
    const sent = await eventually(async () => {
      const [delivery] = await deliveries(endpoint.id);
      return delivery?.status === 'sent' ? delivery : undefined;
    });
    expect(sent.attempts).toBeGreaterThan(failed.attempts);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
    expect(verify(endpoint.secret, receiver.received[0]!)).toMatchObject({ type: 'raffle.drawn', data: { raffleId: 9 } });

    const missing = await system.call('POST', '/api/admin/webhooks/deliveries/999999/resend', { as: 'admin' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('DELIVERY_NOT_FOUND');
    await receiver.down();
  });
});
