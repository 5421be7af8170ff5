import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeGateway, json } from '@kermesse/ui-kit/testing';
import type { BasketType } from '../api/raffleApi';
import { GiftBasketPage } from './GiftBasketPage';

const type = (over: Partial<BasketType>): BasketType => ({
  id: 1,
  name: 'Panier gourmand',
  price: 65,
  realWeight: null,
  weighedAt: null,
  ...over,
});

function gateway(types: BasketType[]) {
  let current = types;
  return fakeGateway({
    'GET /api/admin/gift-basket/3/summary': () =>
      json({
        id: 3,
        name: 'Paniers de la kermesse',
        eventId: 7,
        eventName: 'Fête des écoles',
        eventKnown: true,
        types: current,
        sold: 2,
        revenue: 4,
        price: [],
      }),
    'GET /api/admin/gift-basket/3/prizes': () => json(current),
    'GET /api/admin/gift-basket/3/weigh/result': () => json({ success: true, data: [] }),
    'DELETE /api/admin/gift-basket/types/2': () => {
      current = current.filter((t) => t.id !== 2);
      return json({ success: true });
    },
    'POST /api/admin/gift-basket/3/prizes': (call) => {
      const body = call.body as { name: string; price: number };
      const added = type({ id: 9, name: body.name, price: body.price });
      current = [...current, added];
      return json(added, 201);
    },
  });
}

async function renderPage() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/tombola/paniers/3']}>
        <Routes>
          <Route path="/tombola/paniers/:basketId" element={<GiftBasketPage />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

const typesCard = () => within(screen.getByRole('region', { name: 'Paniers à gagner' }));
const weighCard = () => within(screen.getByRole('region', { name: 'Pesée des paniers' }));

describe('gift basket page', () => {
  it('says a deleted basket was deleted, in the card where « Supprimer » was clicked', async () => {
    gateway([type({}), type({ id: 2, name: 'Panier bien-être', price: 45 })]);
    await renderPage();
    expect(screen.getByRole('navigation', { name: "Fil d'Ariane" }).textContent).toBe('Tombola › Paniers de la kermesse');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const row = typesCard().getByText('Panier bien-être').closest('tr')!;
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Supprimer' }));
    });
    expect(typesCard().getByRole('status').textContent).toBe('Panier « Panier bien-être » supprimé.');
    expect(screen.queryByText('Panier garni mis à jour avec succès !')).toBeNull();
    expect(typesCard().queryByText('Panier bien-être')).toBeNull();
  });

  it('locks the weighing field and « Supprimer » of a basket already weighed', async () => {
    gateway([type({ realWeight: 3250, weighedAt: '2027-06-12T18:00:00Z' }), type({ id: 2, name: 'Panier bien-être', price: 45 })]);
    await renderPage();
    const weighed = weighCard().getByLabelText(/Panier gourmand/) as HTMLInputElement;
    expect(weighed.disabled).toBe(true);
    expect(weighed.value).toBe('3250');
    expect(weighCard().getByText('Pesé : 3 kg 250 g — paris clos')).toBeTruthy();
    expect((weighCard().getByLabelText(/Panier bien-être/) as HTMLInputElement).disabled).toBe(false);
    const gourmandRow = typesCard().getByText('Panier gourmand').closest('tr')!;
    expect((within(gourmandRow).getByRole('button', { name: 'Supprimer' }) as HTMLButtonElement).disabled).toBe(true);
    const otherRow = typesCard().getByText('Panier bien-être').closest('tr')!;
    expect((within(otherRow).getByRole('button', { name: 'Supprimer' }) as HTMLButtonElement).disabled).toBe(false);

    // A mistyped weight can still be corrected, on purpose.
    fireEvent.click(weighCard().getByRole('button', { name: 'Corriger la pesée' }));
    expect((weighCard().getByLabelText(/Panier gourmand/) as HTMLInputElement).disabled).toBe(false);
  });

  it('adds a basket whose price is typed « 30,50 », and refuses a price it cannot read', async () => {
    const calls = gateway([]);
    await renderPage();
    fireEvent.change(typesCard().getByLabelText('Nom'), { target: { value: 'Panier du jardin' } });
    fireEvent.change(typesCard().getByLabelText('Prix'), { target: { value: '30,5x' } });
    await act(async () => {
      fireEvent.click(typesCard().getByRole('button', { name: 'Ajouter' }));
    });
    expect(typesCard().getByRole('alert').textContent).toBe('Le prix doit être un montant en euros, par exemple 30,50.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(typesCard().getByLabelText('Prix'), { target: { value: '30,50' } });
    await act(async () => {
      fireEvent.click(typesCard().getByRole('button', { name: 'Ajouter' }));
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Panier du jardin', price: 30.5 });
    expect(typesCard().getByRole('status').textContent).toBe('Panier « Panier du jardin » ajouté.');
  });
});
