import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider, SESSION_STORAGE_KEY, type Role } from '../session';
import { buildToken } from '../testing';
import { RequireRole } from './RequireRole';

function renderGate(roles: Role[] | null) {
  if (roles) localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ roles }));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
  return render(
    <MemoryRouter>
      <SessionProvider>
        <RequireRole
          roles={['admin', 'treasurer']}
          title="Comptabilité"
          denied="Ces écrans sont réservés au trésorier et aux administrateurs."
          signIn="Connectez-vous avec le compte du trésorier pour tenir la comptabilité."
          className="acc-notice"
        >
          <p>Les comptes</p>
        </RequireRole>
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('RequireRole', () => {
  it('shows the screens to a user holding one of the roles', () => {
    renderGate(['treasurer']);
    expect(screen.getByText('Les comptes')).toBeTruthy();
  });

  it('tells a signed-in user without the role that the screens are not for them', () => {
    renderGate(['cashier']);
    expect(screen.queryByText('Les comptes')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Comptabilité' })).toBeTruthy();
    expect(screen.getByText('Ces écrans sont réservés au trésorier et aux administrateurs.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });

  it('offers a visitor to sign in', () => {
    const { container } = renderGate(null);
    expect(screen.getByText('Connectez-vous avec le compte du trésorier pour tenir la comptabilité.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/connexion');
    expect(container.querySelector('section')?.className).toBe('k-card acc-notice');
  });
});
