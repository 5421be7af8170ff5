/**
 * The register's token. A person signed in to the shell with the cashier or admin role sells with
 * their session's own token (`readRegisterToken`, docs/offline.md « Signing in once »); a device with
 * no such session uses the token loaded by hand, kept in local storage under `bearerToken` (docs/spec.md §2:
 * the register's token form and the « Jeton API » screen).
 */
import { readRegisterToken, REGISTER_TOKEN_KEY } from '@kermesse/ui-kit';

export const BEARER_TOKEN_KEY = REGISTER_TOKEN_KEY;

/** The shell's sign-in page, which opens the register again once the person is signed in. */
export const SIGN_IN_PATH = '/connexion?retour=%2Fcaisse';

/** The token the register's calls carry: the session's, or else the one loaded by hand. */
export function registerToken(): string | null {
  return readRegisterToken(localStorage);
}

/** The token loaded by hand (token form, « Jeton API »), whatever the session. */
export function readBearerToken(): string | null {
  return localStorage.getItem(BEARER_TOKEN_KEY);
}

export function storeBearerToken(token: string): void {
  localStorage.setItem(BEARER_TOKEN_KEY, token);
}

export function forgetBearerToken(): void {
  localStorage.removeItem(BEARER_TOKEN_KEY);
}
