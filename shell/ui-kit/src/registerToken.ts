/**
 * Which token the register (mfe-register) sends: the staff session's own token when the person signed
 * in holds the cashier or admin role, so signing in once at /connexion — by password or passkey — opens
 * the register; otherwise the token loaded by hand under `bearerToken` (a till PC with no session, or
 * the « Jeton API » screen). Pure and without React: the shell's early script reads it before any
 * other code has arrived (docs/offline.md, « Signing in once »).
 *
 * An expired session token still counts here: a register that lost its network for longer than the
 * token lives keeps selling into its offline queue, and the server's 401 then asks for a new sign-in
 * before the queue is sent.
 */

/** Local storage key of the staff session's token. */
export const SESSION_STORAGE_KEY = 'kermesseSession';
/** Local storage key of a register token loaded by hand (the register's token form, « Jeton API »). */
export const REGISTER_TOKEN_KEY = 'bearerToken';

/** The roles that may use the register (the gateway's `/api/cr` area; admin passes everywhere). */
const REGISTER_ROLES: readonly string[] = ['admin', 'cashier'];

/** The claims of a JWT's payload, unchecked (the server checks the signature); null when unreadable. */
export function readClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether this session token names a person who may use the register (its expiry aside). */
export function sessionOpensRegister(token: string): boolean {
  const roles = readClaims(token)?.roles;
  return Array.isArray(roles) && roles.some((role) => typeof role === 'string' && REGISTER_ROLES.includes(role));
}

/** Where the register's token comes from: the staff session, a token loaded by hand, or none. */
export type RegisterTokenSource = 'session' | 'loaded';

export interface RegisterToken {
  token: string;
  source: RegisterTokenSource;
}

/** The register's token and where it comes from; null when this device holds none (or no storage). */
export function findRegisterToken(storage: Pick<Storage, 'getItem'> = localStorage): RegisterToken | null {
  try {
    const session = storage.getItem(SESSION_STORAGE_KEY);
    if (session && sessionOpensRegister(session)) return { token: session, source: 'session' };
    const loaded = storage.getItem(REGISTER_TOKEN_KEY);
    return loaded ? { token: loaded, source: 'loaded' } : null;
  } catch {
    return null;
  }
}

/** The token the register sends (see `findRegisterToken`). */
export function readRegisterToken(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return findRegisterToken(storage)?.token ?? null;
}
