import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider, type Role } from '@kermesse/ui-kit';
import { buildToken } from '@kermesse/ui-kit/testing';
import { withExtraModules } from './manifest';
import { RemoteRoute, reservedTo, signInAs } from './RemoteRoute';
import { createRemoteComponents } from './remoteComponents';

const register = { name: 'mfe_register', path: '/caisse', entry: '/remotes/mfe-register/remoteEntry.js', available: true };
const admin = withExtraModules([register])[1]!;

async function renderAs(roles: Role[] | null) {
  if (roles) localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'x@kermesse.local', roles }));
  const load = vi.fn(async (id: string) => ({ default: () => <p>Contenu de {id}</p> }));
  await act(async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/gestion']}>
          <RemoteRoute remote={admin} components={createRemoteComponents(load)} />
        </MemoryRouter>
      </SessionProvider>,
    );
  });
  return load;
}

describe('RemoteRoute of a module kept for admins (mfe_register/Admin)', () => {
  it('loads the Admin module for an administrator', async () => {
    const load = await renderAs(['admin']);
    expect(await screen.findByText('Contenu de mfe_register/Admin')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('mfe_register/Admin');
  });

  it('never downloads it for a cashier or a visitor', async () => {
    const load = await renderAs(['cashier']);
    expect(screen.getByText('Cette page est réservée aux administrateurs.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gestion de la fête' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the notice of a module kept for some roles', () => {
  it('names every role that may open it, the treasurer too for the dashboard', () => {
    const dashboard = withExtraModules([register]).find((remote) => remote.path === '/tableau-de-bord')!;
    expect(reservedTo(dashboard.roles!)).toBe('Cette page est réservée aux administrateurs et trésoriers.');
    expect(signInAs(dashboard.roles!)).toBe('Connectez-vous avec un compte administrateur ou trésorier pour ouvrir cette page.');
    expect(signInAs(admin.roles!)).toBe('Connectez-vous avec un compte administrateur pour ouvrir cette page.');
  });
});
