/**
 * The figures the host console shows for an association (docs/hosting.md): identity asks the
 * register's `GET /internal/figures` with the association's header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_HEADER } from '@kermesse/kit/tenancy';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Fête des chiffres' });
  await h.createProduct({ name: 'Crêpe', price: 2, category: 'Sucré' });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const figures = () => h.request('GET', '/internal/figures', { who: null });

describe('an association’s figures for its host', () => {
  it('counts its events and sales, and says when it last sold', async () => {
    const before = await figures();
    const events = Number((await h.db('events').count({ n: '*' }))[0]!.n);
    const sales = Number((await h.db('sales').count({ n: '*' }))[0]!.n);
    expect(before).toMatchObject({ status: 200, body: { events, sales } });
    expect(events).toBeGreaterThan(0);
    const sold = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: h.checkoutId,
          eventId: h.eventId,
          personId: 0,
          paymentMode: 2,
          cart: [{ product: { id: h.madeProduct('Crêpe'), name: 'Crêpe' }, quantity: 2 }],
          payments: [{ method: 'ESP', amount: 4, payment_reference: '5' }],
        },
      },
    });
    expect(sold.status).toBe(201);
    const after = await figures();
    expect(after.body).toMatchObject({ events, sales: sales + 1 });
    expect(Date.now() - new Date(after.body.lastSaleAt as string).getTime()).toBeLessThan(60_000);
  });

  it('counts nothing of another association', async () => {
    const other = await h.request('GET', '/internal/figures', {
      who: null,
      headers: { [ASSOCIATION_HEADER]: '22222222-2222-4222-8222-222222222222' },
    });
    expect(other).toMatchObject({ status: 200, body: { events: 0, sales: 0, lastSaleAt: null } });
  });
});
