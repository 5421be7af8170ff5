/** The shell's clients for the gateway. */
import { SESSION_STORAGE_KEY, createApiClient } from '@kermesse/ui-kit';

/** Calls made as the signed-in user. */
export const gateway = createApiClient({ getToken: () => localStorage.getItem(SESSION_STORAGE_KEY) });

/** Calls that must not carry a token, such as sign-in (a stale token must not get in the way). */
export const publicGateway = createApiClient();
