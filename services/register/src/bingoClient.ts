/**
 * The register's side of the carton-claim contract (issue 12, like docs/platform.md « Ticket
 * claims »): before a sale with loto cartons is written, the cartons' numbers are claimed from the
 * bingo service, synchronously, so two registers can never sell the same carton.
 */
import { conflict, HttpError, serviceUnavailable } from '@kermesse/kit';

export interface CartonClaimRequest {
  claimId: string;
  cartons: Array<{ bingoId: number; number: number }>;
}

export interface CartonBuyer { firstname: string; lastname: string; email?: string | null; phone?: string | null }

export interface BingoClient {
  /** Holds every carton of the claim, or none: a 409 HttpError with the bingo service's French message. */
  claim(request: CartonClaimRequest, bearer: string): Promise<{ claimId: string; expiresAt?: string }>;
  /** The sale is committed: its cartons are sold, to the buyer when known (idempotent; failures only logged by the caller). */
  confirm(claimId: string, sale: { saleId: number; reference?: string; buyer?: CartonBuyer | null }, bearer: string): Promise<void>;
  /** Frees a claim whose sale failed (idempotent; failures only logged by the caller). */
  release(claimId: string, bearer: string): Promise<void>;
}

const UNAVAILABLE = 'Le service du loto ne répond pas : les cartons ne peuvent pas être vendus pour le moment. Réessayez dans un instant.';
const TAKEN = "Ces cartons viennent d'être vendus par une autre caisse. Rendez-les et donnez-en d'autres.";

/** HTTP client of `POST /internal/cartons/claims`, `…/{id}/confirm` and `DELETE …/{id}` on BINGO_URL. */
export function createBingoClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): BingoClient {
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const headers = (bearer: string) => ({ authorization: `Bearer ${bearer}`, 'content-type': 'application/json' });

  return {
    async claim(request, bearer) {
      let res: Response;
      try {
        res = await doFetch(`${base}/internal/cartons/claims`, {
          method: 'POST', headers: headers(bearer), body: JSON.stringify(request), signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw serviceUnavailable(UNAVAILABLE);
      }
      const body = (await res.json().catch(() => ({}))) as { claimId?: string; expiresAt?: string; error?: unknown; code?: string; details?: Record<string, unknown> };
      if (res.status === 201 || res.status === 200) return { claimId: body.claimId ?? request.claimId, expiresAt: body.expiresAt };
      const message = typeof body.error === 'string' && body.error ? body.error : undefined;
      if (res.status === 409) throw conflict(message ?? TAKEN).withCode(body.code ?? 'CARTON_TAKEN', body.details);
      // The night refused the request itself (unknown carton, sales closed…): the cashier's to fix.
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403 && message) {
        throw new HttpError(res.status === 404 ? 400 : res.status, message);
      }
      throw serviceUnavailable(UNAVAILABLE);
    },
    async confirm(claimId, sale, bearer) {
      const res = await doFetch(`${base}/internal/cartons/claims/${encodeURIComponent(claimId)}/confirm`, {
        method: 'POST', headers: headers(bearer), body: JSON.stringify(sale), signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200) throw new Error(`bingo answered ${res.status} to the confirmation of ${claimId}`);
    },
    async release(claimId, bearer) {
      const res = await doFetch(`${base}/internal/cartons/claims/${encodeURIComponent(claimId)}`, {
        method: 'DELETE', headers: headers(bearer), signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200 && res.status !== 404) throw new Error(`bingo answered ${res.status} to the release of ${claimId}`);
    },
  };
}
