import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@kermesse/kit/bus';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;
let buyerId: number;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Loto de la rentrée' });
  const created = await h.request('POST', '/api/cr/users/create', {
    body: { email: 'marc.petit@example.org', phone: '0601020304', firstName: 'Marc', lastName: 'Petit' },
  });
  buyerId = created.body.data.user.id;
  await h.createProducts([
    { name: 'Tartiflette', price: 4, category: 'Plats montagnards' },
    { name: 'Tisane', price: 1.2, category: 'Boissons chaudes' },
    { name: "Lancer d'anneaux", price: 1.5, category: 'Stands' },
    { name: 'Tour de poney', price: 2.5, category: 'Stands' },
  ]);
});

afterAll(async () => {
  await h?.close();
});

async function holdSale(items: Array<[string, number]>): Promise<{ id: number; reference: string }> {
  const cart = items.map(([name, quantity]) => ({ product: { id: h.madeProduct(name) }, quantity }));
  const res = await h.request('POST', '/api/cr/sale/create', {
    body: {
      sale: { checkoutId: h.checkoutId, eventId: h.eventId, personId: buyerId, cart, paymentMode: 99, paymentStatus: 2, payments: [] },
    },
  });
  expect(res.status).toBe(201);
  return res.body.sale;
}

const pay = (saleId: number, body: unknown, headers: Record<string, string> = {}) =>
  h.request('POST', `/api/cr/sale/pending/${saleId}/payment`, { body, headers });

describe('sales on hold (mode 99): hold → partial payments → settled', () => {
  it('lists, pays in several parts, refuses an overpayment, settles and publishes sale.settled', async () => {
    expect((await h.request('GET', `/api/cr/sale/list/${h.eventId}/pending/total`)).body).toEqual({ count: 0 });
    const held = await holdSale([
      ['Tartiflette', 2],
      ["Lancer d'anneaux", 3],
    ]); // 8.00 + 4.50

    expect((await h.request('GET', `/api/cr/sale/list/${h.eventId}/pending/total`)).body).toEqual({ count: 1 });
    const list = await h.request('GET', `/api/cr/sale/list/${h.eventId}/pending`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: held.id,
        reference: held.reference,
        price: 12.5,
        paid: 0,
        remaining: 12.5,
        createdAt: expect.any(String),
        buyer: { person: { id: buyerId, firstname: 'Marc', lastname: 'Petit' } },
        event: { id: h.eventId, name: 'Loto de la rentrée' },
        checkout: { id: h.checkoutId, name: 'Caisse test' },
      },
    ]);
    expect((await h.request('GET', `/api/cr/sale/pending/${held.id}/payments`)).body).toEqual([]);

    const first = await pay(held.id, [{ price: 4, payment_mode: 2, reference: '4' }]);
    expect(first).toMatchObject({ status: 200, body: { success: true, paid: 4, remaining: 8.5, settled: false } });

    const over = await pay(held.id, [{ price: 8.51, payment_mode: 2, reference: '10' }]);
    expect(over).toMatchObject({ status: 400, body: { error: 'Le montant saisi (8,51\u00a0€) dépasse le reste à payer (8,50\u00a0€).' } });

    const last = await pay(held.id, [
      { price: 2.5, payment_mode: 1, reference: 'CHQ-778' },
      { price: 6, payment_mode: 2, reference: '' },
    ]);
    expect(last).toMatchObject({ status: 200, body: { paid: 12.5, remaining: 0, settled: true } });
    expect(
      last.body.payments.map((p: { method: string; payment_mode: number; amount: number; payment_reference: string }) => [
        p.method,
        p.payment_mode,
        p.amount,
        p.payment_reference,
      ]),
    ).toEqual([
      ['ESP', 2, 4, '4'],
      ['CHQ', 1, 2.5, 'CHQ-778'],
      ['ESP', 2, 6, ''],
    ]);

    expect((await h.request('GET', `/api/cr/sale/list/${h.eventId}/pending`)).body).toEqual([]);
    expect((await h.request('GET', `/api/cr/sale/list/${h.eventId}/pending/total`)).body).toEqual({ count: 0 });
    expect(await h.db('sales').where({ id: held.id }).first('payment_status', 'paid_cents')).toEqual({
      payment_status: 1,
      paid_cents: 1250,
    });

    const settled = await h
      .db('outbox')
      .where({ type: 'sale.settled' })
      .whereRaw("envelope->'payload'->>'reference' = ?", [held.reference])
      .select('envelope');
    expect(settled).toHaveLength(1);
    const payload = (settled[0].envelope as EventEnvelope<'sale.settled'>).payload;
    expect(payload).toMatchObject({ saleId: held.id, eventId: h.eventId, totalCents: 1250 });
    expect(payload.payments.map((p) => p.amountCents)).toEqual([400, 250, 600]);

    expect(await pay(held.id, [{ price: 1, payment_mode: 2 }])).toMatchObject({
      status: 409,
      body: { error: 'Cette vente est déjà réglée.' },
    });
  });

  it('records one payment for a double tap (same Idempotency-Key)', async () => {
    const held = await holdSale([['Tisane', 5]]); // 6.00
    const key = randomUUID();
    const a = await pay(held.id, [{ price: 2, payment_mode: 2, reference: '2' }], { 'Idempotency-Key': key });
    const b = await pay(held.id, [{ price: 2, payment_mode: 2, reference: '2' }], { 'Idempotency-Key': key });
    expect(b.body).toEqual(a.body);
    expect(await h.db('payments').where({ sale_id: held.id })).toHaveLength(1);
  });

  it('never overpays when two registers pay the same sale at once', async () => {
    const held = await holdSale([['Tour de poney', 2]]); // 5.00
    const results = await Promise.all([pay(held.id, [{ price: 3, payment_mode: 2 }]), pay(held.id, [{ price: 3, payment_mode: 2 }])]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await h.db('sales').where({ id: held.id }).first('paid_cents')).paid_cents).toBe(300);
  });

  it('refuses what cannot be a payment of a sale on hold, in French', async () => {
    const held = await holdSale([['Tisane', 1]]); // 1.20
    expect(await pay(held.id, [{ price: 0, payment_mode: 2 }])).toMatchObject({
      status: 400,
      body: { error: 'Le montant du paiement doit être supérieur à 0 € (2 décimales au plus).' },
    });
    expect(await pay(held.id, [{ price: 0.005, payment_mode: 2 }])).toMatchObject({ status: 400 });
    expect(await pay(held.id, [])).toMatchObject({
      status: 400,
      body: { error: 'Le champ « paiements » doit contenir au moins 1 élément(s).' },
    });
    expect(await pay(held.id, [{ price: 1, payment_mode: 5 }])).toMatchObject({
      status: 400,
      body: { error: "Le champ « 0.payment_mode » doit valoir l'une des valeurs : 1, 2, 3." },
    });
    expect(await pay(held.id, [{ price: 1, payment_mode: 3, reference: 'NOPE' }])).toMatchObject({
      status: 400,
      body: { error: 'Le paiement par carte passe par le lecteur CB : indiquez une transaction réussie du terminal.' },
    });
    expect(await pay(999999, [{ price: 1, payment_mode: 2 }])).toMatchObject({ status: 404, body: { error: 'Vente introuvable.' } });
    const paid = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: h.checkoutId,
          eventId: h.eventId,
          cart: [{ product: { id: h.madeProduct('Tisane') }, quantity: 1 }],
          paymentMode: 2,
        },
      },
    });
    expect(await pay(paid.body.sale.id, [{ price: 1, payment_mode: 2 }])).toMatchObject({
      status: 400,
      body: { error: "Cette vente n'est pas en attente de règlement." },
    });
    expect(await h.db('payments').where({ sale_id: held.id })).toHaveLength(0);
  });

  it('accepts a single payment object as well as a list', async () => {
    const held = await holdSale([['Tisane', 1]]); // 1.20
    expect(await pay(held.id, { price: 1.2, payment_mode: 2, reference: '2' })).toMatchObject({ status: 200, body: { settled: true } });
  });

  it('answers an unknown event with 404', async () => {
    expect(await h.request('GET', '/api/cr/sale/list/999999/pending')).toMatchObject({
      status: 404,
      body: { error: 'Événement introuvable.' },
    });
    expect(await h.request('GET', '/api/cr/sale/list/abc/pending/total')).toMatchObject({ status: 400 });
  });
});
