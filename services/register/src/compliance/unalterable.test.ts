/**
 * Inaltérabilité (docs/compliance/conditions.md §1): Postgres itself refuses to update or delete a
 * recorded sale, its lines and payments, a refund, a closed till session and a journal record —
 * whatever client sends the SQL — while the changes the register legitimately makes still pass
 * (a sale on hold paid later, a session closed once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ownerOf, type Db } from '@kermesse/kit/db';
import { ERASE_SETTING, SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Kermesse inaltérable' });
  await h.createProducts([
    { name: 'Limonade', price: 2, category: 'Buvette' },
    { name: 'Gaufre', price: 3, category: 'Crêperie' },
  ]);
});

afterAll(async () => {
  await h?.close();
});

async function sell(paymentMode: 2 | 99) {
  const res = await h.request('POST', '/api/cr/sale/create', {
    body: {
      sale: {
        checkoutId: h.checkoutId,
        eventId: h.eventId,
        cart: [
          { product: { id: h.madeProduct('Limonade') }, quantity: 2 },
          { product: { id: h.madeProduct('Gaufre') }, quantity: 1 },
        ],
        paymentMode,
        paymentStatus: paymentMode === 99 ? 2 : 1,
        payments: [],
        personId: paymentMode === 99 ? 1 : null,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.sale as { id: number; reference: string };
}

/** Runs `work` on a connection as the tables' owner (not the service's role). */
async function asOwner(work: (db: Db) => PromiseLike<unknown>): Promise<unknown> {
  const owner = ownerOf(h.db)!;
  const db = createDb(owner.url, { schema: owner.schema, role: 'owner', poolMax: 1 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The French refusal Postgres raises, or undefined when the statement went through. */
const refusal = (statement: PromiseLike<unknown>): Promise<string | undefined> =>
  Promise.resolve(statement).then(
    () => undefined,
    (err: Error) => err.message,
  );

describe('recorded sales cannot be altered in the database', () => {
  it('refuses UPDATE and DELETE on a sale, its lines, its payments and its journal record, and leaves them as they were', async () => {
    const sale = await sell(2);
    const before = await h.db('sales').where({ id: sale.id }).first();

    // A sale's recorded columns: the service's role may update only what paying a sale on hold
    // changes (updatableColumns), and delete nothing; the owner, who may, meets the trigger.
    expect(await refusal(h.db('sales').where({ id: sale.id }).update({ total_cents: 100 }))).toMatch(/permission denied for table sales/);
    expect(await refusal(asOwner((db) => db('sales').where({ id: sale.id }).update({ total_cents: 100 })))).toMatch(
      new RegExp(`Enregistrement inaltérable : la vente ${sale.reference} ne peut être ni modifiée ni supprimée \\(update\\)`),
    );
    expect(await refusal(h.db.raw('delete from sales where id = ?', [sale.id]))).toMatch(/permission denied for table sales/);
    expect(await refusal(asOwner((db) => db.raw('delete from sales where id = ?', [sale.id])))).toMatch(
      /ni modifiée ni supprimée \(delete\)/,
    );
    // Lines, payments and journal records: the service's role is not granted UPDATE nor DELETE on
    // them; the owner, who is, meets the trigger.
    expect(await refusal(h.db('sale_lines').where({ sale_id: sale.id }).update({ quantity: 1 }))).toMatch(
      /permission denied for table sale_lines/,
    );
    expect(await refusal(asOwner((db) => db('sale_lines').where({ sale_id: sale.id }).update({ quantity: 1 })))).toMatch(
      /la table « sale_lines » n'accepte ni modification ni suppression \(update\)/,
    );
    expect(await refusal(h.db('sale_lines').where({ sale_id: sale.id }).delete())).toMatch(/permission denied for table sale_lines/);
    expect(await refusal(asOwner((db) => db('sale_lines').where({ sale_id: sale.id }).delete()))).toMatch(/« sale_lines ».*\(delete\)/);
    expect(await refusal(h.db('payments').where({ sale_id: sale.id }).update({ amount_cents: 1 }))).toMatch(
      /permission denied for table payments/,
    );
    expect(await refusal(asOwner((db) => db('payments').where({ sale_id: sale.id }).update({ amount_cents: 1 })))).toMatch(/« payments »/);
    expect(await refusal(asOwner((db) => db('payments').where({ sale_id: sale.id }).delete()))).toMatch(/« payments »/);
    const record = { kind: 'sale', reference: sale.reference };
    expect(await refusal(h.db('journal').where(record).update({ payload: '{}' }))).toMatch(/permission denied for table journal/);
    expect(await refusal(h.db('journal').where(record).delete())).toMatch(/permission denied for table journal/);
    expect(await refusal(asOwner((db) => db('journal').where(record).update({ payload: '{}' })))).toMatch(/« journal ».*\(update\)/);
    expect(await refusal(asOwner((db) => db('journal').where(record).delete()))).toMatch(/« journal ».*\(delete\)/);
    // The service's role is not even granted TRUNCATE; the owner, who is, meets the trigger.
    expect(await refusal(h.db.raw('truncate journal cascade'))).toMatch(/permission denied for table journal/);
    expect(await refusal(asOwner((db) => db.raw('truncate journal cascade')))).toMatch(/« journal ».*\(truncate\)/);

    expect(await h.db('sales').where({ id: sale.id }).first()).toEqual(before);
    expect(await h.db('sale_lines').where({ sale_id: sale.id }).count({ n: '*' })).toEqual([{ n: 2 }]);
    expect((await h.request('GET', '/api/admin/journal/verify', { who: 'admin' })).body.ok).toBe(true);
  });

  it('lets a sale on hold be paid later, but never back, and never its total', async () => {
    const held = await sell(99);
    const pay = await h.request('POST', `/api/cr/sale/pending/${held.id}/payment`, {
      body: [{ price: 7, payment_mode: 2, reference: '10' }],
    });
    expect(pay.status, pay.text).toBe(200);
    expect(pay.body).toMatchObject({ settled: true, remaining: 0 });
    expect(await refusal(h.db('sales').where({ id: held.id }).update({ paid_cents: 0 }))).toMatch(/Enregistrement inaltérable/);
    expect(
      await refusal(
        h
          .db('sales')
          .where({ id: held.id })
          .update({ settled_at: new Date(0) }),
      ),
    ).toMatch(/Enregistrement inaltérable/);
    expect(await h.db('sales').where({ id: held.id }).first('paid_cents', 'total_cents')).toEqual({ paid_cents: 700, total_cents: 700 });
  });

  it('refuses to change a refund and a closed till session (its Z report)', async () => {
    const sale = await sell(2);
    await h.request('PUT', '/api/admin/till-managers/test-caissier', { who: 'admin' });
    const refunded = await h.request('POST', `/api/cr/sale/${sale.reference}/refund`, {
      who: 'admin',
      body: { lines: [{ productId: h.madeProduct('Gaufre'), quantity: 1 }], reason: 'Gaufre brûlée', payment_mode: 2 },
    });
    expect(refunded.status, refunded.text).toBe(201);
    const refundId = refunded.body.refund.id as string;
    expect(await refusal(h.db('refunds').where({ id: refundId }).update({ amount_cents: 1 }))).toMatch(
      /permission denied for table refunds/,
    );
    expect(await refusal(asOwner((db) => db('refunds').where({ id: refundId }).update({ amount_cents: 1 })))).toMatch(/« refunds »/);
    expect(await refusal(asOwner((db) => db('refund_lines').where({ refund_id: refundId }).delete()))).toMatch(/« refund_lines »/);

    const session = await h.request('GET', `/api/cr/checkouts/${h.checkoutId}/session`);
    const expected = session.body.session.expected as { cash: number; cheque: number; card: number };
    const closed = await h.request('POST', `/api/cr/checkouts/${h.checkoutId}/session/close`, { body: { counted: expected, reason: '' } });
    expect(closed.status, closed.text).toBe(200);
    const sessionId = closed.body.sessionId as number;
    expect(await refusal(h.db('till_sessions').where({ id: sessionId }).update({ grand_total_cents: 0 }))).toMatch(
      new RegExp(`la session de caisse ${sessionId} ne peut être ni modifiée ni supprimée une fois clôturée \\(update\\)`),
    );
    expect(
      await refusal(
        h
          .db('till_sessions')
          .where({ id: sessionId })
          .update({ opened_at: new Date(0) }),
      ),
    ).toMatch(/permission denied for table till_sessions/);
    expect(await refusal(h.db('till_sessions').where({ id: sessionId }).delete())).toMatch(/permission denied for table till_sessions/);
    expect(await refusal(asOwner((db) => db('till_sessions').where({ id: sessionId }).delete()))).toMatch(/\(delete\)/);
    expect(await refusal(asOwner((db) => db('refunds').where({ id: refundId }).delete()))).toMatch(/« refunds »/);
  });

  // Last: it empties the journal. docs/hosting-portability.md — the host's erase, after the export.
  it("lets the host's erase delete the records, as the owner and for the association it names only", async () => {
    await sell(2);
    const erasing = (association: string) => (db: Db) =>
      db.transaction(async (trx) => {
        await trx.raw('select set_config(?, ?, true)', [ERASE_SETTING, association]);
        await trx('journal').delete();
      });
    // The service's role may set the setting too: it is not the owner, still refused.
    expect(await refusal(erasing(SINGLE_ASSOCIATION_ID)(h.db))).toBeDefined();
    expect(await refusal(asOwner(erasing('00000000-0000-4000-8000-00000000abcd')))).toMatch(/« journal ».*\(delete\)/);
    expect(await h.db('journal').count({ n: '*' })).not.toEqual([{ n: 0 }]);
    expect(await refusal(asOwner(erasing(SINGLE_ASSOCIATION_ID)))).toBeUndefined();
    expect(await h.db('journal').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
