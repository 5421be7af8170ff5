import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, fakeGateway } from '@kermesse/ui-kit/testing';
import { renderAt } from '../test/render';
import { CheckoutProductsPage } from './CheckoutProductsPage';
import { PriceListPage } from './PriceListPage';

const products = [
  { product_id: 1, product_name: 'Hot-dog', product_price: '3.50', category_name: 'Plats', is_in_checkout: 0 },
  { product_id: 2, product_name: 'Café', product_price: '1.00', category_name: 'Boissons', is_in_checkout: 1 },
  { product_id: 3, product_name: 'Soda 33 cl', product_price: '1.50', category_name: 'Boissons', is_in_checkout: 1 },
];

function gateway(put = () => json({ success: true })) {
  return fakeGateway({
    'GET /api/cr/events': () => json([{ id: 1, name: 'Kermesse de printemps' }]),
    'GET /api/cr/events/1/checkouts': () =>
      json([{ id: 1, name: 'Kermesse de printemps', checkouts: [{ id: 12, name: 'Caisse Entrée' }] }]),
    'GET /api/admin/checkout/12/products': () => json({ productsAssoc: products }),
    'PUT /api/admin/checkout/12/products/1': put,
    'PUT /api/admin/checkout/12/products/2': put,
  });
}

describe('checkout product selector', () => {
  it('groups the products by category and toggles them with « Ajouter » / « Retirer »', async () => {
    const calls = gateway();
    await renderAt('/stock/caisses?evenement=1&caisse=12', <CheckoutProductsPage />);
    const drinks = within(await screen.findByRole('region', { name: 'Boissons' }));
    expect(drinks.getAllByRole('listitem').map((li) => li.querySelector('.stk-toggle__name')!.textContent)).toEqual(['Café', 'Soda 33 cl']);
    expect(screen.getByText('Caisse Entrée : 2 produits vendus sur 3.')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter Hot-dog' }));
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/admin/checkout/12/products/1',
      body: { ...products[0], is_in_checkout: 1 },
    });
    expect(screen.getByRole('button', { name: 'Retirer Hot-dog' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retirer Café' }));
    });
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/admin/checkout/12/products/2', body: { is_in_checkout: 0 } });
    expect(screen.getByRole('button', { name: 'Ajouter Café' })).toBeTruthy();
  });

  it('opens on the fair the stock calls current (on or next by date), not on the first one listed', async () => {
    const calls = fakeGateway({
      'GET /api/cr/events': () =>
        json([
          { id: 3, name: 'Kermesse 2028' },
          { id: 1, name: 'Kermesse de printemps' },
        ]),
      'GET /api/stocks/': () =>
        json({ event: { id: 1, name: 'Kermesse de printemps', starts_on: '2027-05-15' }, events: [], stocks: [], alerts: [] }),
      'GET /api/cr/events/1/checkouts': () =>
        json([{ id: 1, name: 'Kermesse de printemps', checkouts: [{ id: 12, name: 'Caisse Entrée' }] }]),
    });
    await renderAt('/stock/caisses', <CheckoutProductsPage />);
    await screen.findByRole('option', { name: 'Caisse Entrée' });
    expect((screen.getByLabelText('Événement') as HTMLSelectElement).value).toBe('1');
    expect(calls.map((c) => c.path)).not.toContain('/api/cr/events/3/checkouts');
  });

  it('keeps the product as it was and says why when the register refuses', async () => {
    gateway(() => json({ error: 'Produit introuvable.' }, 404));
    await renderAt('/stock/caisses?evenement=1&caisse=12', <CheckoutProductsPage />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Ajouter Hot-dog' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Produit introuvable.');
    expect(screen.getByRole('button', { name: 'Ajouter Hot-dog' })).toBeTruthy();
  });
});

describe('price list', () => {
  it('lists only the products of the register, by category, with their price, and prints', async () => {
    gateway();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderAt('/stock/tarifs?evenement=1&caisse=12', <PriceListPage />);
    expect(await screen.findByRole('heading', { name: 'Liste des prix — Caisse Entrée' })).toBeTruthy();
    expect(screen.queryByText('Hot-dog')).toBeNull();
    const prices = [...document.querySelectorAll('.stk-price')].map((p) => p.textContent);
    expect(prices).toEqual(['Café1,00 €', 'Soda 33 cl1,50 €'].map((t) => t.replace(' €', '\u00a0€')));
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says in French when the events or the registers cannot be loaded', async () => {
    fakeGateway({ 'GET /api/cr/events': () => json({ error: 'Erreur interne du serveur.' }, 500) });
    await renderAt('/stock/caisses', <CheckoutProductsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur : Impossible de récupérer les événements');

    fakeGateway({
      'GET /api/cr/events': () => json([{ id: 1, name: 'Kermesse de printemps' }]),
      'GET /api/cr/events/1/checkouts': () => json({ error: 'Erreur interne du serveur.' }, 500),
    });
    await renderAt('/stock/caisses?evenement=1', <CheckoutProductsPage />);
    expect((await screen.findAllByRole('alert')).at(-1)?.textContent).toBe('Erreur : Impossible de récupérer les caisses');
  });
});
