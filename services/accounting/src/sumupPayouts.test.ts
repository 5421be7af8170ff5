/**
 * SumUp's payouts read from SumUp (docs/bank.md §2), against the local fake SumUp that follows its
 * payouts API: each payout booked once — net to the bank, fees to 627, 5115 cleared — deductions and
 * failed payouts left aside, the payout proposed for the bank's line; SumUp's refusals in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardPayoutImportAnswer, JournalAnswer, Reconciliation } from '@kermesse/contracts-accounting';
import { FAKE_MERCHANT, FAKE_SUMUP_KEY, startFakeSumUp, type FakeSumUp } from '@kermesse/kit/testing/fakeSumUp';
import { listSumUpPayouts } from './sumup/payouts.ts';
import { startAccountingTestSystem, type AccountingTestSystem } from './testSupport.ts';

let sumup: FakeSumUp;
let sys: AccountingTestSystem;
let bare: AccountingTestSystem;
const A = '/api/admin/accountancy';

beforeAll(async () => {
  sumup = await startFakeSumUp();
  sumup.payouts.push(
    {
      id: 9001,
      type: 'PAYOUT',
      amount: 96.5,
      fee: 3.5,
      currency: 'EUR',
      date: '2026-05-18',
      status: 'SUCCESSFUL',
      reference: 'P-9001',
      transaction_code: 'TAAA1',
    },
    // One payout reported as two records (two transactions paid out together): one deposit of their sum.
    {
      id: 9002,
      type: 'PAYOUT',
      amount: 48.25,
      fee: 1.75,
      currency: 'EUR',
      date: '2026-05-19',
      status: 'SUCCESSFUL',
      reference: 'P-9002',
      transaction_code: 'TBBB1',
    },
    {
      id: 9002,
      type: 'PAYOUT',
      amount: 19.3,
      fee: 0.7,
      currency: 'EUR',
      date: '2026-05-19',
      status: 'SUCCESSFUL',
      reference: 'P-9002',
      transaction_code: 'TBBB2',
    },
    {
      id: 9003,
      type: 'REFUND_DEDUCTION',
      amount: -12,
      fee: 0,
      currency: 'EUR',
      date: '2026-05-20',
      status: 'SUCCESSFUL',
      reference: 'D-9003',
      transaction_code: 'TCCC1',
    },
    {
      id: 9004,
      type: 'PAYOUT',
      amount: 30,
      fee: 1,
      currency: 'EUR',
      date: '2026-05-21',
      status: 'FAILED',
      reference: 'P-9004',
      transaction_code: 'TDDD1',
    },
    {
      id: 9005,
      type: 'PAYOUT',
      amount: 10,
      fee: 0.35,
      currency: 'EUR',
      date: '2026-06-02',
      status: 'SUCCESSFUL',
      reference: 'P-9005',
      transaction_code: 'TEEE1',
    },
  );
  const credentials = { apiKey: FAKE_SUMUP_KEY, merchantCode: FAKE_MERCHANT, baseUrl: sumup.url };
  [sys, bare] = await Promise.all([
    startAccountingTestSystem({ app: true, consumers: false, sumup: credentials }),
    startAccountingTestSystem({ app: true, consumers: false }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([sys?.stop(), bare?.stop()]);
  await sumup?.close();
});

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const importPayouts = (system: AccountingTestSystem, body: unknown) =>
  system.request(`${A}/bank/sumup-payouts/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('SumUp payouts', () => {
  it('books each payout of May once: net to the bank, fees to 627, the card payments cleared from 5115', async () => {
    const res = await importPayouts(sys, { from: '2026-05-01', to: '2026-05-31' });
    expect(res.status).toBe(200);
    const answer = await json<CardPayoutImportAnswer>(res);
    expect(answer.payouts.map((p) => [p.id, p.date, p.amount, p.fees])).toEqual([
      ['9001', '2026-05-18', 96.5, 3.5],
      ['9002', '2026-05-19', 67.55, 2.45],
    ]);
    expect(answer.skipped.map((s) => [s.id, s.reason])).toEqual([
      ['9003', 'Retenue de SumUp (remboursement, impayé ou ajustement) : à écrire à la main.'],
      ['9004', 'Versement échoué chez SumUp : rien n’a atteint la banque.'],
    ]);
    const request = sumup.requests.find((r) => r.path.startsWith(`/v1.0/merchants/${FAKE_MERCHANT}/payouts`))!;
    expect(request.authorization).toBe(`Bearer ${FAKE_SUMUP_KEY}`);
    expect(request.path).toContain('start_date=2026-05-01&end_date=2026-05-31');

    const entries = (await json<JournalAnswer>(await sys.request(`${A}/journal/2026`))).entries;
    const first = entries.find((e) => e.pieceRef === answer.payouts[0]!.pieceRef)!;
    expect(first.label).toBe(`Versement des paiements par carte ${first.pieceRef}`);
    expect(first.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['512', 96.5, 0],
      ['627', 3.5, 0],
      ['5115', 0, 100],
    ]);

    // May and June read again: May's payouts are known, June's is new.
    const again = await json<CardPayoutImportAnswer>(await importPayouts(sys, { from: '2026-05-01', to: '2026-06-30' }));
    expect(again.alreadyImported).toBe(2);
    expect(again.payouts.map((p) => [p.id, p.amount, p.fees])).toEqual([['9005', 10, 0.35]]);
  });

  it('proposes the payout for the bank line of what reached the bank', async () => {
    const statement = ['Date;Libellé;Montant', '20/05/2026;VIR SUMUP PAYOUT P-9002;67,55'].join('\n');
    const res = await sys.request(`${A}/bank/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'mai.csv', content: Buffer.from(statement).toString('base64') }),
    });
    expect(res.status).toBe(200);
    const rec = await json<Reconciliation>(await sys.request(`${A}/bank/reconciliation?year=2026`));
    expect(rec.lines[0]!.proposals.map((p) => p.amount)).toEqual([67.55]);
  });

  it('says in French when the server has no SumUp account, when SumUp refuses the key, or the period is reversed', async () => {
    const none = await importPayouts(bare, { from: '2026-05-01', to: '2026-05-31' });
    expect(none.status).toBe(400);
    expect((await json<{ code: string }>(none)).code).toBe('SUMUP_NOT_CONFIGURED');
    const reversed = await importPayouts(sys, { from: '2026-05-31', to: '2026-05-01' });
    expect(reversed.status).toBe(400);
    expect((await json<{ error: string }>(reversed)).error).toBe('La fin de la période précède son début.');
    const credentials = { apiKey: 'sup_sk_revoked', merchantCode: FAKE_MERCHANT, baseUrl: sumup.url };
    await expect(listSumUpPayouts(credentials, '2026-05-01', '2026-05-31')).rejects.toMatchObject({
      status: 502,
      code: 'SUMUP_REFUSED',
      message: 'SumUp refuse la clé API configurée (SUMUP_API_KEY) : vérifiez-la dans les réglages du serveur.',
    });
    await expect(listSumUpPayouts({ ...credentials, baseUrl: 'http://127.0.0.1:1' }, '2026-05-01', '2026-05-31')).rejects.toMatchObject({
      code: 'SUMUP_UNAVAILABLE',
    });
  });
});
