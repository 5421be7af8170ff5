/** The cashier's bearer token, kept in local storage under `bearerToken` (SPEC §2). */

export const BEARER_TOKEN_KEY = 'bearerToken';

export function readBearerToken(): string | null {
  return localStorage.getItem(BEARER_TOKEN_KEY);
}

export function storeBearerToken(token: string): void {
  localStorage.setItem(BEARER_TOKEN_KEY, token);
}

export function forgetBearerToken(): void {
  localStorage.removeItem(BEARER_TOKEN_KEY);
}
