import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kermesse/kit/testing';
import { DEMO_READERS } from './demo.ts';
import { createSumUpProvider } from './payments/sumup.ts';
import { FAKE_MERCHANT, FAKE_SUMUP_KEY, startFakeSumUp, type FakeSumUp } from '@kermesse/kit/testing/fakeSumUp';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

const PAIRED = DEMO_READERS[0]!.id;
const OTHER_PAIRED = DEMO_READERS[1]!.id;
const EXPIRED = DEMO_READERS[2]!.id;

let h: RegisterHarness;
/** The test's own product (factory): a dish at 4,50. */
let raclette: number;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Marché de Noël' });
  raclette = await h.createProduct({ name: 'Raclette', price: 4.5, category: 'Plats chauds' });
  // Quick readers: the simulator settles after 150 ms instead of 2 s.
  await h.db('simulated_readers').update({ settle_ms: 150 });
});

afterAll(async () => {
  await h?.close();
});

const simulate = (readerId: string, outcome: string, settleMs?: number) =>
  h.request('PUT', `/api/cr/payment/reader/${readerId}/simulation`, {
    who: 'admin',
    body: { outcome, ...(settleMs === undefined ? {} : { settleMs }) },
  });

async function startCharge(amount: number, reader = PAIRED, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const intent = await h.request('POST', '/api/cr/payment/reader', { body: { amount } });
  expect(intent).toMatchObject({ status: 201, body: { id: expect.any(String), amount } });
  const checkout = await h.request('POST', '/api/cr/payment/reader/checkout', {
    body: { rdr: reader, amount, description: 'Marché de Noël', paymentId: intent.body.id, ...extra },
    headers,
  });
  return { paymentId: intent.body.id as string, checkout };
}

const status = (id: string) => h.request('GET', `/api/cr/payment/transaction/${id}/status`);

async function settledStatus(id: string): Promise<{ status: string; transaction_code: string | null }> {
  return eventually(
    async () => {
      const res = await status(id);
      return res.body.data.status !== 'PENDING' ? res.body.data : undefined;
    },
    5_000,
    50,
  );
}

const cardSale = async (reference: string, quantity = 1) =>
  h.request('POST', '/api/cr/sale/create', {
    body: {
      sale: {
        checkoutId: h.checkoutId,
        eventId: h.eventId,
        cart: [{ product: { id: raclette }, quantity }],
        paymentMode: 3,
        paymentStatus: 1,
        payments: [{ method: 'CB', amount: 4.5 * quantity, payment_reference: reference }],
      },
    },
  });

describe('card readers (simulator)', () => {
  it('lists the readers with their status; only paired ones can be used', async () => {
    const res = await h.request('GET', '/api/cr/payment/reader');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(
      res.body.data.items.map((r: { id: string; status: string; device: { identifier: string } }) => [
        r.id,
        r.status,
        r.device.identifier.slice(-4),
      ]),
    ).toEqual([
      [PAIRED, 'paired', '4F2A'],
      [OTHER_PAIRED, 'paired', '9C7E'],
      [EXPIRED, 'expired', 'B13D'],
    ]);
    const expired = await h.request('POST', '/api/cr/payment/reader/checkout', { body: { rdr: EXPIRED, amount: 2, description: 'x' } });
    expect(expired).toMatchObject({ status: 400, body: { error: "Ce lecteur CB n'est pas appairé : choisissez un autre lecteur." } });
    expect(await h.request('POST', '/api/cr/payment/reader/checkout', { body: { rdr: 'rdr_INCONNU', amount: 2 } })).toMatchObject({
      status: 404,
      body: { error: 'Lecteur CB inconnu : choisissez un autre lecteur.' },
    });
  });

  it('charges, stores the transaction before polling, reports SUCCESSFUL, and pays one sale only', async () => {
    const { checkout } = await startCharge(9);
    expect(checkout).toMatchObject({
      status: 201,
      body: { success: true, data: { client_transaction_id: expect.any(String), status: 'PENDING' } },
    });
    const id = checkout.body.data.client_transaction_id as string;
    expect(await h.db('card_transactions').where({ client_transaction_id: id }).first('status', 'amount_cents', 'reader_id')).toEqual({
      status: 'PENDING',
      amount_cents: 900,
      reader_id: PAIRED,
    });
    expect((await status(id)).body.data).toMatchObject({ status: 'PENDING', transaction_code: null, amount: 9 });
    const done = await settledStatus(id);
    expect(done.status).toBe('SUCCESSFUL');
    expect(done.transaction_code).toMatch(/^TSIM/);

    const sale = await cardSale(done.transaction_code!, 2);
    expect(sale).toMatchObject({ status: 201, body: { sale: { paymentMode: 3, paymentStatus: 1, price: 9 } } });
    expect(sale.body.printData.receiptHtml).toContain(`Transaction ${done.transaction_code}`);
    expect(await cardSale(done.transaction_code!, 2)).toMatchObject({
      status: 409,
      body: { error: 'Ce paiement CB a déjà servi pour une autre vente.' },
    });
  });

  it('resumes the same transaction after a reload instead of charging twice', async () => {
    const { paymentId, checkout } = await startCharge(3.5);
    const again = await h.request('POST', '/api/cr/payment/reader/checkout', {
      body: { rdr: PAIRED, amount: 3.5, description: 'Marché de Noël', paymentId },
    });
    expect(again).toMatchObject({
      status: 201,
      body: { data: { client_transaction_id: checkout.body.data.client_transaction_id, resumed: true } },
    });
    expect(await h.db('card_transactions').where({ payment_id: paymentId })).toHaveLength(1);
    expect(await h.db('simulated_transactions').where({ client_transaction_id: checkout.body.data.client_transaction_id })).toHaveLength(1);
    // Two tabs at once: still one charge.
    const { paymentId: twin } = await startCharge(2, PAIRED, {}, {});
    const both = await Promise.all(
      [0, 1].map(() => h.request('POST', '/api/cr/payment/reader/checkout', { body: { rdr: PAIRED, amount: 2, paymentId: twin } })),
    );
    expect(new Set(both.map((r) => r.body.data.client_transaction_id)).size).toBe(1);
    expect(await h.db('card_transactions').where({ payment_id: twin })).toHaveLength(1);
  });

  it('answers a repeated Idempotency-Key with the same transaction', async () => {
    const key = randomUUID();
    const body = { rdr: OTHER_PAIRED, amount: 4, description: 'Marché de Noël' };
    const a = await h.request('POST', '/api/cr/payment/reader/checkout', { body, headers: { 'Idempotency-Key': key } });
    const b = await h.request('POST', '/api/cr/payment/reader/checkout', { body, headers: { 'Idempotency-Key': key } });
    expect(b.body).toEqual(a.body);
    expect(await h.db('card_transactions').where({ client_transaction_id: a.body.data.client_transaction_id })).toHaveLength(1);
    expect(Number((await h.db('card_transactions').where({ reader_id: OTHER_PAIRED, amount_cents: 400 }).count({ n: '*' }))[0]!.n)).toBe(1);
  });

  it('reports a declined card as FAILED, which pays nothing; a new attempt then starts a new charge', async () => {
    expect(await simulate(OTHER_PAIRED, 'failure')).toMatchObject({ status: 200, body: { success: true } });
    const { paymentId, checkout } = await startCharge(4.5, OTHER_PAIRED);
    const id = checkout.body.data.client_transaction_id as string;
    expect(await settledStatus(id)).toMatchObject({ status: 'FAILED', transaction_code: null });
    expect(await cardSale(id)).toMatchObject({ status: 400, body: { error: "Le paiement CB n'est pas confirmé par le terminal." } });
    await simulate(OTHER_PAIRED, 'success');
    const retry = await h.request('POST', '/api/cr/payment/reader/checkout', { body: { rdr: OTHER_PAIRED, amount: 4.5, paymentId } });
    expect(retry.body.data).toMatchObject({ resumed: false });
    expect(retry.body.data.client_transaction_id).not.toBe(id);
  });

  it('keeps a transaction PENDING when the reader never answers (the screen gives up after 10 polls)', async () => {
    // Settled at once: a reader that answered would already say SUCCESSFUL or FAILED.
    await simulate(PAIRED, 'pending', 0);
    try {
      const { checkout } = await startCharge(1);
      expect((await status(checkout.body.data.client_transaction_id)).body.data.status).toBe('PENDING');
    } finally {
      await simulate(PAIRED, 'success');
    }
  });

  it('refuses a charge of another amount than the sale', async () => {
    const { checkout } = await startCharge(5);
    const done = await settledStatus(checkout.body.data.client_transaction_id);
    expect(await cardSale(done.transaction_code!)).toMatchObject({
      status: 400,
      body: { error: 'Le montant payé par carte (5,00\u00a0€) ne correspond pas au total de la vente (4,50\u00a0€).' },
    });
  });

  it('pays part of a sale on hold through the reader', async () => {
    const buyer = await h.request('POST', '/api/cr/users/create', {
      body: { email: 'noel@example.org', firstName: 'Noël', lastName: 'Blanc' },
    });
    const held = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: h.checkoutId,
          eventId: h.eventId,
          personId: buyer.body.data.user.id,
          cart: [{ product: { id: raclette }, quantity: 2 }],
          paymentMode: 99,
        },
      },
    });
    const { checkout } = await startCharge(3);
    const done = await settledStatus(checkout.body.data.client_transaction_id);
    const paid = await h.request('POST', `/api/cr/sale/pending/${held.body.sale.id}/payment`, {
      body: [{ price: 3, payment_mode: 3, reference: done.transaction_code }],
    });
    expect(paid).toMatchObject({ status: 200, body: { paid: 3, remaining: 6, settled: false } });
  });

  it('checks its inputs and its roles', async () => {
    expect(await h.request('POST', '/api/cr/payment/reader', { body: { amount: 0 } })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « amount » doit être supérieur à 0.' },
    });
    expect(await h.request('POST', '/api/cr/payment/reader', { body: { amount: 1.234 } })).toMatchObject({
      status: 400,
      body: { error: "Le montant doit être un nombre d'euros positif avec 2 décimales au plus." },
    });
    expect(await h.request('POST', '/api/cr/payment/reader/checkout', { body: { amount: 2 } })).toMatchObject({
      status: 400,
      body: { error: 'Le champ « rdr » est obligatoire.' },
    });
    expect(
      await h.request('POST', '/api/cr/payment/reader/checkout', { body: { rdr: PAIRED, amount: 2, paymentId: randomUUID() } }),
    ).toMatchObject({ status: 404, body: { error: 'Paiement CB introuvable.' } });
    expect(await status('inconnue')).toMatchObject({ status: 404, body: { error: 'Transaction CB inconnue.' } });
    expect((await simulate(PAIRED, 'maybe')).status).toBe(400);
    expect((await h.request('PUT', `/api/cr/payment/reader/${PAIRED}/simulation`, { body: { outcome: 'failure' } })).status).toBe(403);
    expect((await h.request('GET', '/api/cr/payment/reader', { who: 'benevole' })).status).toBe(403);
  });
});

describe('card flow through the SumUp adapter (local SumUp)', () => {
  let sumup: FakeSumUp;
  let s: RegisterHarness;
  let galette: number;

  beforeAll(async () => {
    sumup = await startFakeSumUp();
    s = await startRegisterHarness({
      eventName: 'Kermesse SumUp',
      cardProvider: () => createSumUpProvider({ apiKey: FAKE_SUMUP_KEY, merchantCode: FAKE_MERCHANT, baseUrl: sumup.url }),
    });
    galette = await s.createProduct({ name: 'Galette complète', price: 5.5, category: 'Crêperie' });
  });

  afterAll(async () => {
    await s?.close();
    await sumup?.close();
  });

  it('lists SumUp readers, charges on one, follows it to SUCCESSFUL and sells with its code', async () => {
    const readers = await s.request('GET', '/api/cr/payment/reader');
    expect(readers.body.data.items.map((r: { status: string }) => r.status)).toEqual(['paired', 'expired']);
    expect((await s.request('GET', '/api/cr/settings')).body.data.card.provider).toBe('sumup');
    sumup.next = { outcome: 'SUCCESSFUL', pollsBeforeResult: 1 };
    const checkout = await s.request('POST', '/api/cr/payment/reader/checkout', {
      body: { rdr: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65', amount: 5.5, description: 'Galette complète' },
    });
    expect(checkout.status).toBe(201);
    const id = checkout.body.data.client_transaction_id as string;
    expect(sumup.transactions.get(id)!.amountCents).toBe(550);
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) seen.push((await s.request('GET', `/api/cr/payment/transaction/${id}/status`)).body.data.status);
    expect(seen).toEqual(['PENDING', 'PENDING', 'SUCCESSFUL']);
    const code = (await s.request('GET', `/api/cr/payment/transaction/${id}/status`)).body.data.transaction_code as string;
    // Once final, the status is read from the register's own record, not asked again.
    const polls = sumup.transactions.get(id)!.polls;
    expect(polls).toBe(3);
    const sale = await s.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: s.checkoutId,
          eventId: s.eventId,
          cart: [{ product: { id: galette }, quantity: 1 }],
          paymentMode: 3,
          payments: [{ method: 'CB', payment_reference: code }],
        },
      },
    });
    expect(sale).toMatchObject({ status: 201, body: { sale: { paymentMode: 3, paymentStatus: 1 } } });
  });

  it("passes SumUp's refusal to the cashier in French", async () => {
    sumup.offline.add('rdr_3MSAFM23CK82VSTT4BN6RWSQ65');
    try {
      expect(
        await s.request('POST', '/api/cr/payment/reader/checkout', { body: { rdr: 'rdr_3MSAFM23CK82VSTT4BN6RWSQ65', amount: 2 } }),
      ).toMatchObject({ status: 422, body: { error: 'SumUp refuse le paiement : The target device is offline' } });
    } finally {
      sumup.offline.clear();
    }
  });
});
