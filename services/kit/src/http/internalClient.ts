/**
 * A service calling another one over HTTP, synchronously (the register claiming raffle numbers or
 * loto cartons before writing a sale): timeouts, and the other service's answers mapped to what the
 * caller's own client must see.
 *
 *   const raffle = createInternalClient({ service: 'raffle', baseUrl: own.raffleUrl,
 *     unavailable: 'Le service de tombola ne répond pas…', conflictCode: 'TICKET_TAKEN' });
 *   const { claimId } = await raffle.call<{ claimId: string }>('POST', '/internal/claims', { body, bearer });
 *   await raffle.send('DELETE', `/internal/claims/${id}`, { bearer, ok: [200, 204, 404] });
 */
import { associationHeader } from '../tenancy/requestAssociation.ts';
import { conflict, HttpError, serviceUnavailable } from './errors.ts';

/** An error answer of a Kermesse service: `{ error, code?, details? }`. */
export interface ErrorAnswer {
  error?: unknown;
  code?: unknown;
  details?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface InternalClientOptions {
  /** The called service, named in the errors of `send` (logs). */
  service: string;
  baseUrl: string;
  /** The French 503 message when the service cannot be reached, times out or fails. */
  unavailable: string;
  /** Per request (default 5000 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The code of a 409 whose answer names none (e.g. `CARTON_TAKEN`). */
  conflictCode?: string;
  /** The message of a 409 whose answer has none. */
  conflictMessage?: string;
  /** Builds the 409 itself (a code chosen from the details…); default: the service's message, code and details. */
  onConflict?(answer: ErrorAnswer): HttpError;
  /**
   * The status a 404 of the called service becomes (default 400: what the caller's client sent named
   * something the other service does not know — the client's to fix, not a missing route of ours).
   */
  notFoundStatus?: number;
}

export interface InternalCallOptions {
  body?: unknown;
  /** Passed on as `Authorization: Bearer …` (the user's own token: the other service checks the role). */
  bearer?: string;
  headers?: Record<string, string>;
}

export interface InternalClient {
  /**
   * A request the caller's answer depends on. Resolves to the JSON body of a 2xx (undefined when
   * empty). Refusals: 409 → a 409 HttpError with the service's message, code and details; another
   * 4xx with a message (not 401/403) → that HttpError (404 → `notFoundStatus`); anything else, a
   * timeout or no connection → 503 with `unavailable`.
   */
  call<T = unknown>(method: string, path: string, options?: InternalCallOptions): Promise<T>;
  /**
   * A follow-up whose failure only gets logged by the caller (confirm, release): resolves to the
   * status when it is one of `ok` (default 200, 201, 204), else rejects with an Error naming the
   * service, the path and the status.
   */
  send(method: string, path: string, options?: InternalCallOptions & { ok?: number[] }): Promise<number>;
}

export function createInternalClient(options: InternalClientOptions): InternalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const notFoundStatus = options.notFoundStatus ?? 400;

  const request = (method: string, path: string, { body, bearer, headers = {} }: InternalCallOptions = {}) =>
    doFetch(base + path, {
      method,
      headers: {
        ...associationHeader(),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });

  return {
    async call<T>(method: string, path: string, callOptions?: InternalCallOptions): Promise<T> {
      let res: Response;
      let text: string;
      try {
        res = await request(method, path, callOptions);
        text = await res.text();
      } catch {
        throw serviceUnavailable(options.unavailable);
      }
      let answer: unknown;
      try {
        answer = text ? JSON.parse(text) : undefined;
      } catch {
        answer = undefined;
      }
      if (res.status >= 200 && res.status < 300) return answer as T;
      const refusal: ErrorAnswer = answer && typeof answer === 'object' ? (answer as ErrorAnswer) : {};
      const message = typeof refusal.error === 'string' && refusal.error ? refusal.error : undefined;
      const code = typeof refusal.code === 'string' && refusal.code ? refusal.code : undefined;
      if (res.status === 409) {
        if (options.onConflict) throw options.onConflict(refusal);
        const error = conflict(message ?? options.conflictMessage ?? options.unavailable);
        const conflictCode = code ?? options.conflictCode;
        throw conflictCode ? error.withCode(conflictCode, refusal.details) : error;
      }
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403 && message) {
        const error = new HttpError(res.status === 404 ? notFoundStatus : res.status, message);
        throw code ? error.withCode(code, refusal.details) : error;
      }
      throw serviceUnavailable(options.unavailable);
    },
    async send(method, path, { ok = [200, 201, 204], ...callOptions } = {}) {
      const res = await request(method, path, callOptions);
      await res.body?.cancel();
      if (!ok.includes(res.status)) throw new Error(`${options.service} answered ${res.status} to ${method} ${path}`);
      return res.status;
    },
  };
}
