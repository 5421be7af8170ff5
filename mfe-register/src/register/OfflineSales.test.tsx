import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, unreachable } from '@kermesse/ui-kit/testing';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { CHECKOUT_ID, EVENT_ID, registerGateway, saleAnswer } from '../testing/registerGateway';

let online = true;
const setOnline = async (value: boolean) => {
  online = value;
  await act(async () => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

afterEach(() => {
  online = true;
});

async function renderRegister() {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await act(async () => {
    render(<CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="jeton-caissier" clickAndCollect={false} />);
  });
  await screen.findByRole('tab', { name: 'Toutes les catégories' });
}

const product = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name},`) });
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

async function payCash(given: string) {
  await click(screen.getByRole('button', { name: /^Espèce/ }));
  const field = await screen.findByLabelText('Montant donné');
  fireEvent.change(field, { target: { value: given } });
  await act(async () => {
    fireEvent.submit(field.closest('form') as HTMLFormElement);
  });
}

// A whole register per test, offline then online: more than the default 5 s on a loaded machine.
describe('sales screen without network', { timeout: 20_000 }, () => {
  it('keeps cash sales on the device, counts them, and sends each once with its key when the network returns', async () => {
    const calls = registerGateway();
    await renderRegister();
    await setOnline(false);
    expect(screen.getByRole('status').textContent).toContain('Hors ligne');

    await click(product('Café'));
    await payCash('5');
    expect(screen.getByRole('heading', { name: 'Vente enregistrée hors ligne' })).toBeTruthy();
    expect(screen.getByTestId('offline-waiting').textContent).toBe("1 vente en attente d'envoi");
    await click(screen.getByRole('button', { name: 'Nouvelle Vente' }));
    await click(product('Soda'));
    await payCash('2');
    expect(screen.getByTestId('offline-waiting').textContent).toBe("2 ventes en attente d'envoi");
    expect(calls.filter((call) => call.path === '/api/cr/sale/create')).toEqual([]);

    await setOnline(true);
    await vi.waitFor(() => expect(screen.queryByTestId('offline-waiting')).toBeNull());
    const sent = calls.filter((call) => call.path === '/api/cr/sale/create');
    expect(sent.map((call) => (call.body as { sale: { price: number } }).sale.price)).toEqual([1, 1.5]);
    expect(new Set(sent.map((call) => call.headers['idempotency-key'])).size).toBe(2);
  });

  it('refuses card, hold and tickets offline with a French reason', async () => {
    const calls = registerGateway();
    await renderRegister();
    await setOnline(false);
    await click(product('Café'));
    await click(screen.getByRole('button', { name: /^CB/ }));
    expect(screen.getByRole('alert').textContent).toContain('Hors ligne : le paiement CB a besoin du réseau');
    await click(screen.getByRole('button', { name: 'Mettre en attente' }));
    expect(screen.getByRole('alert').textContent).toContain('Hors ligne : la mise en attente a besoin du réseau');
    await click(product('1 ticket'));
    await click(screen.getByRole('button', { name: /^Espèce/ }));
    expect(screen.getByRole('alert').textContent).toContain('Hors ligne : la vente de tickets de tombola et de paris reprend au retour du réseau');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/cr/sale/create')).toEqual([]);
  });

  it('keeps a sale refused on sync listed with its reason', async () => {
    registerGateway({ 'POST /api/cr/sale/create': () => json({ error: "Le produit « Café » (n° 12) n'est pas en vente à cette caisse." }, 400) });
    await renderRegister();
    await setOnline(false);
    await click(product('Café'));
    await payCash('1');
    await setOnline(true);
    const refused = await screen.findByRole('list', { name: "Ventes refusées à l'envoi" });
    expect(refused.textContent).toContain("refusée — Erreur lors de la vente : Le produit « Café » (n° 12) n'est pas en vente à cette caisse.");
    expect(screen.queryByTestId('offline-waiting')).toBeNull();
  });

  it('lets a sale whose answer was lost wait in the queue with its key (« Envoyer plus tard »)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reachable = false;
    const calls = registerGateway({ 'POST /api/cr/sale/create': () => (reachable ? json(saleAnswer(), 201) : unreachable()) });
    await renderRegister();
    await click(product('Café'));
    await payCash('1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await click(screen.getByRole('button', { name: 'Envoyer plus tard' }));
    expect(screen.getByTestId('offline-waiting').textContent).toBe("1 vente en attente d'envoi");
    reachable = true;
    await click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    await vi.waitFor(() => expect(screen.queryByTestId('offline-waiting')).toBeNull());
    const keys = new Set(calls.filter((call) => call.path === '/api/cr/sale/create').map((call) => call.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    vi.useRealTimers();
  });
});
