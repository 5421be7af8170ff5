/**
 * The one HTTP client of the front ends: JSON in and out, a file up (multipart) or down (CSV, PDF),
 * the bearer token on every call, and every failure turned into an `ApiError` whose message is
 * French and can be shown as is.
 */

/** Shown when the gateway cannot be reached at all (docs/spec.md §8). */
export const NETWORK_ERROR_MESSAGE = 'Impossible de contacter le serveur.';

/**
 * A failed call: `status` is the HTTP status (0 when the server was unreachable); `body` is the
 * server's parsed answer, for the few screens that read more than its message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiClientOptions {
  /** Prefix of every path; empty for same-origin calls through the gateway. */
  baseUrl?: string;
  /** Read at each call, so a token stored after the client was created is used. */
  getToken?: () => string | null | undefined;
  /** Defaults to the global `fetch`; tests pass their own. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on a call that must not be applied twice. */
  headers?: Record<string, string>;
}

export interface DownloadOptions extends RequestOptions {
  /** The type asked for (`Accept`); any by default. */
  accept?: string;
  /** The file's name when the server does not give one in `Content-Disposition`. */
  fallbackName?: string;
}

/** A file received from the server, with the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Changes part of a resource: only the fields the body names. */
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** POSTs a multipart form (a file and its fields); the JSON answer as for `post`. */
  upload<T>(path: string, form: FormData, options?: RequestOptions): Promise<T>;
  /** GETs a file (CSV, PDF…): its content and the name the server gives it. */
  download(path: string, options?: DownloadOptions): Promise<DownloadedFile>;
}

/** Creates a client for the gateway's JSON API. */
export function createApiClient({ baseUrl = '', getToken, fetch: fetchImpl }: ApiClientOptions = {}): ApiClient {
  // Called as a plain function: a browser's fetch throws « Illegal invocation » when called as a method of another object.
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  async function send(
    method: string,
    path: string,
    body: BodyInit | undefined,
    options: RequestOptions,
    headers: Record<string, string>,
  ): Promise<Response> {
    const token = getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(baseUrl + path, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // A FormData body sets its own multipart Content-Type (with the boundary).
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const sent = body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body);
    const response = await send(method, path, sent, options, headers);
    const payload = await readPayload(response);
    if (!response.ok) throw failure(response, payload);
    return payload as T;
  }

  async function download(
    path: string,
    { accept, fallbackName = 'export.csv', ...options }: DownloadOptions = {},
  ): Promise<DownloadedFile> {
    const response = await send('GET', path, undefined, options, { ...(accept ? { Accept: accept } : {}), ...options.headers });
    if (!response.ok) throw failure(response, await readPayload(response));
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: await response.blob(), filename };
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    upload: (path, form, options) => request('POST', path, form, options),
    download,
  };
}

/** Hands a received file to the browser as a download (« Enregistrer sous » with its name). */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function failure(response: Response, payload: unknown): ApiError {
  return new ApiError(response.status, errorMessage(payload) ?? `Erreur HTTP : ${response.status}`, payload);
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's French message: `{ error }` (our services) or `{ message }` (some the spec paths). */
function errorMessage(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { error, message } = payload as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return undefined;
}
