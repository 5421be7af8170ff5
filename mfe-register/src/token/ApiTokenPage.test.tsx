import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, json, fakeGateway, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { BEARER_TOKEN_KEY } from '../api/bearerToken';
import { ApiTokenPage } from './ApiTokenPage';

async function renderPage() {
  await act(async () => {
    render(
      <MemoryRouter>
        <ApiTokenPage />
      </MemoryRouter>,
    );
  });
}

async function signIn(routes: GatewayRoutes) {
  const calls = fakeGateway(routes);
  await renderPage();
  fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'caissier@kermesse.local' } });
  fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'secret' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Obtenir un token' }));
  });
  return calls;
}

function fakeClipboard() {
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ApiTokenPage', () => {
  it('shows the token obtained by signing in and keeps it for the register', async () => {
    const calls = await signIn({ 'POST /api/login': () => json({ token: 'new-token' }) });

    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { email: 'caissier@kermesse.local', password: 'secret' } });
    expect((screen.getByLabelText('Votre token') as HTMLTextAreaElement).value).toBe('new-token');
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBe('new-token');
  });

  it('says when sign-in fails, with the reason given by the server', async () => {
    await signIn({ 'POST /api/login': () => json({ error: 'Identifiants invalides.' }, 401) });

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Erreur lors de la récupération du jeton');
    expect(alert.textContent).toContain('Identifiants invalides.');
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBeNull();
  });

  it('says when the answer carries no token', async () => {
    await signIn({ 'POST /api/login': () => json({}) });

    expect(screen.getByRole('alert').textContent).toBe('Jeton non reçu');
  });

  it('copies the token and confirms it for exactly 2 seconds', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'kept-token');
    const writeText = fakeClipboard();
    await renderPage();
    vi.useFakeTimers();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copier le token' }));
    });

    expect(writeText).toHaveBeenCalledWith('kept-token');
    expect(screen.getByText('Jeton copié dans le presse-papiers.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Jeton copié dans le presse-papiers.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Jeton copié dans le presse-papiers.')).toBeNull();
  });

  it('restarts the 2 seconds when copied again', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'kept-token');
    fakeClipboard();
    await renderPage();
    vi.useFakeTimers();
    const copy = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copier le token' })));

    await copy();
    act(() => vi.advanceTimersByTime(1500));
    await copy();
    act(() => vi.advanceTimersByTime(1500));

    expect(screen.queryByText('Jeton copié dans le presse-papiers.')).toBeTruthy();
  });

  it('releases the token on the server, then forgets it', async () => {
    localStorage.setItem(BEARER_TOKEN_KEY, 'kept-token');
    const calls = fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    await renderPage();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Libérer le token' }));
    });

    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/token/release', authorization: 'Bearer kept-token' })]);
    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBeNull();
    expect(screen.queryByLabelText('Votre token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Obtenir un token' })).toBeTruthy();
  });

  it("releases only the token it gave, never the cashier's session that opens the register", async () => {
    const session = buildToken({ roles: ['cashier'] });
    localStorage.setItem(SESSION_STORAGE_KEY, session);
    localStorage.setItem(BEARER_TOKEN_KEY, 'kept-token');
    const calls = fakeGateway({ 'POST /api/token/release': () => json({ success: true }) });
    await renderPage();
    expect((screen.getByLabelText('Votre token') as HTMLTextAreaElement).value).toBe('kept-token');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Libérer le token' }));
    });

    expect(calls.map((call) => call.authorization)).toEqual(['Bearer kept-token']);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(session);
  });

  it('keeps the token when the release could not reach the server, so it can be tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(BEARER_TOKEN_KEY, 'kept-token');
    fakeGateway({ 'POST /api/token/release': () => Promise.reject(new TypeError('Failed to fetch')) });
    await renderPage();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Libérer le token' }));
    });

    expect(localStorage.getItem(BEARER_TOKEN_KEY)).toBe('kept-token');
    expect((screen.getByRole('button', { name: 'Libérer le token' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
