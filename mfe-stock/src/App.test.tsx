import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, fakeGateway } from '@kermesse/ui-kit/testing';
import App from './App';
import { renderAt } from './test/render';

describe('stock remote', () => {
  it('is for administrators only', async () => {
    fakeGateway({});
    await renderAt('/stock', <App />, { roles: ['cashier'] });
    expect(screen.getByText('Ces écrans sont réservés aux administrateurs.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('offers its screens as tabs, the current one marked', async () => {
    fakeGateway({ 'GET /api/stocks/': () => json({ event: null, events: [], stocks: [], alerts: [] }) });
    await renderAt('/stock/import', <App />);
    const links = screen.getAllByRole('link').filter((a) => a.classList.contains('stk-tabs__link'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['État du stock', '/stock'],
      ["Import d'inventaire", '/stock/import'],
      ['Produits des caisses', '/stock/caisses'],
      ['Liste des prix', '/stock/tarifs'],
      ['Vide-grenier', '/stock/vide-grenier'],
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(["Import d'inventaire"]);
  });
});
