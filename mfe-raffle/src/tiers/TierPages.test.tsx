import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import { GiftBasketTiersPage, NewRafflePage } from './TierPages';

async function renderAt(path: string, route: string, element: ReactElement) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

describe('a new raffle in the tier editor', () => {
  it('switches to update mode after « Créer »: a second click updates the raffle created, never a second raffle', async () => {
    let tiers = [{ nb: 1, p: 2 }];
    const calls = fakeGateway({
      'GET /api/admin/raffles/events': () => json([{ id: 7, name: 'Fête des écoles', startsOn: '2027-06-12' }]),
      'POST /api/admin/raffle': (call) => {
        tiers = (call.body as { price: typeof tiers }).price;
        return json({ success: true, id: 12, price: tiers }, 201);
      },
      'GET /api/admin/raffle/12': () => json(tiers),
      'PUT /api/admin/raffle/12': (call) => {
        tiers = (call.body as { price: typeof tiers }).price;
        return json({ success: true, id: 12, price: tiers });
      },
    });
    await renderAt('/tombola/nouvelle', '/tombola/nouvelle', <NewRafflePage />);
    fireEvent.change(screen.getByLabelText('Nom de la tombola'), { target: { value: 'Tombola de juin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une nouvelle paire' }));
    fireEvent.change(screen.getByLabelText('Nombre de tickets de la paire 1'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Prix de la paire 1'), { target: { value: '2,50' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    });

    expect(screen.getByRole('status').textContent).toBe('Tombola créée avec succès !');
    expect(screen.getByRole('heading', { name: 'Modifier les prix des tickets' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Créer' })).toBeNull();
    expect((screen.getByLabelText('Événement') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Prix de la paire 1') as HTMLInputElement).value).toBe('2,50');
    expect(screen.getByRole('link', { name: 'Ouvrir la tombola créée' }).getAttribute('href')).toBe('/tombola/12');

    fireEvent.change(screen.getByLabelText('Prix de la paire 1'), { target: { value: '3' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Tombola mise à jour avec succès !');
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['POST /api/admin/raffle', 'PUT /api/admin/raffle/12']);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ price: [{ nb: 1, p: 3 }], name: 'Tombola de juin', tickets: 1000 });
  });
});

describe('the gift-basket tier page', () => {
  it('shows the basket name in the breadcrumb, not « Panier garni n° 1 »', async () => {
    fakeGateway({
      'GET /api/admin/gift-basket/1': () => json([{ nb: 1, p: 2 }]),
      'GET /api/admin/gift-basket/1/summary': () =>
        json({
          id: 1,
          name: 'Paniers de la kermesse',
          eventId: 7,
          eventName: 'Fête',
          eventKnown: true,
          types: [],
          sold: 0,
          revenue: 0,
          price: [],
        }),
    });
    await renderAt('/tombola/paniers/1/tarifs', '/tombola/paniers/:basketId/tarifs', <GiftBasketTiersPage />);
    const crumbs = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(crumbs.textContent).toBe('Tombola › Paniers de la kermesse › Prix des paris');
    expect(crumbs.textContent).not.toContain('n° 1');
  });
});
