import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, SessionProvider, decodeSession, useSession } from './session';
import { buildToken } from './testing';

describe('decodeSession', () => {
  it("reads the e-mail and roles from the token's payload", () => {
    const user = decodeSession(buildToken({ email: 'tresorier@kermesse.local', roles: ['treasurer'] }));
    expect(user).toMatchObject({ email: 'tresorier@kermesse.local', roles: ['treasurer'] });
  });

  it('keeps only known roles', () => {
    const token = buildToken({ roles: ['admin', 'superhero' as never, 'cashier'] });
    expect(decodeSession(token)?.roles).toEqual(['admin', 'cashier']);
  });

  it('reads accented e-mails', () => {
    expect(decodeSession(buildToken({ email: 'hélène@kermesse.local' }))?.email).toBe('hélène@kermesse.local');
  });

  it('refuses an expired token', () => {
    expect(decodeSession(buildToken({ expiresInSeconds: -10 }))).toBeNull();
  });

  it('refuses anything that is not a token', () => {
    expect(decodeSession('')).toBeNull();
    expect(decodeSession('abc')).toBeNull();
    expect(decodeSession('abc.%%%.def')).toBeNull();
  });
});

function WhoAmI() {
  const { user, signIn, signOut } = useSession();
  return (
    <div>
      <p>{user ? `${user.email} (${user.roles.join(', ')})` : 'visiteur'}</p>
      <button onClick={() => signIn(buildToken({ email: 'benevole@kermesse.local', roles: ['volunteer'] }))}>entrer</button>
      <button onClick={signOut}>sortir</button>
    </div>
  );
}

describe('SessionProvider', () => {
  it('restores the session kept in local storage', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ email: 'admin@kermesse.local', roles: ['admin'] }));
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    expect(screen.getByText('admin@kermesse.local (admin)')).toBeTruthy();
  });

  it('drops an expired session at start', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, buildToken({ roles: ['volunteer'], expiresInSeconds: -1 }));
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    expect(screen.getByText('visiteur')).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("keeps a cashier's expired session on the device for the register's offline sales, naming nobody", () => {
    const expired = buildToken({ roles: ['cashier'], expiresInSeconds: -1 });
    localStorage.setItem(SESSION_STORAGE_KEY, expired);
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    expect(screen.getByText('visiteur')).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(expired);
    act(() => screen.getByText('sortir').click());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('drops a stored value that is not a token', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'pas-un-jeton');
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the token on sign-in and forgets it on sign-out', () => {
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );

    act(() => screen.getByText('entrer').click());
    expect(screen.getByText('benevole@kermesse.local (volunteer)')).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toMatch(/^ey/);

    act(() => screen.getByText('sortir').click());
    expect(screen.getByText('visiteur')).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
