/**
 * The register's side of the ticket-claim contract (docs/platform.md « Ticket claims »): before a
 * sale with raffle tickets or gift-basket bets is written, its numbers and bets are claimed from the
 * raffle service, synchronously, so two registers can never sell the same number.
 */
import { conflict, HttpError, serviceUnavailable } from '@kermesse/kit';

export interface ClaimRequest {
  claimId: string;
  /** The selling register: the raffle accepts the numbers of its own offline block (issue 15). */
  checkoutId?: number;
  tickets: Array<{ raffleId: number; number: number }>;
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>;
}

export interface RaffleClient {
  /** Holds every number and bet for the claim, or none: a 409 HttpError with the raffle's French message. */
  claim(request: ClaimRequest, bearer: string): Promise<{ claimId: string; expiresAt?: string }>;
  /** The claim's sale is committed: its numbers never expire (idempotent; failures are only logged by the caller). */
  confirm(claimId: string, saleId: number, bearer: string): Promise<void>;
  /** Frees a claim whose sale failed (idempotent; failures are only logged by the caller). */
  release(claimId: string, bearer: string): Promise<void>;
}

const UNAVAILABLE = 'Le service de tombola ne répond pas : les tickets et paris ne peuvent pas être vendus pour le moment. Réessayez dans un instant.';
const TAKEN = 'Ces numéros ou paris viennent d\'être vendus par une autre caisse. Choisissez-en d\'autres.';

/** HTTP client of `POST /internal/claims` and `DELETE /internal/claims/{id}` on RAFFLE_URL. */
export function createRaffleClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): RaffleClient {
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const headers = (bearer: string) => ({ authorization: `Bearer ${bearer}`, 'content-type': 'application/json' });

  return {
    async claim(request, bearer) {
      let res: Response;
      try {
        res = await doFetch(`${base}/internal/claims`, {
          method: 'POST', headers: headers(bearer), body: JSON.stringify(request), signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw serviceUnavailable(UNAVAILABLE);
      }
      const body = (await res.json().catch(() => ({}))) as { claimId?: string; expiresAt?: string; error?: unknown };
      if (res.status === 201 || res.status === 200) return { claimId: body.claimId ?? request.claimId, expiresAt: body.expiresAt };
      if (res.status === 409) throw conflict(typeof body.error === 'string' && body.error ? body.error : TAKEN);
      // The raffle refused the request itself (unknown raffle, number out of range…): the cashier's to fix.
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403 && typeof body.error === 'string') {
        throw new HttpError(res.status === 404 ? 400 : res.status, body.error);
      }
      throw serviceUnavailable(UNAVAILABLE);
    },
    async confirm(claimId, saleId, bearer) {
      const res = await doFetch(`${base}/internal/claims/${encodeURIComponent(claimId)}/confirm`, {
        method: 'POST', headers: headers(bearer), body: JSON.stringify({ saleId }), signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200) throw new Error(`raffle answered ${res.status} to the confirmation of ${claimId}`);
    },
    async release(claimId, bearer) {
      const res = await doFetch(`${base}/internal/claims/${encodeURIComponent(claimId)}`, {
        method: 'DELETE', headers: headers(bearer), signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200 && res.status !== 404) throw new Error(`raffle answered ${res.status} to the release of ${claimId}`);
    },
  };
}
