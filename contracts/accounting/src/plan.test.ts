import { describe, expect, it } from 'vitest';
import { buildFec, numberingGaps } from './fec.ts';
import { DEFAULT_KIND_ACCOUNTS, DEFAULT_PAYMENT_ACCOUNTS, saleEntryLines, type AccountMap } from './plan.ts';

const MAP: AccountMap = {
  payments: { ...DEFAULT_PAYMENT_ACCOUNTS },
  kinds: { ...DEFAULT_KIND_ACCOUNTS },
  categories: { Animations: '706' },
};

describe('a sale in the plan comptable associatif', () => {
  it('debits the money by payment mode and credits each kind of revenue, netting the meal-deal discount', () => {
    const lines = saleEntryLines(MAP, {
      lines: [
        { kind: 'product', categoryName: 'Boissons', totalCents: 350 },
        { kind: 'product', categoryName: 'Plats', totalCents: 300 },
        { kind: 'discount', categoryName: 'Formule', totalCents: -50 },
        { kind: 'product', categoryName: 'Animations', totalCents: 200 },
        { kind: 'donation', categoryName: 'Donations', totalCents: 500 },
        { kind: 'raffle', categoryName: 'Tombola', totalCents: 1000 },
      ],
      payments: [
        { method: 'ESP', amountCents: 1300 },
        { method: 'CHQ', amountCents: 1000 },
      ],
      totalCents: 2300,
    });
    expect(lines).toEqual([
      { account: '5112', debitCents: 1000, creditCents: 0 },
      { account: '530', debitCents: 1300, creditCents: 0 },
      { account: '706', debitCents: 0, creditCents: 200 },
      { account: '707', debitCents: 0, creditCents: 600 },
      { account: '7541', debitCents: 0, creditCents: 500 },
      { account: '7780', debitCents: 0, creditCents: 1000 },
    ]);
  });

  it('keeps debits equal to credits when the payments differ from the total', () => {
    const lines = saleEntryLines(MAP, {
      lines: [{ kind: 'product', categoryName: 'Boissons', totalCents: 450 }],
      payments: [{ method: 'CB', amountCents: 500 }],
      totalCents: 450,
    });
    expect(lines).toEqual([
      { account: '5115', debitCents: 450, creditCents: 0 },
      { account: '707', debitCents: 0, creditCents: 450 },
    ]);
  });
});

describe('FEC', () => {
  it('writes the 18 columns, tab-separated, YYYYMMDD dates and decimal commas', () => {
    const text = buildFec([
      {
        journalCode: 'VE',
        journalLabel: 'Ventes',
        number: 1,
        date: '2026-05-16',
        pieceRef: 'V-000001',
        pieceDate: '2026-05-16',
        label: 'Vente V-000001',
        validDate: '2026-05-17',
        lines: [
          { account: '530', accountLabel: 'Caisse', debitCents: 1250, creditCents: 0 },
          { account: '707', accountLabel: 'Ventes de marchandises', debitCents: 0, creditCents: 1250 },
        ],
      },
    ]);
    const lines = text.split('\r\n');
    expect(lines[0]!.split('\t')).toHaveLength(18);
    expect(lines[0]).toBe(
      'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
    );
    expect(lines[1]).toBe('VE\tVentes\t1\t20260516\t530\tCaisse\t\t\tV-000001\t20260516\tVente V-000001\t12,50\t0,00\t\t\t20260517\t\t');
    expect(lines[2]!.split('\t')).toHaveLength(18);
    expect(numberingGaps([1, 2, 4, 5, 7])).toEqual([3, 6]);
  });
});
