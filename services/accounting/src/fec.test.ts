/**
 * The FEC of a generated year, checked rule by rule (docs/fec.md): sales by cash, cheque and card with a
 * meal-deal discount and donations, a refund, till gaps at a closing, a gift typed in and a purchase —
 * every kind of entry the books write — on real Postgres and NATS.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFec } from '@kermesse/contracts-accounting';
import { eventually } from '@kermesse/kit/testing';
import { buildSale, startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sys: AccountingTestSystem;
const A = '/api/admin/accountancy';
const YEAR = 2025;

beforeAll(async () => {
  sys = await startAccountingTestSystem({ app: true });
  await sys.publish('catalog.event.created', { eventId: 1, name: 'Kermesse de printemps', startsOn: `${YEAR}-05-17` });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

const send = (method: string, path: string, body: unknown) =>
  sys.request(`${A}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const entries = async () =>
  Number((await sys.db('journal_entries').where({ year: YEAR }).count<{ count: number }[]>('* as count'))[0]!.count);

describe('the FEC of a year', () => {
  it('passes every rule of the format on a year with refunds, till gaps, donations and purchases', async () => {
    const saved = await send('PUT', '/association', {
      name: 'APE de l’école Jules Ferry',
      address: '3 rue des Écoles',
      postalCode: '69003',
      city: 'Lyon',
      purpose: '',
      siren: '123456789',
      eligibility: 'none',
      rupDecreeDate: null,
      signatory: '',
      counterpartCap: '73',
    });
    expect(saved.status).toBe(200);

    const at = (day: string, hour = 14) => `${YEAR}-${day}T${String(hour).padStart(2, '0')}:30:00.000Z`;
    const sales = [
      buildSale(
        1,
        [
          ['product', 'Buvette', 350],
          ['product', 'Desserts', 150],
          ['discount', 'Formule', -50],
          ['donation', 'Dons', 1000],
        ],
        { completedAt: at('05-17') },
      ),
      buildSale(2, [['raffle', 'Tombola', 1000]], { method: 'CHQ', completedAt: at('05-17', 15) }),
      // 23:30 in Paris is still 17 May there: its entry is dated on the French day.
      buildSale(3, [['product', 'Buvette', 1250]], { method: 'CB', completedAt: at('05-17', 21) }),
      buildSale(4, [['giftbasket', 'Paniers garnis', 500]], { completedAt: at('06-21') }),
    ];
    for (const sale of sales) await sys.publish('sale.completed', sale);
    await sys.publish('sale.refunded', {
      refundId: randomUUID(),
      saleId: 1,
      reference: sales[0]!.reference,
      eventId: 1,
      checkoutId: 1,
      sessionId: 1,
      lines: [sales[0]!.lines[1]!],
      tickets: [],
      bets: [],
      amountCents: 150,
      paymentMode: 2,
      reason: 'Dessert tombé',
      refundedBy: 'u-1',
      refundedAt: at('05-17', 16),
    });
    await sys.publish('till.closed', {
      sessionId: 1,
      checkoutId: 1,
      eventId: 1,
      closedAt: at('05-17', 18),
      closedBy: 'u-1',
      expected: { cashCents: 1300, chequeCents: 1000, cardCents: 1250 },
      counted: { cashCents: 1150, chequeCents: 1020, cardCents: 1250 },
      differences: { cashCents: -150, chequeCents: 20, cardCents: 0 },
      reason: 'Monnaie rendue en trop',
      grandTotalCents: 3450,
      lastJournalHash: 'c'.repeat(64),
    });
    await eventually(async () => (await entries()) === 6, 20_000);
    expect(
      (await send('POST', '/events/1/purchases', { label: 'Lots d’Élodie — tombola…', amount: '42,10', date: `${YEAR}-05-10` })).status,
    ).toBe(201);
    expect((await send('POST', '/donations', { date: `${YEAR}-09-02`, amount: '150', method: 'VIR' })).status).toBe(201);
    expect(await entries()).toBe(8);

    const res = await sys.request(`${A}/fec/${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=iso-8859-15');
    const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    expect(fileName).toBe(`123456789FEC${YEAR}1231.txt`);
    const bytes = new Uint8Array(await res.arrayBuffer());

    const check = checkFec(bytes, { fileName, year: YEAR, siren: '123456789' });
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({ entries: 8, journals: ['AC', 'OD', 'VE'], separator: '\t' });

    const text = new TextDecoder('iso-8859-15').decode(bytes);
    // Written in ISO 8859-15: « É » is one byte, the typographic signs it lacks are their plain forms.
    expect(text).toContain("Lots d'Élodie - tombola... (Kermesse de printemps)");
    expect(bytes.includes(0xc9)).toBe(true);
    // The card sale of 23:30 in Paris is dated 17 May, its validation day too (the books' days are French).
    const card = text
      .split('\r\n')
      .find((line) => line.includes(sales[2]!.reference))!
      .split('\t');
    expect([card[3], card[15]].every((day) => /^\d{8}$/.test(day!))).toBe(true);
    expect(card[3]).toBe(`${YEAR}0517`);
  });
});
