import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@kermesse/ui-kit';
import { buildToken, fakeGateway, json, type GatewayRoutes } from '@kermesse/ui-kit/testing';
import { Shell } from '../Shell';
import { createRemoteComponents } from '../remotes/remoteComponents';
import { DISMISSED_ANNOUNCEMENT_KEY } from './PresaleModal';

async function visit(path: string, routes: GatewayRoutes) {
  localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, 'tombola-automne-2024');
  const calls = fakeGateway(routes);
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Shell
          manifest={Promise.resolve({ failed: false, remotes: [] })}
          components={createRemoteComponents(async () => ({ default: () => null }))}
        />
      </MemoryRouter>,
    );
  });
  return calls;
}

describe('first run (KERMESSE_DEMO=0)', () => {
  it('sends the first visitor to the creation of the first administrator, who is then signed in and led to the back office', async () => {
    const token = buildToken({ email: 'presidente@ape-exemple.fr', roles: ['admin'] });
    const calls = await visit('/', {
      'GET /api/setup': () => json({ needsFirstAdmin: true }),
      'POST /api/setup': () => json({ token, person: {} }, 201),
    });
    expect(await screen.findByRole('heading', { name: 'Bienvenue ! Créez le premier administrateur' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Claire' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Petit' } });
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'presidente@ape-exemple.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'azerty' } });
    await act(async () => {
      fireEvent.submit(document.querySelector('#form-first-admin')!);
    });
    expect(screen.getByRole('alert').textContent).toBe('Le mot de passe doit contenir au moins 12 caractères.');
    expect(screen.getByLabelText('Mot de passe').getAttribute('aria-describedby')).toContain('first-admin-error');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'la fête de l’école 2026' } });
    await act(async () => {
      fireEvent.submit(document.querySelector('#form-first-admin')!);
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/setup')?.body).toEqual({
      email: 'presidente@ape-exemple.fr',
      firstname: 'Claire',
      lastname: 'Petit',
      password: 'la fête de l’école 2026',
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(token);
    expect(await screen.findByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bienvenue ! Créez le premier administrateur' })).toBeNull();
  });

  it('leaves the home page alone once an account exists', async () => {
    await visit('/', { 'GET /api/setup': () => json({ needsFirstAdmin: false }) });
    expect(screen.getByRole('heading', { name: 'Bienvenue sur Kermesse' })).toBeTruthy();
  });
});
