import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json } from '@kermesse/ui-kit/testing';
import { HomePage } from './HomePage';
import { RaffleDashboard } from './RaffleDashboard';

const law = {
  totalValue: 0,
  totalCost: 0,
  ticketRevenue: 0,
  costRatio: null,
  limit: 15,
  ticketsIssued: 1000,
  ticketsIssuedValue: 2000,
  accountsThreshold: 7500,
  warnings: [],
};
const raffle = (over: Record<string, unknown>) => ({
  id: 6,
  name: 'Tombola en double',
  eventId: 7,
  eventName: 'Fête des écoles',
  eventKnown: true,
  tickets: 100,
  sold: 0,
  held: 0,
  revenue: 0,
  state: 'open',
  salesClosedAt: null,
  drawnAt: null,
  price: [{ nb: 1, p: 2 }],
  law,
  ...over,
});

async function renderDashboard() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/tombola/6']}>
        <Routes>
          <Route path="/tombola/:raffleId" element={<RaffleDashboard />} />
          <Route path="/tombola" element={<p>Accueil de la tombola</p>} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

describe('deleting a raffle from its dashboard', () => {
  it('deletes a raffle without sales after a confirmation', async () => {
    const calls = fakeGateway({
      'GET /api/admin/raffles/6': () => json(raffle({})),
      'DELETE /api/admin/raffle/6': () => json({ success: true, id: 6 }),
    });
    await renderDashboard();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Supprimer la tombola' }));
    });
    expect(confirm).toHaveBeenCalledWith(
      'Supprimer définitivement la tombola « Tombola en double », ses prix de tickets et ses lots ? Cette action est irréversible.',
    );
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Supprimer la tombola' }));
    });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByText('Accueil de la tombola')).toBeTruthy();
  });

  it("says why a raffle with sales cannot be deleted, and shows the service's French refusal", async () => {
    fakeGateway({ 'GET /api/admin/raffles/6': () => json(raffle({ sold: 3 })) });
    await renderDashboard();
    expect((screen.getByRole('button', { name: 'Supprimer la tombola' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Des tickets ont été vendus : cette tombola ne peut plus être supprimée.')).toBeTruthy();
  });

  it('shows the 409 of a raffle sold in the meantime', async () => {
    fakeGateway({
      'GET /api/admin/raffles/6': () => json(raffle({})),
      'DELETE /api/admin/raffle/6': () =>
        json(
          { error: 'Des tickets de « Tombola en double » ont déjà été vendus : une tombola avec des ventes ne peut pas être supprimée.' },
          409,
        ),
    });
    await renderDashboard();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Supprimer la tombola' }));
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'ont déjà été vendus : une tombola avec des ventes ne peut pas être supprimée.',
    );
  });
});

describe("« Tombola à l'affiche » on the administration home", () => {
  it('chooses the raffle the public pages show and writes the banner', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles: ['admin'] }));
    const calls = fakeGateway({
      'GET /api/admin/raffles': () => json([raffle({ id: 6, name: 'Tombola de printemps' }), raffle({ id: 8, name: 'Tombola de Noël' })]),
      'GET /api/admin/gift-basket': () => json([]),
      'GET /api/admin/raffles/featured': () =>
        json({ raffleId: null, raffle: null, bannerShown: false, bannerTitle: '', bannerText: '', updatedAt: null }),
      'PUT /api/admin/raffles/featured': (call) =>
        json({
          ...(call.body as object),
          raffle: { id: 8, name: 'Tombola de Noël', eventName: 'Fête', state: 'open' },
          updatedAt: '2027-01-01T00:00:00Z',
        }),
    });
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/tombola']}>
          <SessionProvider>
            <HomePage />
          </SessionProvider>
        </MemoryRouter>,
      );
    });
    fireEvent.click(screen.getByLabelText("Afficher la bannière sur la page d'accueil"));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Choisissez la tombola que la bannière annonce.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Tombola montrée au public'), { target: { value: '8' } });
    expect((screen.getByLabelText('Titre de la bannière') as HTMLInputElement).value).toBe('Tombola de Noël : la prévente est ouverte !');
    fireEvent.change(screen.getByLabelText('Texte de la bannière'), { target: { value: 'Un sapin de lots à gagner.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      raffleId: 8,
      bannerShown: true,
      bannerTitle: 'Tombola de Noël : la prévente est ouverte !',
      bannerText: 'Un sapin de lots à gagner.',
    });
    // Back to the spring raffle: the title named the Christmas one, it follows; a title of one's own stays.
    fireEvent.change(screen.getByLabelText('Tombola montrée au public'), { target: { value: '6' } });
    expect((screen.getByLabelText('Titre de la bannière') as HTMLInputElement).value).toBe(
      'Tombola de printemps : la prévente est ouverte !',
    );
    fireEvent.change(screen.getByLabelText('Titre de la bannière'), { target: { value: 'Venez nombreux !' } });
    fireEvent.change(screen.getByLabelText('Tombola montrée au public'), { target: { value: '8' } });
    expect((screen.getByLabelText('Titre de la bannière') as HTMLInputElement).value).toBe('Venez nombreux !');
    expect(screen.getByRole('status').textContent).toBe(
      'Choix enregistré : la page de prévente, la bannière et les résultats publics le suivent.',
    );
  });
});
