/**
 * No meal deal that nobody set: on an install without the demo data there is no installation rule,
 * and an event without its own rule sells a main, a drink and a dessert at their full prices — even
 * when their categories got the ids 2, 1 and 4 that the spec's rule names — on the server and in the
 * settings the register prices its cart with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEAL_DEAL_SETTING } from './repositories/catalog.ts';
import { startRegisterHarness, type RegisterHarness } from './testing/harness.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Fête sans menu' });
  // What an install without the demo data has: no installation rule.
  await h.db('settings').where({ key: MEAL_DEAL_SETTING }).delete();
});

afterAll(async () => {
  await h?.close();
});

describe('an event without a meal deal', () => {
  it('prices a main, a drink and a dessert without any discount', async () => {
    const names = ['Hot-dog', 'Soda 33 cl', 'Crêpe au sucre'];
    const ids = await Promise.all(names.map((name) => h.productId(name)));
    // Their categories are the ids the spec's rule names (2 mains, 1 drinks, 4 desserts) at its prices.
    const rows = await h.db('products').whereIn('id', ids).select('id', 'category_id', 'price_cents');
    expect(ids.map((id) => rows.find((r) => r.id === id))).toMatchObject([
      { category_id: 2, price_cents: 350 },
      { category_id: 1, price_cents: 150 },
      { category_id: 4, price_cents: 100 },
    ]);

    const settings = await h.request('GET', `/api/cr/settings?eventId=${h.eventId}`);
    expect(settings.body.data.mealDeal).toEqual({ discount: 0, items: [] });

    const res = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: h.checkoutId,
          eventId: h.eventId,
          personId: 0,
          paymentMode: 2,
          payments: [],
          cart: ids.map((id) => ({ product: { id }, quantity: 1 })),
        },
      },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(201);
    expect(res.body.sale.price).toBe(3.5 + 1.5 + 1);
    const lines = await h.db('sale_lines').where({ sale_id: res.body.sale.id }).select('product_id');
    expect(lines.map((l) => l.product_id)).not.toContain(-2);
  });
});
