import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { FairResult } from '@kermesse/contracts-accounting';
import App from '../App';
import { renderAt } from '../test/render';

const A = '/api/admin/accountancy';
const RESULT: FairResult = {
  event: { id: 5, name: 'Fête des écoles' },
  sales: 2,
  revenue: {
    byCategory: [{ category: 'Buvette', account: '707', amount: 400 }],
    byPaymentMode: [{ method: 'ESP', label: 'Espèces', amount: 400 }],
    refunds: { count: 2, amount: 8.5 },
    total: 400,
  },
  tillGaps: {
    closings: 1,
    byPaymentMode: [
      { method: 'ESP', label: 'Espèces', amount: -1.5 },
      { method: 'CHQ', label: 'Chèque', amount: 0.2 },
    ],
    total: -1.3,
  },
  costs: {
    bySource: [
      { source: 'raffle', label: 'Lots de tombola', amount: 116.5 },
      { source: 'giftbasket', label: 'Lots de paniers garnis', amount: 110 },
      { source: 'bingo', label: 'Lots du loto', amount: 199.9 },
      { source: 'purchases', label: 'Achats saisis', amount: 12.3 },
    ],
    prizes: [
      { source: 'bingo', label: 'Lots du loto', name: 'Loto de la fête', prizes: 1, amount: 199.9 },
      { source: 'raffle', label: 'Lots de tombola', name: 'Grande tombola', prizes: 4, amount: 116.5 },
    ],
    purchases: [{ id: 1, label: 'Gobelets', account: '6063', amount: 12.3, date: '2026-06-18' }],
    total: 438.7,
  },
  result: -40,
};

const text = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.replace(/\s/g, ' ').trim());

describe('« Résultat de la fête »', () => {
  it('shows the known costs by origin, the prizes published by raffle and bingo, the purchases and the result', async () => {
    fakeGateway({
      [`GET ${A}/events`]: () => json({ events: [{ id: 5, name: 'Fête des écoles', startsOn: '2026-06-20', sales: 2 }] }),
      [`GET ${A}/events/5/result`]: () => json(RESULT),
    });
    await renderAt('/comptabilite/fete', <App />);
    const costs = await screen.findByRole('table', { name: 'Dépenses connues' });
    expect(within(costs).getAllByRole('row').slice(1, 5).map(text)).toEqual([
      ['Lots de tombola', '116,50 €'],
      ['Lots de paniers garnis', '110,00 €'],
      ['Lots du loto', '199,90 €'],
      ['Achats saisis', '12,30 €'],
    ]);
    expect(within(costs).getByRole('rowheader', { name: 'Total des dépenses' })).toBeTruthy();
    const prizes = screen.getByRole('table', { name: 'Lots (coûts publiés par la tombola et le loto)' });
    expect(within(prizes).getAllByRole('row').slice(1).map(text)).toEqual([
      ['Loto de la fête', 'Lots du loto', '1', '199,90 €'],
      ['Grande tombola', 'Lots de tombola', '4', '116,50 €'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Achats saisis' })).getByText('Gobelets')).toBeTruthy();
    // The refunds are already off the revenue; the till gaps are a line of their own in the result.
    expect(document.getElementById('fair-refunds')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Montants nets des remboursements : 2 remboursements (8,50 €) déjà déduits.',
    );
    const gaps = screen.getByRole('table', { name: 'Écarts de caisse (compté − attendu aux clôtures)' });
    expect(within(gaps).getAllByRole('row').slice(1, 3).map(text)).toEqual([
      ['Espèces', '-1,50 €'],
      ['Chèque', '0,20 €'],
    ]);
    expect(
      within(gaps)
        .getByRole('row', { name: /Total des écarts de caisse/ })
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Total des écarts de caisse-1,30 €');
    expect(document.getElementById('fair-result')?.textContent?.replace(/\s/g, ' ')).toBe('Résultat de la fête : -40,00 €');
    expect(document.getElementById('fair-result-detail')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Recettes 400,00 € − dépenses 438,70 € + écarts de caisse -1,30 €',
    );
  });
});
