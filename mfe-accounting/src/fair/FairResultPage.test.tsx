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
    byPaymentMode: [{ method: 'ESP', label: 'Espèce', amount: 400 }],
    total: 400,
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
  result: -38.7,
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
    expect(document.getElementById('fair-result')?.textContent?.replace(/\s/g, ' ')).toBe('Résultat de la fête : -38,70 €');
  });
});
