import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, json, fakeGateway, unreachable, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { Shell } from '../Shell';
import { DISMISSED_ANNOUNCEMENT_KEY } from './PresaleModal';
import { returnPath } from './LoginPage';
import { createRemoteComponents } from '../remotes/remoteComponents';

async function signIn(routes: GatewayRoutes, path = '/connexion') {
  const calls = fakeGateway(routes);
  localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, 'tombola-automne-2024');
  const manifest = { failed: false, remotes: [{ name: 'mfe_register', path: '/caisse', entry: '/r.js', available: true }] };
  const components = createRemoteComponents(async () => ({ default: () => <p>Écran de caisse</p> }));
  // Awaited so that React resumes what suspends (the manifest, the remote).
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Shell manifest={Promise.resolve(manifest)} components={components} />
      </MemoryRouter>,
    );
  });
  // The page's code loads lazily (Shell.tsx): wait for its form.
  const form = await waitFor(() => {
    const found = document.querySelector('form#form-login');
    if (!found) throw new Error('form#form-login absent');
    return found;
  });
  fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'caissier@kermesse.local' } });
  fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'secret' } });
  await act(async () => {
    fireEvent.submit(form);
  });
  return calls;
}

describe('LoginPage', () => {
  it('signs a cashier in and opens the register', async () => {
    const token = buildToken({ roles: ['cashier'] });
    const calls = await signIn({ 'POST /api/login': () => json({ token }) });

    expect(await screen.findByText('Écran de caisse')).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(token);
    expect(calls.find((call) => call.path === '/api/login')).toMatchObject({
      method: 'POST',
      path: '/api/login',
      body: { email: 'caissier@kermesse.local', password: 'secret' },
    });
    expect(screen.getByRole('link', { name: 'Jeton API' })).toBeTruthy();
  });

  it('comes back to the page that sent the person to sign in (an administrator to the register)', async () => {
    await signIn({ 'POST /api/login': () => json({ token: buildToken({ roles: ['admin'] }) }) }, '/connexion?retour=%2Fcaisse');
    expect(await screen.findByText('Écran de caisse')).toBeTruthy();
  });

  it('comes back only to a page of this site', () => {
    expect(returnPath('/caisse')).toBe('/caisse');
    expect(returnPath('//ailleurs.example/caisse')).toBeUndefined();
    expect(returnPath('/\\ailleurs.example')).toBeUndefined();
    expect(returnPath('https://ailleurs.example')).toBeUndefined();
    expect(returnPath(null)).toBeUndefined();
  });

  it("shows the server's message for wrong credentials", async () => {
    await signIn({ 'POST /api/login': () => json({ error: 'Identifiants invalides.' }, 401) });

    expect((await screen.findByRole('alert')).textContent).toBe('Identifiants invalides.');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's message when sign-in is rate-limited", async () => {
    await signIn({ 'POST /api/login': () => json({ error: 'Trop de tentatives, réessayez dans une minute.' }, 429) });
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives, réessayez dans une minute.');
  });

  it('says when the server cannot be reached', async () => {
    await signIn({ 'POST /api/login': unreachable });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de contacter le serveur.');
  });
});
