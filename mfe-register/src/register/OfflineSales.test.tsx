import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, unreachable } from '@kermesse/ui-kit/testing';
import { CheckoutRegister } from '../entry/CheckoutRegister';
import { OFFLINE_MESSAGES } from './OfflineStatus';
import { SIGNED_OUT_SALE_MESSAGE } from './useSaleSubmission';
import { CHECKOUT_ID, EVENT_ID, lastBody, registerGateway, saleAnswer } from '../testing/registerGateway';

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
  await click(screen.getByRole('button', { name: /^Espèces/ }));
  const field = await screen.findByLabelText('Montant donné');
  fireEvent.change(field, { target: { value: given } });
  await act(async () => {
    fireEvent.submit(field.closest('form') as HTMLFormElement);
  });
}

/** « Identifier » without network: the buyer is named on the device. */
async function identifyOffline() {
  fireEvent.change(screen.getByLabelText("Téléphone de l'acheteur"), { target: { value: '0612345678' } });
  await click(screen.getByRole('button', { name: 'Identifier' }));
  fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Camille' } });
  fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Martin' } });
  await click(screen.getByRole('button', { name: "Enregistrer l'acheteur" }));
}

// A whole register per test, offline then online: more than the default 5 s on a loaded machine.
describe('sales screen without network', { timeout: 20_000 }, () => {
  it('keeps cash sales on the device, counts them, and sends each once with its key when the network returns', async () => {
    const calls = registerGateway();
    await renderRegister();
    await setOnline(false);
    expect(screen.getByRole('status').textContent).toContain('Hors ligne');
    // When the catalogue and stock alerts on screen were loaded: « Catalogue et alertes de stock du 23/11 à 14:05 ».
    expect(screen.getByRole('status').textContent).toMatch(/Catalogue et alertes de stock du \d\d\/\d\d à \d\d:\d\d\./);

    await click(product('Café'));
    await payCash('5');
    expect(screen.getByRole('heading', { name: 'Vente enregistrée hors ligne' })).toBeTruthy();
    expect(screen.getByTestId('offline-waiting').textContent).toBe("1 vente en attente d'envoi");
    await click(screen.getByRole('button', { name: 'Nouvelle vente' }));
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

  it('refuses card, hold, bets, and tickets without a reserved block offline with a French reason', async () => {
    const calls = registerGateway();
    await renderRegister();
    await setOnline(false);
    await click(product('Café'));
    await click(screen.getByRole('button', { name: /^CB/ }));
    expect(screen.getByRole('alert').textContent).toContain('Hors ligne : le paiement CB a besoin du réseau');
    await click(screen.getByRole('button', { name: 'Mettre en attente' }));
    expect(screen.getByRole('alert').textContent).toContain('Hors ligne : la mise en attente a besoin du réseau');
    await identifyOffline();
    await click(product('1 pari'));
    await click(screen.getByRole('button', { name: /^Espèces/ }));
    expect(screen.getByRole('alert').textContent).toContain('Hors ligne : les paris sur les paniers garnis reprennent au retour du réseau');
    expect(calls.filter((call) => call.path === '/api/cr/sale/create')).toEqual([]);
  });

  it('refuses raffle tickets offline when the register never received a block', async () => {
    registerGateway();
    await renderRegister();
    await setOnline(false);
    await identifyOffline();
    await click(product('1 ticket'));
    await click(screen.getByRole('button', { name: /^Espèces/ }));
    expect(screen.getByRole('alert').textContent).toContain("Hors ligne : cette caisse n'a pas de numéros de tombola réservés");
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sells numbered tickets of its reserved block offline and sends the sale once with its numbers', async () => {
    const block = { raffleId: 1, checkoutId: CHECKOUT_ID, numbers: [11, 12, 13, 14, 15], reservedElsewhere: [20, 21] };
    const calls = registerGateway({ 'POST /api/cr/raffle/1/blocks': () => json(block) });
    await renderRegister();
    // Online, the block is topped up for this register.
    await vi.waitFor(() => expect(lastBody(calls, 'POST', '/api/cr/raffle/1/blocks')).toEqual({ checkoutId: CHECKOUT_ID, size: 50 }));
    await setOnline(false);
    await identifyOffline();
    expect(screen.getByText('à identifier au retour du réseau')).toBeTruthy();
    await click(product('1 ticket'));
    await click(screen.getByRole('button', { name: 'Tickets de tombola : 0 / 1' }));
    const picker = await screen.findByRole('dialog');
    expect(picker.textContent).toContain('Hors ligne : seuls les 5 numéros réservés à cette caisse sont proposés.');
    expect((screen.getByRole('button', { name: 'Ticket 1 non réservé à cette caisse' }) as HTMLButtonElement).disabled).toBe(true);
    await click(screen.getByRole('button', { name: 'Ticket 12' }));
    await click(screen.getByRole('button', { name: 'Confirmer la sélection' }));
    await payCash('2');
    expect(screen.getByRole('heading', { name: 'Vente enregistrée hors ligne' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Nouvelle vente' }));

    // The next sale is not offered the number waiting in the queue.
    await identifyOffline();
    await click(product('1 ticket'));
    await click(screen.getByRole('button', { name: 'Tickets de tombola : 0 / 1' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('seuls les 4 numéros réservés');
    expect((screen.getByRole('button', { name: 'Ticket 12 non réservé à cette caisse' }) as HTMLButtonElement).disabled).toBe(true);
    await click(screen.getByRole('button', { name: 'Sélection automatique et confirmer' }));
    await payCash('2');
    expect(screen.getByTestId('offline-waiting').textContent).toBe("2 ventes en attente d'envoi");
    expect(calls.filter((call) => call.path === '/api/cr/sale/create')).toEqual([]);

    await setOnline(true);
    await vi.waitFor(() => expect(screen.queryByTestId('offline-waiting')).toBeNull());
    const sent = calls
      .filter((call) => call.path === '/api/cr/sale/create')
      .map((call) => (call.body as { sale: { raffleId: number; raffles: number[] } }).sale);
    expect(sent).toHaveLength(2);
    // The buyer typed offline was identified first (the gateway knows Camille, n° 12).
    expect(lastBody(calls, 'POST', '/api/cr/users/findOrCreate')).toEqual({ email: '', phone: '0612345678' });
    expect(sent[0]).toMatchObject({ raffleId: 1, raffles: [12], personId: 12 });
    expect(block.numbers).toContain(sent[1]!.raffles[0]);
    expect(sent[1]!.raffles[0]).not.toBe(12);
  });

  it('keeps a sale refused on sync listed with its reason', async () => {
    registerGateway({
      'POST /api/cr/sale/create': () => json({ error: "Le produit « Café » (n° 12) n'est pas en vente à cette caisse." }, 400),
    });
    await renderRegister();
    await setOnline(false);
    await click(product('Café'));
    await payCash('1');
    await setOnline(true);
    const refused = await screen.findByRole('list', { name: "Ventes refusées à l'envoi" });
    expect(refused.textContent).toContain(
      "refusée — Erreur lors de la vente : Le produit « Café » (n° 12) n'est pas en vente à cette caisse.",
    );
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

  it('keeps the sales made offline when the token expired meanwhile, asks to sign in again, then sends each once with its key', async () => {
    // The server accepts only the token of the new sign-in.
    const calls = registerGateway({
      'POST /api/cr/sale/create': (call) =>
        call.authorization === 'Bearer jeton-du-lendemain' ? json(saleAnswer(), 201) : json({ error: 'Jeton expiré.' }, 401),
    });
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const register = (token: string) => (
      <MemoryRouter>
        <CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken={token} clickAndCollect={false} />
      </MemoryRouter>
    );
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(register('jeton-expire'));
    });
    await screen.findByRole('tab', { name: 'Toutes les catégories' });
    await setOnline(false);
    await click(product('Café'));
    await payCash('5');
    await click(screen.getByRole('button', { name: 'Nouvelle vente' }));
    await click(product('Soda'));
    await payCash('2');

    // The network returns, the token has expired: nothing is dropped, the screen says why they wait.
    await setOnline(true);
    await screen.findByText(OFFLINE_MESSAGES.signIn);
    expect(screen.getByTestId('offline-waiting').textContent).toBe("2 ventes en attente d'envoi");
    expect(screen.getByRole('link', { name: 'Se reconnecter' }).getAttribute('href')).toBe('/connexion?retour=%2Fcaisse');
    expect(screen.queryByRole('button', { name: 'Envoyer maintenant' })).toBeNull();
    const refusedKeys = calls.filter((call) => call.path === '/api/cr/sale/create').map((call) => call.headers['idempotency-key']);

    // Signed in again: the register gets the new token and sends both sales, with the keys they were made with.
    await act(async () => {
      view!.rerender(register('jeton-du-lendemain'));
    });
    await vi.waitFor(() => expect(screen.queryByTestId('offline-waiting')).toBeNull());
    const accepted = calls.filter((call) => call.path === '/api/cr/sale/create' && call.authorization === 'Bearer jeton-du-lendemain');
    expect(accepted.map((call) => (call.body as { sale: { price: number } }).sale.price)).toEqual([1, 1.5]);
    expect(new Set(accepted.map((call) => call.headers['idempotency-key'])).size).toBe(2);
    expect(refusedKeys.every((key) => accepted.some((call) => call.headers['idempotency-key'] === key))).toBe(true);
    expect(screen.queryByText(OFFLINE_MESSAGES.signIn)).toBeNull();
  });

  it('offers to keep a sale refused online for an expired token, instead of losing it, and asks to sign in again', async () => {
    registerGateway({ 'POST /api/cr/sale/create': () => json({ error: 'Jeton expiré.' }, 401) });
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    await act(async () => {
      render(
        <MemoryRouter>
          <CheckoutRegister checkoutId={CHECKOUT_ID} eventId={EVENT_ID} submittedToken="jeton-expire" clickAndCollect={false} />
        </MemoryRouter>,
      );
    });
    await screen.findByRole('tab', { name: 'Toutes les catégories' });
    await click(product('Café'));
    await payCash('1');
    expect(screen.getByText(SIGNED_OUT_SALE_MESSAGE)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Envoyer plus tard' }));
    expect(screen.getByTestId('offline-waiting').textContent).toBe("1 vente en attente d'envoi");
    await screen.findByText(OFFLINE_MESSAGES.signIn);
    expect(screen.getByRole('link', { name: 'Se reconnecter' })).toBeTruthy();
  });
});
