/**
 * Two associations on one installation: each registers its own endpoint, and an event of one
 * association goes to that association's endpoints only. The worker sends every association's
 * deliveries although each connection sees only one association's rows. Real Postgres, as the
 * service's run-time role under row-level security.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { createEndpoint } from './commands/createEndpoint.ts';
import { queueDeliveries } from './consumers/index.ts';
import { endpointSecrets } from './delivery/endpointSecrets.ts';
import { startWebhookWorker, type WebhookWorker } from './delivery/worker.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';
const secrets = endpointSecrets(undefined);

let database: TestDatabase;
let db: Db;
let worker: WebhookWorker;
let hostingBefore: string | undefined;
/** What the associations' tools received: address and body. */
const received: Array<{ url: string; body: { type: string; data: { raffleId: number } } }> = [];

beforeAll(async () => {
  hostingBefore = process.env.KERMESSE_HOSTING;
  process.env.KERMESSE_HOSTING = '1';
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  worker = startWebhookWorker({
    db,
    logger: createLogger('webhooks-hosting-test', 'error'),
    secrets,
    associations: { ids: async () => [FERRY, COMITE] },
    pollMs: 3_600_000,
    fetch: async (url, init) => {
      received.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return new Response(null, { status: 204 });
    },
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await db?.destroy();
  await database?.drop();
  if (hostingBefore === undefined) delete process.env.KERMESSE_HOSTING;
  else process.env.KERMESSE_HOSTING = hostingBefore;
});

const raffleDrawn = (association: string, raffleId: number): EventEnvelope<'raffle.drawn'> => ({
  id: randomUUID(),
  type: 'raffle.drawn',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'raffle',
  associationId: association,
  payload: { raffleId, drawnAt: new Date().toISOString(), winners: [{ prizeId: 1, number: 42 }] },
});

describe('two associations get their own webhooks', () => {
  it('sends each association’s drawing to its own tool only', async () => {
    for (const [association, url] of [
      [FERRY, 'https://ferry.exemple.org/kermesse'],
      [COMITE, 'https://comite.exemple.org/kermesse'],
    ] as const) {
      await withAssociation(association, () => createEndpoint(db, secrets, { url, eventTypes: ['raffle.drawn'] }, 'admin'));
    }
    const queued = await Promise.all([
      withAssociation(FERRY, () => db.transaction((trx) => queueDeliveries('raffle.drawn', raffleDrawn(FERRY, 11), trx))),
      withAssociation(COMITE, () => db.transaction((trx) => queueDeliveries('raffle.drawn', raffleDrawn(COMITE, 22), trx))),
    ]);
    // One delivery each: an association's event never reaches the other's endpoint.
    expect(queued).toEqual([1, 1]);
    await worker.drain();
    expect(received.map((r) => [r.url, r.body.data.raffleId]).sort()).toEqual([
      ['https://comite.exemple.org/kermesse', 22],
      ['https://ferry.exemple.org/kermesse', 11],
    ]);
  });

  it('shows nothing to a connection that names no association', async () => {
    expect(await db('endpoints').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });
});
