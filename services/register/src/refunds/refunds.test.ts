/**
 * Refunds on real Postgres and NATS: a paid sale refunded in part by a till manager, the
 * sale row untouched, the refund linked with its lines, `sale.refunded` on the bus, the 'refund'
 * journal record and the till session in the same transaction; the checks that refuse a refund
 * write nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumer, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { createLogger } from '@kermesse/kit/http';
import { eventually } from '@kermesse/kit/testing';
import { verifyJournal } from '../commands/verifyJournal.ts';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';

let h: RegisterHarness;
let listener: EventConsumer;
const refunded: EventEnvelope<'sale.refunded'>[] = [];
let cashierId: string;

beforeAll(async () => {
  h = await startRegisterHarness();
  listener = await startConsumer({
    db: h.db,
    bus: h.bus,
    logger: createLogger('test', 'error'),
    name: 'test-sale-refunded',
    type: 'sale.refunded',
    async handle(event) {
      refunded.push(event);
    },
  });
  await h.createProducts([
    { name: 'Gaufre test', price: 1, category: 'Gaufres test' },
    { name: 'Thé test', price: 1, category: 'Boissons test' },
    { name: 'Sandwich test', price: 3.5, category: 'Plats test' },
  ]);
  // The cashier's account id: the subject of its token.
  cashierId = JSON.parse(Buffer.from(h.tokens.caissier.split('.')[1]!, 'base64url').toString()).sub;
}, 120_000);

afterAll(async () => {
  await listener?.stop();
  await h?.close();
});

const line = (name: string, quantity = 1) => ({ product: { id: h.madeProduct(name), name }, quantity });

/** A cash sale of 3 « Gaufre test » and 1 « Thé test » (4 €), paid: its reference. */
async function sellWaffles(paymentMode = 2): Promise<string> {
  // A sale on hold names its buyer (docs/spec.md §5).
  const personId =
    paymentMode === 99
      ? (
          await h.request('POST', '/api/cr/users/create', {
            body: { email: `${randomUUID()}@example.org`, firstName: 'Léa', lastName: 'Martin' },
          })
        ).body.data.user.id
      : 0;
  const res = await h.request('POST', '/api/cr/sale/create', {
    body: {
      sale: {
        checkoutId: h.checkoutId,
        eventId: h.eventId,
        personId,
        paymentMode,
        cart: [line('Gaufre test', 3), line('Thé test', 1)],
        payments: paymentMode === 2 ? [{ method: 'ESP', amount: 4, payment_reference: '5' }] : [],
      },
    },
  });
  expect(res.status).toBe(201);
  return res.body.sale.reference as string;
}

const counts = async () => {
  const [refunds, lines, outbox, journal] = await Promise.all([
    h.db('refunds').count({ n: '*' }),
    h.db('refund_lines').count({ n: '*' }),
    h.db('outbox').where({ type: 'sale.refunded' }).count({ n: '*' }),
    h.db('journal').where({ kind: 'refund' }).count({ n: '*' }),
  ]);
  return [refunds, lines, outbox, journal].map((r) => Number(r[0]!.n));
};

const refund = (
  reference: string,
  body: unknown,
  who: 'caissier' | 'admin' | 'benevole' = 'caissier',
  headers: Record<string, string> = {},
) => h.request('POST', `/api/cr/sale/${reference}/refund`, { who, body, headers });

describe('who may refund', () => {
  it('refuses a cashier without the « responsable de caisse » right (403 in French), writing nothing', async () => {
    const reference = await sellWaffles();
    const before = await counts();
    const res = await refund(reference, {
      lines: [{ productId: h.madeProduct('Gaufre test'), quantity: 1 }],
      reason: 'Gaufre brûlée',
      payment_mode: 2,
    });
    expect(res).toMatchObject({
      status: 403,
      body: { error: 'Seul un administrateur ou un responsable de caisse peut rembourser une vente.', code: 'REFUND_FORBIDDEN' },
    });
    expect(await counts()).toEqual(before);
    const view = await h.request('GET', `/api/cr/sale/${reference}/refunds`);
    expect(view).toMatchObject({ status: 200, body: { canRefund: false, refunds: [] } });
  });

  it('refuses the right to an account identity does not know (404 in French), and records nothing', async () => {
    for (const userId of ['9f1c2d3e-0000-4000-8000-000000000000', 'personne']) {
      expect(await h.request('PUT', `/api/admin/till-managers/${userId}`, { who: 'admin' })).toMatchObject({
        status: 404,
        body: { error: "Compte introuvable : aucun membre de l'équipe n'a cet identifiant.", code: 'STAFF_NOT_FOUND' },
      });
    }
    expect((await h.request('GET', '/api/admin/till-managers', { who: 'admin' })).body.userIds).not.toContain('personne');
    expect(await h.db('register_rights').whereIn('user_id', ['9f1c2d3e-0000-4000-8000-000000000000', 'personne'])).toEqual([]);
  });

  it('lets the administrator grant and revoke the right; with it the cashier refunds (201)', async () => {
    expect((await h.request('PUT', `/api/admin/till-managers/${cashierId}`, { who: 'caissier' })).status).toBe(403);
    expect(await h.request('PUT', `/api/admin/till-managers/${cashierId}`, { who: 'admin' })).toMatchObject({
      status: 200,
      body: { userIds: [cashierId] },
    });
    expect(await h.request('GET', '/api/admin/till-managers', { who: 'admin' })).toMatchObject({
      status: 200,
      body: { userIds: [cashierId] },
    });
    const reference = await sellWaffles();
    const res = await refund(reference, {
      lines: [{ productId: h.madeProduct('Thé test'), quantity: 1 }],
      reason: 'Thé renversé',
      payment_mode: 2,
    });
    expect(res.status).toBe(201);

    expect(await h.request('DELETE', `/api/admin/till-managers/${cashierId}`, { who: 'admin' })).toMatchObject({
      status: 200,
      body: { userIds: [] },
    });
    const again = await refund(reference, {
      lines: [{ productId: h.madeProduct('Gaufre test'), quantity: 1 }],
      reason: 'Froide',
      payment_mode: 2,
    });
    expect(again.status).toBe(403);
    await h.request('PUT', `/api/admin/till-managers/${cashierId}`, { who: 'admin' });
  });
});

describe('POST /api/cr/sale/{reference}/refund', () => {
  it('refunds part of a sale: its own record linked to the sale, the sale unchanged, event, journal and session in one go', async () => {
    await h.request('PUT', `/api/admin/till-managers/${cashierId}`, { who: 'admin' });
    const reference = await sellWaffles();
    const sale = await h.db('sales').where({ reference }).first();
    const saleLines = await h.db('sale_lines').where({ sale_id: sale.id }).orderBy('position');
    const waffle = h.madeProduct('Gaufre test');

    const res = await refund(reference, { lines: [{ productId: waffle, quantity: 2 }], reason: '  Gaufres   brûlées ', payment_mode: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      refund: {
        reference,
        amount: 2,
        paymentMode: 2,
        reason: 'Gaufres brûlées',
        tickets: [],
        bets: [],
        lines: [{ productId: waffle, name: 'Gaufre test', quantity: 2, unitPrice: 1, total: 2 }],
      },
    });
    const id = res.body.refund.id as string;

    // The sale and its lines stay exactly as they were.
    expect(await h.db('sales').where({ reference }).first()).toEqual(sale);
    expect(await h.db('sale_lines').where({ sale_id: sale.id }).orderBy('position')).toEqual(saleLines);

    const row = await h.db('refunds').where({ id }).first();
    expect(row).toMatchObject({ sale_id: sale.id, amount_cents: 200, payment_mode: 2, checkout_id: h.checkoutId, created_by: cashierId });
    expect(row.session_id).toEqual(expect.any(Number));
    expect(await h.db('till_sessions').where({ id: row.session_id }).whereNull('closed_at').first()).toBeTruthy();
    expect(await h.db('refund_lines').where({ refund_id: id })).toHaveLength(1);
    const journal = await h.db('journal').where({ kind: 'refund', reference }).select('payload');
    expect(journal).toHaveLength(1);
    expect(JSON.parse(journal[0]!.payload as string)).toMatchObject({ refundId: id, amountCents: 200 });

    const event = await eventually(async () => refunded.find((e) => e.payload.refundId === id), 20_000);
    expect(event.payload).toMatchObject({
      saleId: sale.id,
      reference,
      eventId: h.eventId,
      checkoutId: h.checkoutId,
      sessionId: row.session_id,
      amountCents: 200,
      paymentMode: 2,
      reason: 'Gaufres brûlées',
      refundedBy: cashierId,
      tickets: [],
      bets: [],
      lines: [
        {
          productId: waffle,
          name: 'Gaufre test',
          kind: 'product',
          quantity: 2,
          unitPriceCents: 100,
          totalCents: 200,
          categoryName: 'Gaufres test',
        },
      ],
    });

    // The order detail and the receipt page show it.
    const view = await h.request('GET', `/api/cr/sale/${reference.replace('-', '').toLowerCase()}/refunds`);
    expect(view.body).toMatchObject({
      canRefund: true,
      refundedTotal: 2,
      sale: { reference, total: 4, refundable: true },
      lines: [
        { productId: waffle, sold: 3, refunded: 2, remaining: 1 },
        { name: 'Thé test', sold: 1, refunded: 0, remaining: 1 },
      ],
      refunds: [{ id, amount: 2 }],
    });
    const page = await h.request('GET', `/s/${reference}`, { who: null });
    expect(page.text).toContain('Remboursements');
    expect(page.text).toContain('Motif : Gaufres brûlées');
    expect(page.text).toContain('Total remboursé : 2,00\u00a0€');
  });

  it('refuses more than what remains, counting earlier refunds (400 in French), and writes nothing', async () => {
    const reference = await sellWaffles();
    const waffle = h.madeProduct('Gaufre test');
    expect((await refund(reference, { lines: [{ productId: waffle, quantity: 1 }], reason: 'Tombée', payment_mode: 2 })).status).toBe(201);
    const before = await counts();
    const res = await refund(reference, { lines: [{ productId: waffle, quantity: 3 }], reason: 'Erreur de saisie', payment_mode: 2 });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: 'Vous ne pouvez pas rembourser plus que ce qui a été vendu : il reste 2 « Gaufre test » remboursables.',
        code: 'TOO_MUCH',
      },
    });
    // The same product named twice counts both quantities.
    expect(
      (
        await refund(reference, {
          lines: [
            { productId: waffle, quantity: 2 },
            { productId: waffle, quantity: 1 },
          ],
          reason: 'x',
          payment_mode: 2,
        })
      ).status,
    ).toBe(400);
    expect(await counts()).toEqual(before);
    // What remains may still be refunded, then nothing more.
    expect((await refund(reference, { lines: [{ productId: waffle, quantity: 2 }], reason: 'Froides', payment_mode: 2 })).status).toBe(201);
    expect((await refund(reference, { lines: [{ productId: waffle, quantity: 1 }], reason: 'Encore', payment_mode: 2 })).body.error).toBe(
      'Vous ne pouvez pas rembourser plus que ce qui a été vendu : « Gaufre test » a déjà été entièrement remboursé.',
    );
  });

  it('says 404 for an unknown reference, 400 for an empty reason, a product not sold or a sale on hold not paid', async () => {
    const waffle = h.madeProduct('Gaufre test');
    expect(await refund('ZZZZZ-ZZZZZ', { lines: [{ productId: waffle, quantity: 1 }], reason: 'x', payment_mode: 2 })).toMatchObject({
      status: 404,
      body: { error: 'Vente introuvable.' },
    });
    const reference = await sellWaffles();
    expect(await refund(reference, { lines: [{ productId: waffle, quantity: 1 }], reason: '   ', payment_mode: 2 })).toMatchObject({
      status: 400,
      body: { error: 'Indiquez le motif du remboursement.' },
    });
    expect(
      await refund(reference, { lines: [{ productId: h.madeProduct('Sandwich test'), quantity: 1 }], reason: 'x', payment_mode: 2 }),
    ).toMatchObject({ status: 400, body: { error: 'Ce produit ne fait pas partie de cette vente.' } });
    const pending = await sellWaffles(99);
    expect(await refund(pending, { lines: [{ productId: waffle, quantity: 1 }], reason: 'x', payment_mode: 2 })).toMatchObject({
      status: 400,
      body: { error: "Cette vente n'est pas réglée : seule une vente payée peut être remboursée." },
    });
    expect((await refund(reference, { lines: [{ productId: waffle, quantity: 1 }], reason: 'x', payment_mode: 99 })).status).toBe(400);
  });

  it('honours Idempotency-Key: a retry gets the first answer, and only one refund is written', async () => {
    const reference = await sellWaffles();
    const body = { lines: [{ productId: h.madeProduct('Thé test'), quantity: 1 }], reason: 'Doublon', payment_mode: 3 };
    const key = randomUUID();
    const before = await counts();
    const first = await refund(reference, body, 'admin', { 'Idempotency-Key': key });
    const second = await refund(reference, body, 'admin', { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const after = await counts();
    expect(after[0]! - before[0]!).toBe(1);
    expect(after[2]! - before[2]!).toBe(1);
  });

  it('lets only one of three refunds sent at once take the crêpes left (the sale row is locked)', async () => {
    const reference = await sellWaffles();
    const waffle = h.madeProduct('Gaufre test');
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        refund(reference, { lines: [{ productId: waffle, quantity: 2 }], reason: `Caisse ${n}`, payment_mode: 2 }, 'admin'),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const sale = await h.db('sales').where({ reference }).first('id');
    const refunded = await h
      .db('refund_lines as l')
      .join('refunds as r', 'r.id', 'l.refund_id')
      .where('r.sale_id', sale.id)
      .sum({ q: 'l.quantity' });
    expect(Number(refunded[0]!.q)).toBe(2);
  });

  it('leaves the sales journal whole: each refund is a record of the chain, verify finds nothing broken', async () => {
    const refunds = Number((await h.db('refunds').count({ n: '*' }))[0]!.n);
    expect(Number((await h.db('journal').where({ kind: 'refund' }).count({ n: '*' }))[0]!.n)).toBe(refunds);
    expect(await verifyJournal(h.db)).toMatchObject({ ok: true });
  });
});
