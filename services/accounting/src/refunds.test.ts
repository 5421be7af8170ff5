/**
 * Refunds and till closings in the books, on real Postgres and NATS: a refund is the reverse of its sale's entry on
 * the same accounts, a till closing's differences go to 658 / 758 against each mode's account, each
 * booked once even when its event is delivered again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@kermesse/kit/bus';
import type { FairResult } from '@kermesse/contracts-accounting';
import { eventually } from '@kermesse/kit/testing';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;

beforeAll(async () => {
  sys = await startAccountingTestSystem({ app: true });
  await sys.publish('catalog.event.created', { eventId: 1, name: 'Kermesse de printemps', startsOn: '2026-05-16' });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

interface Entry {
  number: number;
  pieceRef: string;
  label: string;
  date: string;
  lines: Array<{ account: string; accountLabel: string; debit: number; credit: number }>;
}
const journal = async () =>
  ((await (await sys.request('/api/admin/accountancy/journal/2026', { as: 'treasurer' })).json()) as { entries: Entry[] }).entries;
const entryOf = async (label: string) => eventually(async () => (await journal()).find((e) => e.label === label), 15_000);
const count = async (table: string) => Number((await sys.db(table).count<{ count: number }[]>('* as count'))[0]!.count);

describe('sale.refunded', () => {
  it('books the reverse of the sale on the same accounts, once, even when delivered again', async () => {
    const sale = buildSale(501, [
      ['product', 'Boissons', 300],
      ['donation', 'Donations', 500],
      ['raffle', 'Tombola', 1000],
    ]);
    await sys.publish('sale.completed', sale);
    await entryOf(`Vente ${sale.reference}`);

    const refund: EventPayloads['sale.refunded'] = {
      refundId: randomUUID(),
      saleId: 501,
      reference: sale.reference,
      eventId: 1,
      checkoutId: 1,
      sessionId: 3,
      lines: [
        { ...sale.lines[0]!, quantity: 1, totalCents: 300 },
        { ...sale.lines[2]!, quantity: 1, totalCents: 1000 },
      ],
      tickets: [],
      bets: [],
      amountCents: 1300,
      paymentMode: 1,
      reason: 'Erreur de caisse',
      refundedBy: 'u-1',
      refundedAt: '2026-05-16T16:00:00.000Z',
    };
    const envelope = await sys.publish('sale.refunded', refund);
    const entry = await entryOf(`Remboursement ${sale.reference}`);
    expect(entry).toMatchObject({ pieceRef: sale.reference, date: '2026-05-16' });
    expect(entry.lines).toEqual([
      { account: '5112', accountLabel: 'Chèques à encaisser', debit: 0, credit: 13 },
      { account: '707', accountLabel: 'Ventes de marchandises', debit: 3, credit: 0 },
      { account: '7780', accountLabel: 'Manifestations diverses', debit: 10, credit: 0 },
    ]);

    // The same event delivered again, and the same refund under another event id: still one entry.
    await sys.publishRaw(envelope, `${envelope.id}-again`);
    await sys.publishRaw({ ...envelope, id: randomUUID() }, randomUUID());
    await eventually(
      async () =>
        Number(
          (await sys.db('inbox').where({ consumer: 'accounting-sale-refunded' }).count<{ count: number }[]>('* as count'))[0]!.count,
        ) === 2,
      15_000,
    );
    expect((await journal()).filter((e) => e.label === `Remboursement ${sale.reference}`)).toHaveLength(1);
    expect(await sys.db('refunds').where({ refund_id: refund.refundId }).first('entry_id')).toMatchObject({ entry_id: expect.anything() });
  });
});

describe('till.closed', () => {
  const closing = (
    sessionId: number,
    differences: { cashCents: number; chequeCents: number; cardCents: number },
  ): EventPayloads['till.closed'] => ({
    sessionId,
    checkoutId: 1,
    eventId: 1,
    closedAt: '2026-05-16T19:00:00.000Z',
    closedBy: 'u-1',
    expected: { cashCents: 5000, chequeCents: 2000, cardCents: 1000 },
    counted: {
      cashCents: 5000 + differences.cashCents,
      chequeCents: 2000 + differences.chequeCents,
      cardCents: 1000 + differences.cardCents,
    },
    differences,
    reason: 'Pièces manquantes',
    grandTotalCents: 8000,
    lastJournalHash: 'a'.repeat(64),
  });

  it('books a shortfall to 658 and an excess to 758 against each mode’s account, once', async () => {
    const envelope = await sys.publish('till.closed', closing(7, { cashCents: -200, chequeCents: 0, cardCents: 150 }));
    const entry = await entryOf('Écart de caisse à la clôture n° 7');
    expect(entry.pieceRef).toBe('Z-7');
    expect(entry.lines).toEqual([
      { account: '658', accountLabel: 'Charges diverses de gestion courante', debit: 2, credit: 0 },
      { account: '530', accountLabel: 'Caisse', debit: 0, credit: 2 },
      { account: '5115', accountLabel: 'Cartes à encaisser', debit: 1.5, credit: 0 },
      { account: '758', accountLabel: 'Produits divers de gestion courante', debit: 0, credit: 1.5 },
    ]);
    await sys.publishRaw(envelope, `${envelope.id}-again`);
    // A closing counted exactly books nothing but is recorded; it also proves the duplicate went by first.
    await sys.publish('till.closed', closing(8, { cashCents: 0, chequeCents: 0, cardCents: 0 }));
    await eventually(async () => (await sys.db('till_closings').where({ session_id: 8 }).first()) !== undefined, 15_000);
    await eventually(
      async () =>
        Number((await sys.db('inbox').where({ consumer: 'accounting-till-closed' }).count<{ count: number }[]>('* as count'))[0]!.count) ===
        2,
      15_000,
    );
    expect((await journal()).filter((e) => e.label.startsWith('Écart de caisse'))).toHaveLength(1);
    expect(await count('till_closings')).toBe(2);
  });
});

describe('« Résultat de la fête »', () => {
  it('takes the refunds off its revenue by category and by payment mode, and adds the till gaps as their own line', async () => {
    await sys.publish('catalog.event.created', { eventId: 2, name: 'Fête des écoles', startsOn: '2026-06-20' });
    const cash = buildSale(601, [
      ['product', 'Buvette', 600],
      ['donation', 'Dons', 500],
    ]);
    const cheque = buildSale(
      602,
      [
        ['product', 'Pâtisseries', 300],
        ['product', 'Buvette', 250],
        ['discount', 'Formule', -50],
      ],
      { method: 'CHQ' },
    );
    await sys.publish('sale.completed', { ...cash, eventId: 2 });
    await sys.publish('sale.completed', { ...cheque, eventId: 2 });
    // Sales and refunds have their own consumers, in no order between them: a refund is only made of a sale
    // already in the books, as at the register.
    await entryOf(`Vente ${cash.reference}`);
    await entryOf(`Vente ${cheque.reference}`);
    const refund = (sale: EventPayloads['sale.completed'], line: number, amountCents: number, paymentMode: 1 | 2 | 3) =>
      sys.publish('sale.refunded', {
        refundId: randomUUID(),
        saleId: sale.saleId,
        reference: sale.reference,
        eventId: 2,
        checkoutId: 1,
        sessionId: 21,
        lines: [sale.lines[line]!],
        tickets: [],
        bets: [],
        amountCents,
        paymentMode,
        reason: 'Erreur de caisse',
        refundedBy: 'u-1',
        refundedAt: '2026-06-20T16:00:00.000Z',
      });
    // The whole Buvette line of the cash sale; the cheque sale's pastries, its meal-deal discount kept (3,00 − 0,50).
    await refund(cash, 0, 600, 2);
    await refund(cheque, 0, 250, 1);
    await sys.publish('till.closed', {
      sessionId: 21,
      checkoutId: 1,
      eventId: 2,
      closedAt: '2026-06-20T19:00:00.000Z',
      closedBy: 'u-1',
      expected: { cashCents: 500, chequeCents: 250, cardCents: 0 },
      counted: { cashCents: 350, chequeCents: 270, cardCents: 0 },
      differences: { cashCents: -150, chequeCents: 20, cardCents: 0 },
      reason: 'Monnaie rendue en trop',
      grandTotalCents: 750,
      lastJournalHash: 'b'.repeat(64),
    });

    const result = async () =>
      (await (await sys.request('/api/admin/accountancy/events/2/result', { as: 'treasurer' })).json()) as FairResult;
    const booked = await eventually(async () => {
      const answer = await result();
      return answer.revenue.refunds.count === 2 && answer.tillGaps.closings === 1 ? answer : undefined;
    }, 15_000);
    // Sold 11,00 € cash + 5,00 € cheque; refunded 6,00 € cash + 2,50 € cheque: 7,50 € kept.
    expect(booked.revenue).toEqual({
      byCategory: [
        { category: 'Buvette', account: '707', amount: 2.5 },
        // The register's « Dons » category is named after its kind: shown once, not « Dons (Dons) ».
        { category: 'Dons', account: '7541', amount: 5 },
      ],
      byPaymentMode: [
        { method: 'CHQ', label: 'Chèque', amount: 2.5 },
        { method: 'ESP', label: 'Espèces', amount: 5 },
      ],
      refunds: { count: 2, amount: 8.5 },
      total: 7.5,
    });
    // 1,50 € missing in cash, 0,20 € too many in cheques: −1,30 €, the result 7,50 − 1,30 = 6,20 €.
    expect(booked.tillGaps).toEqual({
      closings: 1,
      byPaymentMode: [
        { method: 'ESP', label: 'Espèces', amount: -1.5 },
        { method: 'CHQ', label: 'Chèque', amount: 0.2 },
      ],
      total: -1.3,
    });
    expect(booked.costs.total).toBe(0);
    expect(booked.result).toBe(6.2);

    const csv = await (await sys.request('/api/admin/accountancy/events/2/result?format=csv', { as: 'treasurer' })).text();
    expect(csv).toContain('Remboursements déduits;;-8,50');
    expect(csv).toContain('Total des écarts de caisse;;-1,30');
    expect(csv).toContain('Résultat;;6,20');
  });
});
