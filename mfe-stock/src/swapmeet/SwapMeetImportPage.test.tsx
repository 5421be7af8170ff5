import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, fakeGateway, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { renderAt } from '../test/render';
import { SwapMeetImportPage } from './SwapMeetImportPage';

const swapmeet = { id: 4, name: 'Vide-grenier de printemps', held_on: '2026-05-17' };
const booking = (id: number | null, name: string) => ({
  id,
  name,
  phone: '0612345678',
  space_needed: 2.5,
  revenue: '12.50',
  is_payed: true,
  date_booking: '2026-03-12',
});
const summary = (n: number) => ({
  total_revenue: (12.5 * n).toFixed(2),
  total_space_reserved: 2.5 * n,
  paid_bookings: n,
  unpaid_bookings: 0,
});
const dryRun = {
  status: 'dry-run',
  message: 'Test réussi : 1 réservation prête à être importée.',
  bookings_parsed: 1,
  bookings_created: 0,
  data: [booking(null, 'Jeanne Moreau')],
  errors: [],
  summary: summary(1),
};

function gateway(routes: GatewayRoutes = {}) {
  let bookings = [booking(1, 'Martine Lefèvre')];
  const calls = fakeGateway({
    'GET /api/swapmeet/api/bookings': () => json({ data: bookings, total: bookings.length, summary: summary(bookings.length), swapmeet }),
    'POST /api/swapmeet/api/import/custom-csv': (call) => {
      if (call.query === 'dry-run=true') return json(dryRun);
      bookings = [...bookings, booking(2, 'Jeanne Moreau')];
      return json({
        ...dryRun,
        status: 'success',
        message: '1 réservation importée.',
        bookings_created: 1,
        data: [booking(2, 'Jeanne Moreau')],
      });
    },
    'DELETE /api/swapmeet/api/reset-bookings/4': () => {
      const count = bookings.length;
      bookings = [];
      return json({ status: 'success', message: `${count} réservations supprimées.` });
    },
    'GET /api/swapmeet/api/swapmeets': () => json({ data: [{ ...swapmeet, bookings_count: 1 }] }),
    ...routes,
  });
  return calls;
}

const file = new File(['nom;metres;montant;date_reservation\nJeanne Moreau;2,5;12,50;12/03/2026\n'], 'reservations.csv', {
  type: 'text/csv',
});
const click = async (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('swap-meet importer', () => {
  it('offers the swap-meets before anything was chosen, without saying « Identifiant du vide-grenier introuvable »', async () => {
    gateway();
    await renderAt('/stock/vide-grenier', <SwapMeetImportPage />);
    expect(await screen.findByRole('link', { name: /Vide-grenier de printemps/ })).toHaveProperty('href', expect.stringMatching(/\?id=4$/));
    expect(screen.queryByText('Identifiant du vide-grenier introuvable')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Choisissez le vide-grenier dont vous importez les réservations, ou créez-en un.')).toBeTruthy();
  });

  it('says « Identifiant du vide-grenier introuvable » for an id that names no swap-meet', async () => {
    gateway({ 'GET /api/swapmeet/api/bookings': () => json({ error: 'Identifiant du vide-grenier introuvable' }, 404) });
    await renderAt('/stock/vide-grenier?id=99', <SwapMeetImportPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Identifiant du vide-grenier introuvable');
    expect(screen.getByRole('link', { name: 'Choisir un autre vide-grenier' })).toBeTruthy();
    gateway();
    await renderAt('/stock/vide-grenier?id=abc', <SwapMeetImportPage />);
    expect(screen.getAllByText('Identifiant du vide-grenier introuvable').length).toBeGreaterThan(0);
  });

  it('reads the id from the query and lists the 100 first bookings with their summary', async () => {
    const calls = gateway();
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage />);
    expect(await screen.findByRole('rowheader', { name: 'Martine Lefèvre' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/api/swapmeet/api/bookings', query: 'swapmeet_id=4&limit=100' });
    expect(screen.getByText('1 réservation')).toBeTruthy();
    expect(screen.getByText('06 12 34 56 78')).toBeTruthy();
  });

  it('pages a long list of bookings 25 at a time with the one pagination', async () => {
    const many = Array.from({ length: 30 }, (_, i) => booking(i + 1, `Exposant ${i + 1}`));
    gateway({ 'GET /api/swapmeet/api/bookings': () => json({ data: many, total: 30, summary: summary(30), swapmeet }) });
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage />);
    expect(await screen.findByRole('rowheader', { name: 'Exposant 25' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Exposant 26' })).toBeNull();
    const pagination = screen.getByRole('navigation', { name: 'Pagination des réservations' });
    expect(pagination.querySelector('[aria-current="page"]')?.textContent).toBe('1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    });
    expect(screen.getByRole('rowheader', { name: 'Exposant 30' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Exposant 1' })).toBeNull();
    expect(screen.getByText('30 réservations')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports for real only after a dry run, then reloads the bookings 1 s later', async () => {
    const calls = gateway();
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage />);
    await screen.findByRole('rowheader', { name: 'Martine Lefèvre' });
    await click("Tester l'import");
    expect(screen.getByRole('alert').textContent).toBe('Veuillez sélectionner un fichier CSV');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Fichier CSV'), { target: { files: [file] } });
    });
    fireEvent.click(screen.getByLabelText(/Mode test/));
    expect(screen.getByRole('button', { name: 'Importer' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText(/Mode test/));
    await click("Tester l'import");
    expect(screen.getByText('Test réussi : 1 réservation prête à être importée.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Mode test/));

    vi.useFakeTimers();
    try {
      await click('Importer');
      expect(calls.at(-1)).toMatchObject({ method: 'POST', query: 'dry-run=false' });
      expect(screen.getByText('1 réservation importée.')).toBeTruthy();
      const loads = () => calls.filter((c) => c.path === '/api/swapmeet/api/bookings').length;
      expect(loads()).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(999);
      });
      expect(loads()).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(loads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('2 réservations')).toBeTruthy();
  });

  it('keeps the real import off when the test found errors', async () => {
    gateway({
      'POST /api/swapmeet/api/import/custom-csv': () =>
        json({ ...dryRun, status: 'error', message: '1 erreur dans le fichier', errors: ['Ligne 2 : le nom est obligatoire.'], data: [] }),
    });
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage />);
    await screen.findByRole('rowheader', { name: 'Martine Lefèvre' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Fichier CSV'), { target: { files: [file] } });
    });
    await click("Tester l'import");
    expect(screen.getByRole('list', { name: 'Erreurs' }).textContent).toBe('Ligne 2 : le nom est obligatoire.');
    fireEvent.click(screen.getByLabelText(/Mode test/));
    expect(screen.getByRole('button', { name: 'Importer' })).toHaveProperty('disabled', true);
  });

  it('resets after the spec confirmation, and not when cancelled', async () => {
    const calls = gateway();
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage />);
    await screen.findByRole('rowheader', { name: 'Martine Lefèvre' });
    await click('Supprimer toutes les réservations');
    let dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText('Êtes-vous sûr de vouloir supprimer toutes les réservations de ce vide-grenier ? Cette action est irréversible.'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Annuler' }));
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click('Supprimer toutes les réservations');
    dialog = within(screen.getByRole('dialog'));
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/swapmeet/api/reset-bookings/4')).toBe(true);
    expect(await screen.findByText('1 réservations supprimées.')).toBeTruthy();
    expect(screen.getByText('Aucune réservation pour ce vide-grenier.')).toBeTruthy();
  });

  it("shows the server's message, else the spec's, when loading, importing or resetting fails", async () => {
    fakeGateway({ 'GET /api/swapmeet/api/bookings': () => new Response('', { status: 502 }) });
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur est survenue lors du chargement des réservations');
  });

  it('says « Une erreur est survenue lors de la suppression des réservations » when the reset fails without a message', async () => {
    gateway({ 'DELETE /api/swapmeet/api/reset-bookings/4': () => new Response('', { status: 500 }) });
    await renderAt('/stock/vide-grenier?id=4', <SwapMeetImportPage swapMeetId={4} />);
    await screen.findByRole('rowheader', { name: 'Martine Lefèvre' });
    await click('Supprimer toutes les réservations');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Une erreur est survenue lors de la suppression des réservations');
  });
});
