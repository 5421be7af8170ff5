/**
 * The register's answers keep the contract's shapes (contracts/register catalog.ts, sales.ts): the
 * register remote reads them through those types only, so a field renamed or dropped here would
 * break the sales screen without a type error anywhere. Real service, real raffle service.
 */
import type { TSchema } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Buyer,
  CardReader,
  CheckoutAnswer,
  EventCheckouts,
  EventSummary,
  PaymentView,
  PendingSale,
  ProductAssoc,
  SaleAnswer,
} from '@kermesse/contracts-register';
import { ajv } from '@kermesse/kit/http';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;

/** What the kit's validator (ajv, as for requests) says is wrong with a value: « /path message » lines, none when it fits. */
function misfits(schema: TSchema, value: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

beforeAll(async () => {
  h = await startRegisterHarness({ raffle: true, eventName: 'Fête des contrats' });
  await h.createProduct({ name: 'Gaufre', price: 2.5, category: 'Sucré', alcohol: false });
  await h.raffle.createRaffle({ name: 'Tombola des contrats', tickets: 100, price: [{ nb: 1, p: 2 }] });
  await h.raffle.createGiftBasket({ name: 'Panier des contrats', price: [{ nb: 1, p: 1 }], types: [{ name: 'Panier sucré', price: 30 }] });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the register answers in the contract’s shapes', () => {
  it('the events, their registers, and a register’s products for the stock screens', async () => {
    const events = await h.request('GET', '/api/cr/events');
    expect(events.body.length).toBeGreaterThan(0);
    for (const event of events.body) expect(misfits(EventSummary, event)).toEqual([]);
    const checkouts = await h.request('GET', `/api/cr/events/${h.eventId}/checkouts`);
    expect(misfits(EventCheckouts, checkouts.body)).toEqual([]);
    expect(checkouts.body[0].checkouts).toContainEqual({ id: h.checkoutId, name: expect.any(String) });
    const assoc = await h.request('GET', `/api/admin/checkout/${h.checkoutId}/products`, { who: 'admin' });
    expect(assoc.body.productsAssoc.length).toBeGreaterThan(0);
    for (const row of assoc.body.productsAssoc) expect(misfits(ProductAssoc, row)).toEqual([]);
  });

  it('GET /api/cr/checkouts/{id}: products, raffle and basket tickets, tiers', async () => {
    const res = await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`);
    expect(res.status).toBe(200);
    expect(misfits(CheckoutAnswer, res.body)).toEqual([]);
    const [data, config] = res.body as CheckoutAnswer;
    expect(data.products.map((p) => p.kind)).toEqual(expect.arrayContaining(['product', 'raffle', 'giftbasket']));
    expect(config.raffles[0]?.price).toEqual([{ nb: 1, p: 2 }]);
  });

  it('a buyer, a sale, a sale on hold and its payments, the card readers', async () => {
    const created = await h.request('POST', '/api/cr/users/create', {
      body: { email: 'lea.contrat@example.org', phone: null, firstName: 'Léa', lastName: 'Contrat' },
    });
    expect(created.status).toBeLessThan(300);
    expect(misfits(Buyer, created.body.data.user)).toEqual([]);
    const [data] = (await h.request('GET', `/api/cr/checkouts/${h.checkoutId}`)).body as CheckoutAnswer;
    const gaufre = data.products.find((p) => p.name === 'Gaufre');
    if (!gaufre) throw new Error('the test product is not offered');

    const sale = (paymentMode: number, payments: unknown[]) => ({
      sale: {
        checkoutId: h.checkoutId,
        eventId: h.eventId,
        personId: created.body.data.user.id,
        cart: [{ product: { id: gaufre.id }, quantity: 2 }],
        paymentMode,
        payments,
      },
    });
    const paid = await h.request('POST', '/api/cr/sale/create', { body: sale(2, [{ method: 'ESP', amount: 5, payment_reference: '5' }]) });
    expect(paid.status).toBe(201);
    expect(misfits(SaleAnswer, paid.body)).toEqual([]);

    const held = await h.request('POST', '/api/cr/sale/create', { body: sale(99, []) });
    expect(held.status).toBe(201);
    await h.request('POST', `/api/cr/sale/pending/${held.body.sale.id}/payment`, { body: [{ price: 1, payment_mode: 2, reference: '1' }] });
    const pending = await h.request('GET', `/api/cr/sale/list/${h.eventId}/pending`);
    expect(pending.body).toHaveLength(1);
    expect(misfits(PendingSale, pending.body[0])).toEqual([]);
    const payments = await h.request('GET', `/api/cr/sale/pending/${held.body.sale.id}/payments`);
    expect(payments.body).toHaveLength(1);
    expect(misfits(PaymentView, payments.body[0])).toEqual([]);

    const readers = await h.request('GET', '/api/cr/payment/reader');
    expect(readers.body.data.items.length).toBeGreaterThan(0);
    for (const reader of readers.body.data.items) expect(misfits(CardReader, reader)).toEqual([]);
  });
});
