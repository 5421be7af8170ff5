import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider, type Role } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json, type GatewayCall } from '@kermesse/ui-kit/testing';
import type { Dashboard as Figures } from '@kermesse/contracts-register';
import Dashboard from './Dashboard';

const figures = (over: Partial<Figures['totals']> = {}, version = 'v1'): Figures => ({
  changed: true,
  version,
  generatedAt: '2026-05-16T12:00:00.000Z',
  event: { id: 4, name: 'Kermesse de printemps' },
  totals: {
    sales: 5,
    gross: 36.5,
    refunds: { count: 1, amount: 2.5 },
    net: 34,
    collected: 28,
    averageBasket: 7.3,
    donations: { count: 1, amount: 5 },
    pending: { count: 1, amount: 6 },
    ...over,
  },
  byPaymentMode: [
    { mode: 1, label: 'Chèque', collected: 10, refunded: 2.5, net: 7.5 },
    { mode: 2, label: 'Espèces', collected: 20.5, refunded: 0, net: 20.5 },
    { mode: 3, label: 'CB', collected: 0, refunded: 0, net: 0 },
  ],
  byCheckout: [{ checkoutId: 1, name: 'Caisse Buvette', sales: 5, amount: 34 }],
  byCategory: [{ categoryId: 1, name: 'Boissons', quantity: 2, amount: 4 }],
  byHour: [
    { startsAt: '2026-05-16T10:00:00Z', sales: 2, amount: 12 },
    { startsAt: '2026-05-16T11:00:00Z', sales: 3, amount: 22 },
  ],
  topProducts: [{ productId: 9, name: 'Hot-dog', quantity: 1, amount: 3.5 }],
  raffles: [{ raffleId: 2, name: 'Tombola de printemps', sold: 5, voided: 0, total: 100, amount: 8 }],
  giftBaskets: [],
  bingos: [{ bingoId: 3, name: 'Loto du samedi', sold: 42, voided: 2, total: 300, amount: 120 }],
});

async function renderDashboard(roles: Role[], pollMs = 50) {
  localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'tresorier@kermesse.local', roles }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/tableau-de-bord']}>
          <Routes>
            <Route path="tableau-de-bord/*" element={<Dashboard pollMs={pollMs} />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

const events = [{ id: 4, name: 'Kermesse de printemps', startsOn: '2026-05-16', archived: false }];

describe('live dashboard (mfe_register/Dashboard)', () => {
  it('is for admins and treasurers only', async () => {
    const calls = fakeGateway({});
    await renderDashboard(['cashier']);
    expect(screen.getByText('Le tableau de bord est réservé aux administrateurs et aux trésoriers.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the tiles, the tables and the hourly chart, then follows the new figures without a reload', async () => {
    let answer: Figures | { changed: false; version: string } = figures();
    const calls: GatewayCall[] = fakeGateway({
      'GET /api/admin/dashboard': () => json(events),
      'GET /api/admin/dashboard/4': () => json(answer),
    });
    await renderDashboard(['treasurer']);
    expect(await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeTruthy();
    const tiles = await screen.findByRole('region', { name: 'Chiffres clés' });
    expect(within(tiles).getByText("Chiffre d'affaires").nextElementSibling?.textContent).toMatch(/34,00\s€5 ventes/);
    expect(within(tiles).getByText('Ventes en attente').nextElementSibling?.textContent).toMatch(/6,00\s€1 vente à régler/);
    expect(screen.getByRole('row', { name: /Chèque 10,00\s€ 2,50\s€ 7,50\s€/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Total 30,50\s€ 2,50\s€ 28,00\s€/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Tombola de printemps 5 \/ 100 0 8,00\s€/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Loto du samedi 42 \/ 300 2 120,00\s€/ })).toBeTruthy();
    const chart = screen.getByRole('img', { name: /Recettes par heure/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);

    // Nothing changed: the screen asks with its version and keeps its figures.
    answer = { changed: false, version: 'v1' };
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/dashboard/4' && c.query === 'since=v1')).toBe(true));
    expect(within(tiles).getByText("Chiffre d'affaires").nextElementSibling?.textContent).toMatch(/34,00/);

    // A sale is made: the next poll brings the new figures.
    answer = figures({ sales: 6, gross: 40, net: 37.5 }, 'v2');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Chiffres clés' })).getByText("Chiffre d'affaires").nextElementSibling?.textContent,
      ).toMatch(/37,50\s€6 ventes/),
    );
    expect(screen.getByRole('button', { name: 'Imprimer le récapitulatif' })).toBeTruthy();
  });

  it('says so in French when the figures cannot be loaded', async () => {
    fakeGateway({
      'GET /api/admin/dashboard': () => json(events),
      'GET /api/admin/dashboard/4': () => json({ error: 'Événement introuvable.', code: 'EVENT_NOT_FOUND' }, 404),
    });
    await renderDashboard(['admin'], 60_000);
    expect(await screen.findByText('Tableau de bord non actualisé : Événement introuvable.')).toBeTruthy();
  });
});
