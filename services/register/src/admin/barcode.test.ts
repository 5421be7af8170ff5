/**
 * Products' barcodes (docs/gate.md §5), on real Postgres: the back office keeps a valid EAN and
 * refuses a wrong one in French; a code scanned at the register finds its product, and an unknown
 * one, or one of a product this register does not sell, answers a French 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';

let h: RegisterHarness;
let eventId: number;
let buvette: number;
let tombola: number;
let limonade: { id: number; ean: string | null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const as = <T = any>(who: 'admin' | 'caissier', method: string, path: string, body?: unknown) => h.request<T>(method, path, { who, body });

beforeAll(async () => {
  h = await startRegisterHarness();
  const event = await as('admin', 'POST', '/api/admin/events', { name: `Kermesse EAN ${Date.now() % 100000}`, startsOn: '2027-06-12' });
  eventId = event.body.id;
  buvette = (await as('admin', 'POST', `/api/admin/events/${eventId}/checkouts`, { name: 'Buvette' })).body.id;
  tombola = (await as('admin', 'POST', `/api/admin/events/${eventId}/checkouts`, { name: 'Tombola' })).body.id;
  const category = (await as('admin', 'POST', '/api/admin/categories', { name: 'Boissons', eventId })).body.id;
  const created = await as('admin', 'POST', '/api/admin/products', {
    name: 'Limonade',
    price: '2,50',
    categoryId: category,
    eventId,
    ean: '3 017620 422003',
    checkoutIds: [buvette],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  limonade = created.body;
  const other = await as('admin', 'POST', '/api/admin/products', {
    name: 'Sirop',
    price: 1,
    categoryId: category,
    eventId,
    checkoutIds: [buvette],
  });
  expect(other.status).toBe(201);
});

afterAll(async () => {
  await h?.close();
});

describe('a product’s barcode in the back office', () => {
  it('is kept as digits', () => {
    expect(limonade.ean).toBe('3017620422003');
  });

  it('refuses a code whose check digit is wrong, in French, and keeps the old one', async () => {
    const res = await as('admin', 'PUT', `/api/admin/products/${limonade.id}`, { ean: '3017620422004' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'EAN_INVALID' });
    expect(res.body.error).toContain('« 3017620422004 »');
    const products = await as('admin', 'GET', `/api/admin/products?eventId=${eventId}`);
    expect(products.body.find((p: { id: number }) => p.id === limonade.id).ean).toBe('3017620422003');
  });

  it('refuses a code another product of the event carries', async () => {
    const products = await as('admin', 'GET', `/api/admin/products?eventId=${eventId}`);
    const sirop = products.body.find((p: { name: string }) => p.name === 'Sirop');
    const res = await as('admin', 'PUT', `/api/admin/products/${sirop.id}`, { ean: '3017620422003' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Le code-barres 3017620422003 est déjà celui du produit « Limonade » dans cet événement.');
    // An EAN-8 is fine, and null takes it off again.
    expect((await as('admin', 'PUT', `/api/admin/products/${sirop.id}`, { ean: '96385074' })).body.ean).toBe('96385074');
    expect((await as('admin', 'PUT', `/api/admin/products/${sirop.id}`, { ean: null })).body.ean).toBeNull();
  });
});

describe('a code scanned at the register', () => {
  it('finds the product this register sells, and the catalogue carries the code for offline look-ups', async () => {
    const found = await as('caissier', 'GET', `/api/cr/checkouts/${buvette}/products/barcode/3017620422003`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: limonade.id, name: 'Limonade', price: 2.5, ean: '3017620422003' });
    const catalogue = await as('caissier', 'GET', `/api/cr/checkouts/${buvette}`);
    expect(catalogue.body[0].products.find((p: { id: number }) => p.id === limonade.id).ean).toBe('3017620422003');
  });

  it('answers a French 404 for an unknown code, and for a product another register sells', async () => {
    const unknown = await as('caissier', 'GET', `/api/cr/checkouts/${buvette}/products/barcode/4006381333931`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'Aucun produit de cette caisse ne porte le code-barres 4006381333931.',
      code: 'BARCODE_UNKNOWN',
      details: { code: '4006381333931' },
    });
    const elsewhere = await as('caissier', 'GET', `/api/cr/checkouts/${tombola}/products/barcode/3017620422003`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('BARCODE_UNKNOWN');
  });
});
