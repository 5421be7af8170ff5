/**
 * « Se déconnecter » on a shared tablet (docs/offline.md « Signing in once »): both tokens this browser holds — the staff
 * session, which also opens the register, and a register token loaded by hand — are released on the
 * server, then every trace of the register is erased (token, cached checkout and settings, stock
 * alerts, chosen card reader), so the next person must sign in and can neither sell nor look a buyer up.
 */
import { createApiClient, REGISTER_TOKEN_KEY, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';

/** The register's storage (docs/spec.md §2 and §3: `bearerToken`, then its caches under one prefix). */
export { REGISTER_TOKEN_KEY };
export const REGISTER_CACHE_PREFIX = 'kermesseRegister.';

/** Releases the tokens (best effort: the device forgets them even when the server is unreachable). */
export async function signOutEverywhere(storage: Storage = localStorage): Promise<void> {
  const tokens = [
    ...new Set([storage.getItem(SESSION_STORAGE_KEY), storage.getItem(REGISTER_TOKEN_KEY)].filter((t): t is string => Boolean(t))),
  ];
  forgetRegister(storage);
  storage.removeItem(SESSION_STORAGE_KEY);
  await Promise.all(
    tokens.map((token) =>
      createApiClient({ getToken: () => token })
        .post('/api/token/release')
        .catch((error: unknown) => {
          console.error('Révocation du jeton impossible', error);
        }),
    ),
  );
}

/** Erases the register's token and every cached register data from this device. */
export function forgetRegister(storage: Storage = localStorage): void {
  storage.removeItem(REGISTER_TOKEN_KEY);
  for (const key of Object.keys(storage)) {
    if (key.startsWith(REGISTER_CACHE_PREFIX)) storage.removeItem(key);
  }
}
