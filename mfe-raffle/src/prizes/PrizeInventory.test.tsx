import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, fakeGateway, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import type { Prize } from '../api/raffleApi';
import { PrizeInventoryPage } from './PrizeInventory';

const prize = (over: Partial<Prize>): Prize => ({
  id: 1,
  raffleId: 5,
  name: 'Vélo',
  label: 'Vélo',
  weight: 1,
  rank: 1,
  price: 350,
  cost: 0,
  provider: '',
  quantity: 1,
  alcohol: false,
  Alcohol: false,
  illustration: null,
  image: null,
  ...over,
});
const law = {
  totalValue: 395,
  totalCost: 30,
  ticketRevenue: 44,
  costRatio: 68.2,
  limit: 15,
  ticketsIssued: 1000,
  ticketsIssuedValue: 2000,
  accountsThreshold: 7500,
  warnings: ['Le coût des lots (30,00 €) dépasse 15 % des recettes des tickets (44,00 €) : 68,2 %.'],
};

function gateway(overrides: GatewayRoutes = {}) {
  return fakeGateway({
    'GET /api/admin/raffles/5/prizes': () =>
      json([
        prize({}),
        prize({
          id: 2,
          name: 'Coffret de vin',
          label: 'Coffret de vin',
          rank: 2,
          weight: 2,
          price: 45,
          quantity: 2,
          alcohol: true,
          Alcohol: true,
          illustration: 'demo-vin.png',
          image: '/up-prizes/demo-vin.png',
        }),
      ]),
    'GET /api/admin/raffles/5': () => json({ id: 5, name: 'Grande tombola', price: [], law }),
    ...overrides,
  });
}

async function renderInventory() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/tombola/5/lots']}>
        <Routes>
          <Route path="/tombola/:raffleId/lots" element={<PrizeInventoryPage />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

const addForm = () => within(screen.getByRole('group', { name: 'Nouveau lot' }));

describe('prize inventory', () => {
  it('lists each prize with rank, name, quantity « disponible(s) », price and its actions, beside the law panel', async () => {
    gateway();
    await renderInventory();
    expect(screen.getByRole('heading', { name: 'Inventaire des lots de la tombola n° 5' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('rf-prize'));
    expect(items[0]!.textContent).toContain('1Vélo1 disponible(s)Valeur 350,00');
    const add = within(items[0]!).getByRole('link', { name: 'Ajouter une illustration' }) as HTMLAnchorElement;
    expect(add.getAttribute('href')).toBe('/tombola/admin-prize/1/edit/image');
    expect(add.target).toBe('_blank');
    expect(within(items[1]!).getByRole('link', { name: "Modifier l'illustration" })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ajouter un lot' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cadre légal de la tombola' })).toBeTruthy();
    expect(screen.getByText(law.warnings[0]!)).toBeTruthy();
  });

  it('pages a long inventory 20 prizes at a time with the one pagination', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      prize({ id: i + 1, name: `Lot ${i + 1}`, label: `Lot ${i + 1}`, rank: i + 1, weight: i + 1 }),
    );
    gateway({ 'GET /api/admin/raffles/5/prizes': () => json(many) });
    await renderInventory();
    const names = () => [...document.querySelectorAll('.rf-prize__name')].map((n) => n.textContent);
    expect(names()).toHaveLength(20);
    expect(names()[0]).toBe('Lot 1');
    const pagination = screen.getByRole('navigation', { name: 'Pagination des lots' });
    expect(within(pagination).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(pagination).getByRole('button', { name: 'Page 3' }));
    });
    expect(names()).toEqual(['Lot 41', 'Lot 42', 'Lot 43', 'Lot 44', 'Lot 45']);
    expect(within(pagination).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(within(pagination).getByRole('button', { name: 'Précédent' }));
    });
    expect(names()[0]).toBe('Lot 21');
  });

  it('shows the first broken rule and sends nothing; adds a valid prize with a green banner', async () => {
    const calls = gateway({
      'POST /api/admin/raffles/5/prizes': (call) =>
        json(prize({ id: 9, name: (call.body as Prize).name, rank: 3, weight: 3, price: 20, quantity: 4 }), 201),
    });
    await renderInventory();
    fireEvent.change(addForm().getByLabelText('Nom'), { target: { value: 'Peluche' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter le lot' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Le rang doit être supérieur à 0');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(addForm().getByLabelText('Rang'), { target: { value: '3' } });
    fireEvent.change(addForm().getByLabelText('Valeur'), { target: { value: '20' } });
    fireEvent.change(addForm().getByLabelText('Quantité'), { target: { value: '4' } });
    fireEvent.click(addForm().getByLabelText("Contient de l'alcool"));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter le lot' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Peluche',
      weight: 3,
      price: 20,
      cost: 0,
      quantity: 4,
      alcohol: true,
    });
    expect(screen.getByRole('status').textContent).toBe('Prix ajouté avec succès');
    expect(screen.getByText('Peluche')).toBeTruthy();
  });

  it('corrects a prize inline (Save sends the whole prize) and shows the red banner on failure', async () => {
    const calls = gateway({
      'PUT /api/admin/prizes/1': (call) =>
        (call.body as Prize).quantity > 5 ? json({ error: 'La quantité doit être positive' }, 400) : json({ ...(call.body as Prize) }),
    });
    await renderInventory();
    fireEvent.click(screen.getAllByRole('button', { name: 'Corriger' })[0]!);
    const editor = within(screen.getByRole('group', { name: 'Lot 1' }));
    fireEvent.change(editor.getByLabelText('Nom'), { target: { value: 'Vélo de ville' } });
    await act(async () => {
      fireEvent.click(editor.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      id: 1,
      name: 'Vélo de ville',
      label: 'Vélo de ville',
      weight: 1,
      rank: 1,
      price: 350,
      quantity: 1,
      cost: 0,
    });
    expect(screen.getByRole('status').textContent).toBe('Prix mis à jour avec succès');
    expect(screen.getByText('Vélo de ville')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Corriger' })[0]!);
    const again = within(screen.getByRole('group', { name: 'Lot 1' }));
    fireEvent.change(again.getByLabelText('Quantité'), { target: { value: '9' } });
    await act(async () => {
      fireEvent.click(again.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Erreur lors de la mise à jour du prix');
    fireEvent.click(again.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('group', { name: 'Lot 1' })).toBeNull();
  });

  it('deletes only after confirmation', async () => {
    const calls = gateway({ 'DELETE /api/admin/prizes/2': () => json({ success: true }) });
    await renderInventory();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Supprimer' })[1]!);
    });
    expect(confirm).toHaveBeenCalledWith('Êtes-vous sûr de vouloir supprimer ce prix ?');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Supprimer' })[1]!);
    });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Prix supprimé avec succès');
    expect(screen.queryByText('Coffret de vin')).toBeNull();
  });

  it('says so when the prizes cannot be loaded', async () => {
    gateway({ 'GET /api/admin/raffles/5/prizes': () => json({ error: 'Erreur interne du serveur.' }, 500) });
    await renderInventory();
    expect(screen.getByRole('alert').textContent).toContain('Erreur lors de la récupération des prix.');
  });

  it("shows the add form's messages under the form itself, not at the top of the page, and reads « 30,50 »", async () => {
    const calls = gateway({
      'POST /api/admin/raffles/5/prizes': (call) =>
        json(prize({ id: 9, name: (call.body as Prize).name, rank: 3, weight: 3, price: 30.5, quantity: 1 }), 201),
    });
    await renderInventory();
    const form = screen.getByRole('group', { name: 'Nouveau lot' });
    fireEvent.change(addForm().getByLabelText('Nom'), { target: { value: 'Lampe' } });
    fireEvent.change(addForm().getByLabelText('Rang'), { target: { value: '3' } });
    fireEvent.change(addForm().getByLabelText('Valeur'), { target: { value: '30,5,0' } });
    fireEvent.change(addForm().getByLabelText('Quantité'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter le lot' }));
    });
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toBe('Le prix doit être un montant en euros, par exemple 30,50.');
    // Nothing is said at the top of the inventory, far above the form.
    const heading = screen.getByRole('heading', { name: 'Inventaire des lots de la tombola n° 5' });
    expect(heading.nextElementSibling?.getAttribute('role')).not.toBe('alert');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(addForm().getByLabelText('Valeur'), { target: { value: '30,50' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter le lot' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Lampe',
      weight: 3,
      price: 30.5,
      cost: 0,
      quantity: 1,
      alcohol: false,
    });
    expect(within(form).getByRole('status').textContent).toBe('Prix ajouté avec succès');
  });

  it("shows a correction's messages with the prize being corrected, its price shown « 350,00 »", async () => {
    gateway({ 'PUT /api/admin/prizes/1': () => json({ error: 'La quantité doit être positive' }, 400) });
    await renderInventory();
    fireEvent.click(screen.getAllByRole('button', { name: 'Corriger' })[0]!);
    const editor = screen.getByRole('group', { name: 'Lot 1' });
    expect((within(editor).getByLabelText('Valeur') as HTMLInputElement).value).toBe('350,00');
    await act(async () => {
      fireEvent.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    });
    expect(within(editor).getByRole('alert').textContent).toContain('Erreur lors de la mise à jour du prix');
  });

  it('asks for the value shown to buyers and the cost for the association apart, and sends both', async () => {
    const calls = gateway({
      'POST /api/admin/raffles/5/prizes': (call) => {
        const body = call.body as Prize;
        return json(prize({ id: 9, name: body.name, rank: 3, weight: 3, price: body.price, cost: body.cost, quantity: 1 }), 201);
      },
      'PUT /api/admin/prizes/1': (call) => json({ ...(call.body as Prize) }),
    });
    await renderInventory();
    fireEvent.change(addForm().getByLabelText('Nom'), { target: { value: 'Trottinette' } });
    fireEvent.change(addForm().getByLabelText('Rang'), { target: { value: '3' } });
    fireEvent.change(addForm().getByLabelText('Valeur'), { target: { value: '120' } });
    fireEvent.change(addForm().getByLabelText("Coût pour l'association"), { target: { value: '-4' } });
    fireEvent.change(addForm().getByLabelText('Quantité'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter le lot' }));
    });
    expect(within(screen.getByRole('group', { name: 'Nouveau lot' })).getByRole('alert').textContent).toBe(
      'Le coût doit être un montant positif en euros, par exemple 12,50 (0 pour un lot offert).',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(addForm().getByLabelText("Coût pour l'association"), { target: { value: '79,90' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter le lot' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Trottinette', price: 120, cost: 79.9 });
    const added = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Trottinette'))!;
    expect(added.textContent).toContain('Valeur 120,00');
    expect(added.textContent).toContain('Coût 79,90');

    // Correcting the bike's cost keeps its value.
    fireEvent.click(screen.getAllByRole('button', { name: 'Corriger' })[0]!);
    const editor = within(screen.getByRole('group', { name: 'Lot 1' }));
    expect((editor.getByLabelText("Coût pour l'association") as HTMLInputElement).value).toBe('0,00');
    fireEvent.change(editor.getByLabelText("Coût pour l'association"), { target: { value: '210' } });
    await act(async () => {
      fireEvent.click(editor.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 1, price: 350, cost: 210 });
  });
});
