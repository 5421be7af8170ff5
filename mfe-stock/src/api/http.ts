/**
 * The admin's calls: JSON through the UI kit's client with the shell's session token, plus the two
 * things it does not do — sending a file (multipart) and receiving one (the CSV model).
 */
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, SESSION_STORAGE_KEY } from '@kermesse/ui-kit';

const readSessionToken = () => localStorage.getItem(SESSION_STORAGE_KEY);

/** JSON calls with the signed-in admin's token. */
export const admin = createApiClient({ getToken: readSessionToken });

function authHeaders(): Record<string, string> {
  const token = readSessionToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, headers: { Accept: 'application/json', ...authHeaders(), ...(init.headers as Record<string, string>) } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(response: Response, payload: unknown): ApiError {
  const error = typeof payload === 'object' && payload !== null ? (payload as { error?: unknown; message?: unknown }) : {};
  const message = typeof error.error === 'string' && error.error ? error.error : typeof error.message === 'string' && error.message ? error.message : `Erreur HTTP : ${response.status}`;
  return new ApiError(response.status, message, payload);
}

/** POSTs a multipart form (a file and its fields); a refusal keeps the server's body on the ApiError. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await send(path, { method: 'POST', body: form });
  const payload = await readJson(response);
  if (!response.ok) throw failure(response, payload);
  return payload as T;
}

/** GETs a file: its content and the name the server gives it. */
export async function download(path: string): Promise<{ blob: Blob; filename: string }> {
  const response = await send(path, { method: 'GET', headers: { Accept: 'text/csv' } });
  if (!response.ok) throw failure(response, await readJson(response));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'modele.csv';
  return { blob: await response.blob(), filename };
}
