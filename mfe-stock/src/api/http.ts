/**
 * The admin's calls: JSON, a file sent (multipart) or received (the CSV model), through the UI
 * kit's client with the shell's session token. A refusal is an ApiError whose `body` keeps the
 * server's answer (`{ error, code, … }`: screens branch on `code`).
 */
import { createApiClient, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';

const readSessionToken = () => localStorage.getItem(SESSION_STORAGE_KEY);

/** Calls with the signed-in admin's token. */
export const admin = createApiClient({ getToken: readSessionToken });
