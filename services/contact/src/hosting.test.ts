/**
 * Two associations on one installation (docs/keys-per-association.md): each numbers its sales from
 * « V-000001 », so both may ask a receipt for the same reference — each is queued and sent, and the
 * delivery worker sends every association's messages although each connection sees only one
 * association's rows. Real Postgres, as the service's run-time role under row-level security.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope, EventPayloads } from '@kermesse/kit/bus';
import { createDb, migrateLatest, type Db } from '@kermesse/kit/db';
import { createLogger } from '@kermesse/kit/http';
import { createTestDatabase, type TestDatabase } from '@kermesse/kit/testing';
import { withAssociation } from '@kermesse/kit/tenancy';
import { migrations, schema } from '../migrations/index.ts';
import { queueReceipt, settingsNow } from './consumers/saleCompletedConsumer.ts';
import { submitPartnerRequest } from './commands/submitPartnerRequest.ts';
import { receiptSettingsOf } from './receipts/settings.ts';
import type { MessageTransport, OutgoingMessage } from './delivery/transports/types.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery/worker.ts';

const FERRY = '6f1c2a4e-1b7d-4c3e-9a51-0d2e8f3b7a11';
const COMITE = '0b9d7e52-3c8a-4f16-b2d4-7e6a1c9f5d22';
const logger = createLogger('contact-hosting-test', 'error');

let database: TestDatabase;
let db: Db;
let worker: DeliveryWorker;
let hostingBefore: string | undefined;
const sent: OutgoingMessage[] = [];
const transport: MessageTransport = {
  name: 'test',
  async send(message) {
    sent.push(message);
    return {};
  },
};

beforeAll(async () => {
  hostingBefore = process.env.KERMESSE_HOSTING;
  process.env.KERMESSE_HOSTING = '1';
  database = await createTestDatabase();
  db = createDb(database.url, { schema });
  await migrateLatest(db, { schema, migrations });
  worker = startDeliveryWorker({
    db,
    logger,
    transports: { email: transport, sms: transport },
    associations: { ids: async () => [FERRY, COMITE] },
    // Only the first run looks at every association; later ones, only the association that woke it.
    sweepMs: 3_600_000,
    pollMs: 3_600_000,
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await db?.destroy();
  await database?.drop();
  if (hostingBefore === undefined) delete process.env.KERMESSE_HOSTING;
  else process.env.KERMESSE_HOSTING = hostingBefore;
});

const saleCompleted = (association: string, reference: string, email: string): EventEnvelope<'sale.completed'> => {
  const payload: EventPayloads['sale.completed'] = {
    saleId: Math.floor(Math.random() * 1e9) + 1,
    reference,
    eventId: 1,
    checkoutId: 1,
    claimId: null,
    buyer: null,
    lines: [
      {
        productId: 11,
        name: 'Crêpe au sucre',
        categoryId: 1,
        categoryName: 'Sucré',
        unitPriceCents: 150,
        quantity: 2,
        totalCents: 300,
        kind: 'product',
      },
    ],
    tickets: [],
    bets: [],
    payments: [{ method: 'ESP', amountCents: 300, reference: '' }],
    totalCents: 300,
    paymentMode: 2,
    paymentStatus: 1,
    receipt: { method: 'email', to: email },
    completedAt: '2026-05-16T12:32:00.000Z',
  };
  return {
    id: randomUUID(),
    type: 'sale.completed',
    version: 1,
    occurredAt: payload.completedAt,
    source: 'register',
    associationId: association,
    payload,
  };
};

/** Identity's host directory: each association's name and address. */
const receiptSettings = receiptSettingsOf({
  fallback: { associationName: 'Association Kermesse', publicUrl: 'http://localhost:8080' },
  identityUrl: 'http://identity.test',
  fetchFn: async () =>
    Response.json({
      associations: [
        { id: FERRY, slug: 'apel-ferry', name: 'APEL Jules Ferry', state: 'active' },
        { id: COMITE, slug: 'comite-fetes', name: 'Comité des fêtes', state: 'active' },
      ],
    }),
});

/** The register's sale reaching contact in its association: the receipt queued, the worker woken. */
const receiptAsked = (association: string, reference: string, email: string) =>
  withAssociation(association, async () => {
    const settings = await settingsNow(receiptSettings);
    const queued = await db.transaction((trx) => queueReceipt(saleCompleted(association, reference, email), trx, settings, logger));
    worker.wake();
    return queued;
  });

describe('two associations send their receipts apart', () => {
  it('queues and sends the receipt of each one’s sale V-000001', async () => {
    expect(await receiptAsked(FERRY, 'V-000001', 'parent.ferry@exemple.fr')).toBe(true);
    expect(await receiptAsked(COMITE, 'V-000001', 'habitant@exemple.fr')).toBe(true);
    await worker.drain();
    expect(sent.map((m) => m.to).sort()).toEqual(['habitant@exemple.fr', 'parent.ferry@exemple.fr']);
    // Each receipt is signed by its association and links to the receipt page on its own host.
    const comite = sent.find((m) => m.to === 'habitant@exemple.fr')!.text;
    const ferry = sent.find((m) => m.to === 'parent.ferry@exemple.fr')!.text;
    expect(comite).toContain('Comité des fêtes');
    expect(comite).toContain('http://comite-fetes.localhost:8080/s/V-000001');
    expect(ferry).toContain('APEL Jules Ferry');
    expect(ferry).toContain('http://apel-ferry.localhost:8080/s/V-000001');
    expect(ferry).not.toContain('Comité');
    // The same sale delivered again queues nothing more, in either association.
    expect(await receiptAsked(COMITE, 'V-000001', 'habitant@exemple.fr')).toBe(false);
  });

  it('sends at once the message of the association that woke the worker', async () => {
    sent.length = 0;
    expect(await receiptAsked(COMITE, 'V-000002', 'voisin@exemple.fr')).toBe(true);
    await worker.drain();
    expect(sent.map((m) => m.to)).toEqual(['voisin@exemple.fr']);
    const pending = (association: string) =>
      withAssociation(
        association,
        async () => await db('deliveries').where({ status: 'pending' }).count<{ count: number }[]>('* as count'),
      );
    expect(await pending(COMITE)).toEqual([{ count: 0 }]);
    expect(await pending(FERRY)).toEqual([{ count: 0 }]);
  });

  it('keeps a partner request in its association’s inbox, not in the host’s mailbox', async () => {
    const request = await withAssociation(COMITE, () =>
      submitPartnerRequest(
        db,
        { entreprise: 'Boulangerie Petit', contact: 'Luc Petit', email: 'luc@boulangerie.fr' },
        { associationEmail: null },
      ),
    );
    const inbox = (association: string) => withAssociation(association, async () => await db('partner_requests').pluck('entreprise'));
    expect(await inbox(COMITE)).toEqual(['Boulangerie Petit']);
    expect(await inbox(FERRY)).toEqual([]);
    expect(
      await withAssociation(
        COMITE,
        async () => await db('deliveries').where({ partner_request_id: request.id }).count<{ count: number }[]>('* as count'),
      ),
    ).toEqual([{ count: 0 }]);
  });
});
