import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, fakeGateway } from '@kermesse/ui-kit/testing';
import { renderAt } from '../test/render';
import { StockStatePage } from './StockStatePage';

const event = { id: 1, name: 'Kermesse de printemps', starts_on: '2026-05-16' };
const stocks = [
  { id: 3, name: 'Gaufre', category: 'Desserts', stock: 5, alert_threshold: 5, isAlert: true },
  { id: 1, name: 'Café', category: 'Boissons', stock: 120, alert_threshold: 20, isAlert: false },
  { id: 2, name: 'Bolée de cidre', category: 'Boissons', stock: 6, alert_threshold: 8, isAlert: true },
];
const answer = { event, events: [event], stocks, alerts: [3, 2] };

describe('stock state', () => {
  it('groups the products by category and counts those in alert in the header', async () => {
    fakeGateway({ 'GET /api/stocks/': () => json(answer) });
    await renderAt('/stock', <StockStatePage />);
    await screen.findByRole('heading', { name: 'Boissons' });
    expect(document.getElementById('alert-count')!.textContent).toBe('2 produits en alerte');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Boissons', 'Desserts']);
    const drinks = within(screen.getByRole('region', { name: 'Boissons' }));
    expect(drinks.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Bolée de cidre', 'Café']);
    expect(drinks.getByLabelText('Stock de Café')).toHaveProperty('min', '0');
  });

  it('marks a level below zero « Stock négatif », in alert, so the buvette recounts it', async () => {
    const oversold = { id: 4, name: 'Crêpe au sucre', category: 'Desserts', stock: -3, alert_threshold: 5, isAlert: true };
    fakeGateway({ 'GET /api/stocks/': () => json({ ...answer, stocks: [...stocks, oversold], alerts: [3, 2, 4] }) });
    await renderAt('/stock', <StockStatePage />);
    const desserts = within(await screen.findByRole('region', { name: 'Desserts' }));
    const row = desserts.getByRole('rowheader', { name: 'Crêpe au sucre' }).closest('tr')!;
    expect(row.className).toContain('stk-row--alert');
    expect(within(row).getByText('Stock négatif')).toBeTruthy();
    expect(document.getElementById('alert-count')!.textContent).toBe('3 produits en alerte');
  });

  it('says « Aucune donnée de stock disponible. » when there is nothing', async () => {
    fakeGateway({ 'GET /api/stocks/': () => json({ event: null, events: [], stocks: [], alerts: [] }) });
    await renderAt('/stock', <StockStatePage />);
    expect(await screen.findByText('Aucune donnée de stock disponible.')).toBeTruthy();
    expect(document.getElementById('alert-count')!.textContent).toBe('0 produit en alerte');
  });

  it('shows « Erreur: {message} » when the page cannot load', async () => {
    fakeGateway({ 'GET /api/stocks/': () => json({ error: 'Service momentanément indisponible.' }, 503) });
    await renderAt('/stock', <StockStatePage />);
    expect(await screen.findByText('Erreur: Service momentanément indisponible.')).toBeTruthy();
  });

  it('saves an edited stock on Enter, then updates the row and the alert count', async () => {
    const calls = fakeGateway({
      'GET /api/stocks/': () => json(answer),
      'POST /api/stocks/update/stock': () => json({ success: true, stock: { ...stocks[2], stock: 30, isAlert: false } }),
    });
    await renderAt('/stock', <StockStatePage />);
    const field = await screen.findByLabelText('Stock de Bolée de cidre');
    fireEvent.change(field, { target: { value: '30' } });
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/stocks/update/stock',
      body: { product_id: 2, quantity: 30, event_id: 1 },
    });
    expect(document.getElementById('alert-count')!.textContent).toBe('1 produit en alerte');
    expect(screen.getByText('Enregistré')).toBeTruthy();
  });

  it('shows the server error, else « Erreur lors de la mise à jour », next to the field', async () => {
    fakeGateway({
      'GET /api/stocks/': () => json(answer),
      'POST /api/stocks/update/alert-threshold': () => json({ error: 'Produit introuvable.' }, 404),
      'POST /api/stocks/update/stock': () => new Response('boom', { status: 500 }),
    });
    await renderAt('/stock', <StockStatePage />);
    const threshold = await screen.findByLabelText("Seuil d'alerte de Café");
    fireEvent.change(threshold, { target: { value: '4' } });
    await act(async () => {
      fireEvent.blur(threshold);
    });
    expect(screen.getByRole('alert').textContent).toBe('Produit introuvable.');
    const stock = screen.getByLabelText('Stock de Gaufre');
    fireEvent.change(stock, { target: { value: '9' } });
    await act(async () => {
      fireEvent.blur(stock);
    });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Erreur lors de la mise à jour');
  });

  it('refuses a negative value without calling the server', async () => {
    const calls = fakeGateway({ 'GET /api/stocks/': () => json(answer) });
    await renderAt('/stock', <StockStatePage />);
    const field = await screen.findByLabelText('Stock de Café');
    fireEvent.change(field, { target: { value: '-2' } });
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
    });
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la mise à jour : un nombre entier positif ou nul est attendu.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
