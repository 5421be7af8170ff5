import { describe, expect, it } from 'vitest';
import { buildFec } from './fec.ts';

describe('FEC export', () => {
  it('neutralises a label a spreadsheet would run (stored before names were checked), like every CSV export', () => {
    const fec = buildFec([
      {
        journalCode: 'VE',
        journalLabel: 'Ventes',
        number: 1,
        date: '2026-05-16',
        pieceRef: 'R-1',
        pieceDate: '2026-05-16',
        label: '=HYPERLINK("http://x","Cliquez")',
        validDate: '2026-05-16',
        lines: [
          { account: '530', accountLabel: '@Caisse', debitCents: 250, creditCents: 0 },
          { account: '706', accountLabel: 'Ventes -10 %', debitCents: 0, creditCents: 250 },
        ],
      },
    ]);
    const [, first, second] = fec
      .replace(/\r\n$/, '')
      .split('\r\n')
      .map((line) => line.split('\t'));
    expect(first![10]).toBe('\'=HYPERLINK("http://x","Cliquez")');
    expect(first![5]).toBe("'@Caisse");
    expect(second![5]).toBe('Ventes -10 %');
    expect(first![11]).toBe('2,50');
  });
});
