/**
 * « Envoyer reçu » after the sale (docs/spec.md §2 order detail): `POST /api/cr/order/{ref}/receipt` records one
 * `receipt.requested` event with the sale's receipt content, and nothing else anywhere.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumer, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { createLogger } from '@kermesse/kit/http';
import { eventually } from '@kermesse/kit/testing';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;
let listener: EventConsumer;
const published: EventEnvelope<'receipt.requested'>[] = [];
let reference: string;

beforeAll(async () => {
  h = await startRegisterHarness();
  listener = await startConsumer({
    db: h.db,
    bus: h.bus,
    logger: createLogger('test', 'error'),
    name: 'test-receipt-requested',
    type: 'receipt.requested',
    async handle(event) {
      published.push(event);
    },
  });
  // The test's own product (factory): two photos at 3,50.
  const productId = await h.createProduct({ name: 'Photo souvenir', price: 3.5, category: 'Stands' });
  const created = await h.request('POST', '/api/cr/sale/create', {
    body: {
      sale: {
        checkoutId: h.checkoutId,
        eventId: h.eventId,
        personId: 0,
        paymentMode: 2,
        cart: [{ product: { id: productId }, quantity: 2 }],
        payments: [{ method: 'ESP', payment_reference: '20' }],
      },
    },
  });
  expect(created.status).toBe(201);
  reference = created.body.sale.reference;
});

afterAll(async () => {
  await listener?.stop();
  await h?.close();
});

const requestsOf = async (ref: string) =>
  (
    await h
      .db('outbox')
      .where({ type: 'receipt.requested' })
      .whereRaw("envelope->'payload'->>'reference' = ?", [ref])
      .orderBy('occurred_at')
      .select('envelope')
  ).map((r) => r.envelope as EventEnvelope<'receipt.requested'>);
const send = (ref: string, body: unknown, headers: Record<string, string> = {}) =>
  h.request('POST', `/api/cr/order/${encodeURIComponent(ref)}/receipt`, { body, headers });

describe('POST /api/cr/order/{ref}/receipt', () => {
  it('records one receipt.requested by SMS with the sale content, published on NATS', async () => {
    const answer = await send(reference, { method: 'sms', to: ' 0611223344 ' });
    expect(answer).toMatchObject({ status: 202, body: { success: true, deliveryMethod: 'sms' } });
    const [event] = await requestsOf(reference);
    expect(event!.payload).toMatchObject({
      reference,
      method: 'sms',
      to: '0611223344',
      totalCents: 700,
      paymentMode: 2,
      paymentStatus: 1,
      lines: [{ name: 'Photo souvenir', quantity: 2, unitPriceCents: 350, totalCents: 700, kind: 'product' }],
      payments: [{ method: 'ESP', amountCents: 700, reference: '20' }],
      tickets: [],
      bets: [],
    });
    expect(event!.payload.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() => published.some((e) => e.id === event!.id));
    // Data minimisation: the number is in that outbox row only, not in the sale.
    expect(await h.db('sales').where({ reference }).first('receipt_to')).toEqual({ receipt_to: null });
  });

  it('records a request by e-mail; a second explicit request is a second event', async () => {
    const before = (await requestsOf(reference)).length;
    for (let i = 0; i < 2; i++) {
      expect(await send(reference, { method: 'email', to: 'Alice.Durand@Example.org' })).toMatchObject({
        status: 202,
        body: { success: true, deliveryMethod: 'email' },
      });
    }
    const events = (await requestsOf(reference)).slice(before);
    expect(events.map((e) => [e.payload.method, e.payload.to])).toEqual([
      ['email', 'alice.durand@example.org'],
      ['email', 'alice.durand@example.org'],
    ]);
    expect(events[0]!.payload.requestId).not.toBe(events[1]!.payload.requestId);
  });

  it('refuses a bad phone or e-mail with a French 400 and records nothing', async () => {
    const before = (await requestsOf(reference)).length;
    for (const to of ['06 12 34 56 78', '061234567', '', '+33611223344']) {
      expect(await send(reference, { method: 'sms', to }), to).toMatchObject({
        status: 400,
        body: { error: 'Merci de saisir un numéro de téléphone valide (10 chiffres).' },
      });
    }
    for (const to of ['alice', 'alice@', '']) {
      expect(await send(reference, { method: 'email', to }), to).toMatchObject({
        status: 400,
        body: { error: 'Merci de saisir une adresse e-mail valide pour le reçu.' },
      });
    }
    expect((await send(reference, { method: 'print', to: 'x' })).status).toBe(400);
    expect((await send(reference, { method: 'sms' })).body).toEqual({
      error: 'Le champ « to » est obligatoire.',
      code: 'VALIDATION',
      details: { field: 'to' },
    });
    expect(await requestsOf(reference)).toHaveLength(before);
  });

  it('answers 404 in French for an unknown sale', async () => {
    const before = Number((await h.db('outbox').where({ type: 'receipt.requested' }).count({ n: '*' }))[0]!.n);
    expect(await send('ZZZZZ-ZZZZZ', { method: 'sms', to: '0611223344' })).toMatchObject({
      status: 404,
      body: { error: 'Vente introuvable.' },
    });
    expect(Number((await h.db('outbox').where({ type: 'receipt.requested' }).count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('honours Idempotency-Key: a retry answers again and records one event', async () => {
    const before = (await requestsOf(reference)).length;
    const key = randomUUID();
    const first = await send(reference, { method: 'sms', to: '0699887766' }, { 'Idempotency-Key': key });
    const retry = await send(reference, { method: 'sms', to: '0699887766' }, { 'Idempotency-Key': key });
    expect(first).toMatchObject({ status: 202, body: { success: true, deliveryMethod: 'sms' } });
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await requestsOf(reference)).toHaveLength(before + 1);
    expect((await send(reference, { method: 'sms', to: '0611111111' }, { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('is for cashiers only', async () => {
    expect(
      (await h.request('POST', `/api/cr/order/${reference}/receipt`, { who: null, body: { method: 'sms', to: '0611223344' } })).status,
    ).toBe(401);
  });
});
