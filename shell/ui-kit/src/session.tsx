/**
 * The signed-in staff member, for display only: roles decide which links the shell shows, the
 * gateway and the services enforce them. The token lives in local storage under `kermesseSession`.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readClaims, SESSION_STORAGE_KEY, sessionOpensRegister } from './registerToken';

export { SESSION_STORAGE_KEY };

/** The staff roles, and `host`: the hosting operator's, on the host console only (docs/hosting.md). */
export const ROLES = ['admin', 'treasurer', 'cashier', 'volunteer', 'host'] as const;
export type Role = (typeof ROLES)[number];

export interface SessionUser {
  email: string;
  roles: Role[];
  /** Expiry of the token, in milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Reads the user from a JWT's payload without checking its signature (the server does that).
 * Returns null for anything that is not a well-formed, unexpired token.
 */
export function decodeSession(token: string, now: number = Date.now()): SessionUser | null {
  const claims = readClaims(token);
  if (!claims || typeof claims.exp !== 'number') return null;
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= now) return null;
  const granted = claims.roles;
  const roles = Array.isArray(granted) ? ROLES.filter((role) => granted.includes(role)) : [];
  return { email: typeof claims.email === 'string' ? claims.email : '', roles, expiresAt };
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** Stores the token and returns the user it names (null when the token is unusable). */
  signIn(token: string): SessionUser | null;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

function readStoredSession(): { token: string | null; user: SessionUser | null } {
  const token = localStorage.getItem(SESSION_STORAGE_KEY);
  const user = token ? decodeSession(token) : null;
  // An expired session that opened the register stays on the device, naming nobody: the register
  // keeps selling offline with it and its queue waits for the next sign-in (docs/offline.md).
  if (token && !user && !sessionOpensRegister(token)) localStorage.removeItem(SESSION_STORAGE_KEY);
  return user ? { token, user } : { token: null, user: null };
}

/**
 * Provides the session to the shell; a broken stored token is dropped at start, and an expired one
 * names nobody (it is kept only when it opened the register).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(readStoredSession);

  const signIn = useCallback((token: string) => {
    const user = decodeSession(token);
    if (!user) return null;
    localStorage.setItem(SESSION_STORAGE_KEY, token);
    setState({ token, user });
    return user;
  }, []);

  const signOut = useCallback(() => {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    setState({ token: null, user: null });
  }, []);

  const session = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current session; must be used under `SessionProvider`. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession doit être utilisé dans un SessionProvider.');
  return session;
}
