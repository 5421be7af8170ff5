import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider } from '@kermesse/ui-kit';
import { buildToken, json, fakeGateway, unreachable, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { BEARER_TOKEN_KEY } from '../api/bearerToken';
import { CashRegisterEntryPage, SESSION_ENDED_MESSAGE, waitingForSignInLabel } from './CashRegisterEntryPage';

const events = [
  { id: 1, name: 'Kermesse de printemps' },
  { id: 2, name: 'Loto de novembre' },
];
const checkoutsOfSpring = [
  {
    id: 1,
    name: 'Printemps',
    checkouts: [
      { id: 11, name: 'Buvette' },
      { id: 12, name: 'Entrée' },
    ],
  },
];

/** A gateway where the token « valid-token » works. */
function gateway(overrides: GatewayRoutes = {}) {
  return fakeGateway({
    'GET /api/cr/events': () => json(events),
    'GET /api/cr/events/1/checkouts': () => json(checkoutsOfSpring),
    'GET /api/cr/events/2/checkouts': () => json([{ id: 2, name: 'Loto', checkouts: [{ id: 21, name: 'Salle' }] }]),
    'GET /api/cr/ping': () => json({ ok: true }),
    // The sales screen of the chosen register.
    'GET /api/cr/checkouts/11': () =>
      json([
        { products: [], raffles: [], giftBaskets: [] },
        { raffles: [], giftBaskets: [] },
      ]),
    'GET /api/cr/checkouts/12': () =>
      json([
        { products: [], raffles: [], giftBaskets: [] },
        { raffles: [], giftBaskets: [] },
      ]),
    'GET /api/cr/settings': () => json({ success: true, data: {} }),
    'GET /api/cr/sale/list/1/pending/total': () => json({ count: 0 }),
    ...overrides,
  });
}

async function renderPage() {
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter>
          <CashRegisterEntryPage />
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

async function submitToken(token: string) {
  fireEvent.change(screen.getByPlaceholderText("Entrez votre jeton d'accès"), { target: { value: token } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Charger le jeton' }));
  });
}

async function chooseEvent(eventId: string) {
  await act(async () => {
    fireEvent.change(screen.getByRole('combobox'), { target: { value: eventId } });
  });
}

const optionLabels = () =>
  within(screen.getByRole('combobox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('CashRegisterEntryPage', () => {
  it('asks for a token when none is held', async () => {
    const calls = gateway();
    await renderPage();

    expect(screen.getByRole('heading', { name: "Charger un jeton d'authentification" })).toBeTruthy();
    const field = screen.getByPlaceholderText("Entrez votre jeton d'accès") as HTMLInputElement;
    expect(field.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Charger le jeton' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offers to sign in first, then the token form for a till PC with no account', async () => {
    gateway();
    await renderPage();

    expect(screen.getByRole('heading', { name: 'Ouvrir la caisse' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/connexion?retour=%2Fcaisse');
    expect(screen.getByRole('heading', { name: "Charger un jeton d'authentification" })).toBeTruthy();
  });

  it("goes straight to the events for a cashier signed in, with the session's own token", async () => {
    const session = buildToken({ roles: ['cashier'] });
    localStorage.setItem(SESSION_STORAGE_KEY, session);
    const calls = gateway();
    await renderPage();

    expect(screen.queryByPlaceholderText("Entrez votre jeton d'accès")).toBeNull();
    expect(optionLabels()).toContain('Kermesse de printemps');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/cr/events', authorization: `Bearer ${session}` });
    await chooseEvent('1');
    fireEvent.click(screen.getByRole('button', { name: 'Buvette' }));
    expect(document.querySelector('#checkout-register')).toBeTruthy();
    // No second token on the device: signing out is enough to close the register.
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBeNull();
  });

  it("goes straight to the events for an administrator too, but not for a volunteer's session", async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ roles: ['admin'] }));
    gateway();
    await renderPage();
    expect(optionLabels()).toContain('Kermesse de printemps');
    cleanup();

    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ roles: ['volunteer'] }));
    const calls = gateway();
    await renderPage();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says in French how many sales made offline wait for the next sign-in', () => {
    expect(waitingForSignInLabel(1)).toBe('1 vente faite hors ligne attend sur cet appareil : elle sera envoyée dès votre reconnexion.');
    expect(waitingForSignInLabel(3)).toBe(
      '3 ventes faites hors ligne attendent sur cet appareil : elles seront envoyées dès votre reconnexion.',
    );
  });

  it('signs out a session the server refuses and asks to sign in again, without « Token invalide »', async () => {
    const session = buildToken({ roles: ['cashier'] });
    localStorage.setItem(SESSION_STORAGE_KEY, session);
    localStorage.setItem('kermesseRegister.selection', JSON.stringify({ eventId: 1, checkout: { id: 11, name: 'Buvette' } }));
    gateway({
      'GET /api/cr/events': () => json({ error: 'Jeton expiré.' }, 401),
      'GET /api/cr/ping': () => json({ error: 'Jeton expiré.' }, 401),
    });
    await renderPage();

    expect(screen.getByRole('alert').textContent).toBe(SESSION_ENDED_MESSAGE);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(document.querySelector('#checkout-register')).toBeNull();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.queryByText(/Token invalide/)).toBeNull();
  });

  it('keeps the submitted token and lists the events it gives access to', async () => {
    const calls = gateway();
    await renderPage();

    await submitToken('valid-token');

    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBe('valid-token');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/cr/events', authorization: 'Bearer valid-token' });
    expect(optionLabels()).toEqual(['Sélectionner un événement', 'Kermesse de printemps', 'Loto de novembre']);
    expect(screen.queryByPlaceholderText("Entrez votre jeton d'accès")).toBeNull();
  });

  it('uses a token kept from an earlier visit without asking again', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway();
    await renderPage();

    expect(optionLabels()).toContain('Kermesse de printemps');
  });

  it('says when no event is available', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway({ 'GET /api/cr/events': () => json([]) });
    await renderPage();

    expect(optionLabels()).toEqual(['Aucun événement disponible']);
  });

  it('shows a spinner while the events load', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    let answer: (response: Response) => void = () => undefined;
    gateway({ 'GET /api/cr/events': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderPage();

    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => answer(json(events)));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one button per register of the chosen event, then the chosen register', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    const calls = gateway();
    await renderPage();

    await chooseEvent('1');

    expect(calls.at(-1)).toMatchObject({ path: '/api/cr/events/1/checkouts', authorization: 'Bearer valid-token' });
    const registers = within(screen.getByRole('group', { name: 'Caisses' })).getAllByRole('button');
    expect(registers.map((button) => button.textContent)).toEqual(['Buvette', 'Entrée']);

    fireEvent.click(screen.getByRole('button', { name: 'Entrée' }));

    expect(document.querySelector('#selected-checkout')?.textContent).toBe('Caisse sélectionnée : Entrée Changer de caisse');
    const register = document.querySelector('#checkout-register') as HTMLElement;
    expect(register.dataset).toMatchObject({ checkoutId: '12', eventId: '1', clickAndCollect: 'false' });
    expect(screen.queryByRole('group', { name: 'Caisses' })).toBeNull();
  });

  it('« Changer de caisse » clears the register and offers the registers again', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway();
    await renderPage();
    await chooseEvent('1');
    fireEvent.click(screen.getByRole('button', { name: 'Buvette' }));

    fireEvent.click(screen.getByRole('link', { name: 'Changer de caisse' }));

    expect(screen.queryByText(/Caisse sélectionnée/)).toBeNull();
    expect(document.querySelector('#checkout-register')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buvette' })).toBeTruthy();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('1');
  });

  it('comes back to the same event and register after a reload, until « Changer de caisse »', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway();
    await renderPage();
    await chooseEvent('1');
    fireEvent.click(screen.getByRole('button', { name: 'Entrée' }));
    cleanup();

    // The page is loaded again: the register opens by itself.
    await renderPage();
    expect(screen.getByText(/Caisse sélectionnée/).textContent).toContain('Entrée');
    expect((document.querySelector('#checkout-register') as HTMLElement).dataset).toMatchObject({ checkoutId: '12', eventId: '1' });

    fireEvent.click(screen.getByRole('link', { name: 'Changer de caisse' }));
    cleanup();
    await renderPage();
    expect(screen.queryByText(/Caisse sélectionnée/)).toBeNull();
    expect(screen.getByRole('combobox')).toBeTruthy();
  });

  it('opens the register kept on this device before the event list answers, and lets it go if its event is gone', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    localStorage.setItem('kermesseRegister.selection', JSON.stringify({ eventId: 2, checkout: { id: 21, name: 'Salle' } }));
    let answerEvents: (response: Response) => void = () => undefined;
    gateway({ 'GET /api/cr/events': () => new Promise<Response>((resolve) => (answerEvents = resolve)) });
    await renderPage();
    // The events are still being asked: the kept register is already on screen (one round trip less on a phone).
    expect(screen.getByText(/Caisse sélectionnée/).textContent).toContain('Salle');
    expect((document.querySelector('#checkout-register') as HTMLElement).dataset).toMatchObject({ checkoutId: '21', eventId: '2' });

    // The event list no longer offers event 2: back to the choice, and the device forgets that register.
    await act(async () => answerEvents(json([events[0]])));
    expect(screen.queryByText(/Caisse sélectionnée/)).toBeNull();
    expect(optionLabels()).toEqual(['Sélectionner un événement', 'Kermesse de printemps']);
    expect(localStorage.getItem('kermesseRegister.selection')).toBeNull();
  });

  it('loads the registers of another event when the event changes', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway();
    await renderPage();
    await chooseEvent('1');

    await chooseEvent('2');

    const registers = within(screen.getByRole('group', { name: 'Caisses' })).getAllByRole('button');
    expect(registers.map((button) => button.textContent)).toEqual(['Salle']);
  });

  it('erases a token the server refuses and asks for a new one', async () => {
    const calls = gateway({
      'GET /api/cr/events': () => json({ error: 'Jeton invalide.' }, 401),
      'GET /api/cr/ping': () => json({ error: 'Jeton invalide.' }, 401),
    });
    await renderPage();

    await submitToken('revoked-token');

    expect(screen.getByRole('alert').textContent).toBe('Erreur : Token invalide ou non autorisé.');
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBeNull();
    expect(screen.getByPlaceholderText("Entrez votre jeton d'accès")).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/cr/events', '/api/cr/ping']);
  });

  it("says « Ce compte n'a pas accès à la caisse. » to a valid token without the cashier role, and keeps it", async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'volunteer-token');
    gateway({
      'GET /api/cr/events': () => json({ error: 'Accès refusé : droits insuffisants.' }, 403),
      'GET /api/cr/ping': () => json({ error: 'Accès refusé : droits insuffisants.' }, 403),
    });
    await renderPage();

    expect(screen.getByRole('alert').textContent).toBe("Erreur : Ce compte n'a pas accès à la caisse.");
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBe('volunteer-token');
  });

  it('keeps a valid token when only the event list fails', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway({ 'GET /api/cr/events': () => json({ error: 'Erreur interne.' }, 500) });
    await renderPage();

    expect(screen.getByRole('alert').textContent).toBe('Erreur : Impossible de récupérer les événements');
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBe('valid-token');
  });

  it('keeps the token when the server cannot be reached at all', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway({ 'GET /api/cr/events': unreachable, 'GET /api/cr/ping': unreachable });
    await renderPage();

    expect(screen.getByRole('alert').textContent).toBe('Erreur : Impossible de contacter le serveur.');
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBe('valid-token');
  });

  it("says when the chosen register's detail cannot be loaded", async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    gateway({ 'GET /api/cr/checkouts/12': () => json({ error: 'Erreur interne.' }, 500) });
    await renderPage();
    await chooseEvent('1');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Entrée' }));
    });

    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Erreur : Impossible de récupérer le détail de la caisse', 'Erreur lors de la récupération des données.']);
    expect(screen.getByText('Caisse sélectionnée :', { exact: false })).toBeTruthy();
  });

  it('says when the registers of an event cannot be loaded', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'valid-token');
    gateway({ 'GET /api/cr/events/1/checkouts': () => json({ error: 'Erreur interne.' }, 500) });
    await renderPage();

    await chooseEvent('1');

    expect(screen.getByRole('alert').textContent).toBe('Erreur : Impossible de récupérer les caisses');
    expect(screen.getByRole('combobox')).toBeTruthy();
  });
});
