/**
 * The technical event log (docs/compliance/conditions.md §5–6): a price change, a failed sign-in
 * (identity's event), a till opening, a journal verification and the reprints of a receipt
 * (« Duplicata n° 1 », then n° 2) are recorded, chained, and read by the administrator only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '@kermesse/contracts-common';
import { createDb, ownerOf } from '@kermesse/kit/db';
import { eventually } from '@kermesse/kit/testing';
import { startRegisterHarness, type RegisterHarness } from '../testing/harness.ts';
import { verifyEventLog } from './eventLog.ts';

let h: RegisterHarness;

beforeAll(async () => {
  h = await startRegisterHarness({ eventName: 'Kermesse journalisée' });
  await h.createProducts([{ name: 'Crêpe au sucre', price: 2.5, category: 'Crêperie' }]);
});

afterAll(async () => {
  await h?.close();
});

const log = async (kind?: string) =>
  (await h.request('GET', `/api/admin/compliance/event-log${kind ? `?kind=${kind}` : ''}`, { who: 'admin' })).body.records as Array<{
    seq: number;
    kind: string;
    actor: string;
    summary: string;
  }>;

describe('the technical event log', () => {
  it('records a price change with the former and the new price, and who made it', async () => {
    const id = h.madeProduct('Crêpe au sucre');
    const changed = await h.request('PUT', `/api/admin/products/${id}`, { who: 'admin', body: { price: '2,80' } });
    expect(changed.status, changed.text).toBe(200);
    const [record] = await log('price.changed');
    expect(record).toMatchObject({
      kind: 'price.changed',
      summary: `Prix de « Crêpe au sucre » : ${formatEuros(250)} → ${formatEuros(280)}.`,
    });
    expect(record!.actor).toMatch(/admin/);
    // A refused change is not logged.
    expect((await h.request('PUT', `/api/admin/products/${id}`, { who: 'admin', body: { price: '-1' } })).status).toBe(400);
    expect(await log('price.changed')).toHaveLength(1);
  });

  it('leaves an id no row can have to the route: a French 4xx, nothing logged, never a 500', async () => {
    const before = (await log()).length;
    for (const [method, path] of [
      ['PUT', '/api/admin/products/99999999999999999999'],
      ['DELETE', '/api/admin/products/99999999999999999999'],
      ['PUT', '/api/admin/checkout/99999999999999999999'],
      ['DELETE', '/api/admin/checkout/99999999999999999999'],
    ] as const) {
      const res = await h.request(method, path, { who: 'admin', body: method === 'PUT' ? { name: 'Caisse', price: '2,00' } : undefined });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await log()).length).toBe(before);
  });

  it('records a failed sign-in and a sign-in sent by identity, once each', async () => {
    await h.publish('identity', 'user.signin.failed', { email: 'intrus@example.org', reason: 'credentials' });
    await h.publish('identity', 'user.signed.in', { userId: 'u-7', email: 'tresorier@kermesse.local', method: 'password' });
    // Two consumers, each at its own pace: wait for both records.
    await eventually(async () => (await log('signin.succeeded')).length === 1 && (await log('signin.failed')).length === 1, 15_000, 50);
    const failed = await log('signin.failed');
    expect(failed).toEqual([
      expect.objectContaining({
        actor: 'intrus@example.org',
        summary: 'Connexion refusée pour intrus@example.org : adresse ou mot de passe incorrect.',
      }),
    ]);
    expect((await log('signin.succeeded'))[0]!.summary).toBe('Connexion de tresorier@kermesse.local (mot de passe).');
  });

  it('records a till opening, a journal verification and numbered duplicates of a receipt', async () => {
    const opened = await h.request('POST', `/api/cr/checkouts/${h.checkoutId}/session/open`, { body: { float: { cash: 40 } } });
    expect(opened.status, opened.text).toBe(201);
    expect((await log('till.opened'))[0]!.summary).toBe(
      `Session de caisse n° ${opened.body.session.id} ouverte sur la caisse n° ${h.checkoutId}, fond de caisse ${formatEuros(4000)}.`,
    );
    const sale = await h.request('POST', '/api/cr/sale/create', {
      body: {
        sale: {
          checkoutId: h.checkoutId,
          eventId: h.eventId,
          cart: [{ product: { id: h.madeProduct('Crêpe au sucre') }, quantity: 1 }],
          paymentMode: 2,
          payments: [],
        },
      },
    });
    expect(sale.status, sale.text).toBe(201);
    expect(sale.body.printData.receiptHtml).not.toContain('Duplicata');
    const reference = sale.body.sale.reference as string;
    const first = await h.request('GET', `/api/cr/order/${reference}/print`);
    const second = await h.request('GET', `/api/cr/order/${reference}/print`);
    expect(first.text).toContain('Duplicata n° 1');
    expect(second.text).toContain('Duplicata n° 2');
    expect((await log('duplicate.printed')).map((r) => r.summary).slice(0, 2)).toEqual([
      `Duplicata n° 2 du reçu de la vente ${reference}.`,
      `Duplicata n° 1 du reçu de la vente ${reference}.`,
    ]);

    // A Z report shown and printed at its closing is the original; printed again later, a duplicate.
    const closed = await h.request('POST', `/api/cr/checkouts/${h.checkoutId}/session/close`, {
      body: { counted: { cash: 42.8, cheque: 0, card: 0 } },
    });
    expect(closed.status, closed.text).toBe(200);
    const report = await h.request('GET', `/api/cr/session/${closed.body.sessionId}/report`);
    expect(report.text).toContain('Rapport de clôture');
    expect(report.text).not.toContain('Duplicata');
    const [yesterday] = await h
      .db('till_sessions')
      .insert({
        checkout_id: h.checkoutId,
        event_id: h.eventId,
        opened_by: 'test-caissier',
        opened_at: new Date(Date.now() - 26 * 3600_000),
        closed_by: 'test-caissier',
        closed_at: new Date(Date.now() - 24 * 3600_000),
        expected: JSON.stringify({ cash: 0, cheque: 0, card: 0 }),
        counted: JSON.stringify({ cash: 0, cheque: 0, card: 0 }),
        differences: JSON.stringify({ cash: 0, cheque: 0, card: 0 }),
        grand_total_cents: 0,
      })
      .returning('id');
    const reprint = await h.request('GET', `/api/cr/session/${yesterday.id}/report?format=a4`);
    expect(reprint.status, reprint.text).toBe(200);
    expect(reprint.text).toContain('Duplicata n° 1');
    expect((await log('duplicate.printed'))[0]!.summary).toBe(`Duplicata n° 1 du rapport de clôture de la session n° ${yesterday.id}.`);

    expect((await h.request('GET', '/api/admin/journal/verify', { who: 'admin' })).body.ok).toBe(true);
    expect((await log('journal.verified'))[0]!.summary).toMatch(/^Journal des ventes vérifié : intact, \d+ enregistrements\.$/);
  });

  it('is chained, refuses alteration, and is the administrator’s to read', async () => {
    expect(await verifyEventLog(h.db)).toMatchObject({ ok: true });
    const records = await log();
    expect(records.length).toBeGreaterThanOrEqual(7);
    const last = { seq: records.at(-1)!.seq };
    // The service's role is not granted UPDATE on the log; its owner, who is, meets the trigger.
    await expect(h.db('event_log').where(last).update({ summary: 'rien' })).rejects.toThrow(/permission denied for table event_log/);
    const owner = ownerOf(h.db)!;
    const ownerDb = createDb(owner.url, { schema: owner.schema, role: 'owner', poolMax: 1 });
    try {
      await expect(ownerDb('event_log').where(last).update({ summary: 'rien' })).rejects.toThrow(/Enregistrement inaltérable/);
    } finally {
      await ownerDb.destroy();
    }
    expect(await verifyEventLog(h.db)).toMatchObject({ ok: true });
    expect((await h.request('GET', '/api/admin/compliance/event-log')).status).toBe(403);
  });
});
