/**
 * The register's side of the claim contracts (docs/platform.md « Ticket claims », issue 12 for loto
 * cartons), written once for both services: before a sale with raffle tickets, gift-basket bets or
 * loto cartons is written, its numbers are claimed synchronously — so two registers never sell the
 * same number — then confirmed once the sale is committed, or released when it fails.
 *
 * A refusal keeps the other service's French message and answers the contract's code with what was
 * taken in `details` (`TICKET_TAKEN` / `BET_TAKEN` with `numbers` and `weights`; the bingo service's
 * `CARTON_TAKEN`): the register screen branches on the code, never on the words.
 */
import { conflict, HttpError, serviceUnavailable } from '@kermesse/kit';
import { MESSAGES } from '@kermesse/contracts-register';

export interface ClaimRequest {
  claimId: string;
  /** The selling register: the raffle accepts the numbers of its own offline block (issue 15). */
  checkoutId?: number;
  tickets: Array<{ raffleId: number; number: number }>;
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>;
}

export interface CartonClaimRequest {
  claimId: string;
  cartons: Array<{ bingoId: number; number: number }>;
}

export interface CartonBuyer { firstname: string; lastname: string; email?: string | null; phone?: string | null }

/** One claim API: hold all or nothing, confirm once committed, release on failure. */
export interface ClaimClient<Request, Confirmation> {
  /** Holds every number of the claim, or none: a 409 HttpError with the service's French message and code. */
  claim(request: Request, bearer: string): Promise<{ claimId: string; expiresAt?: string }>;
  /** The claim's sale is committed: its numbers never expire (idempotent; failures are only logged by the caller). */
  confirm(claimId: string, confirmation: Confirmation, bearer: string): Promise<void>;
  /** Frees a claim whose sale failed (idempotent; failures are only logged by the caller). */
  release(claimId: string, bearer: string): Promise<void>;
}

/** Raffle tickets and bets (`POST /internal/claims` on RAFFLE_URL). */
export type RaffleClient = ClaimClient<ClaimRequest, number>;
/** Loto cartons (`POST /internal/cartons/claims` on BINGO_URL). */
export type BingoClient = ClaimClient<CartonClaimRequest, { saleId: number; reference?: string; buyer?: CartonBuyer | null }>;

interface ErrorAnswer { claimId?: string; expiresAt?: string; error?: unknown; code?: unknown; details?: Record<string, unknown>; taken?: unknown }

interface ClaimService<Confirmation> {
  name: string;
  /** The claims collection (`…/internal/claims`). */
  claimsUrl: string;
  unavailable: string;
  timeoutMs: number;
  fetch: typeof fetch;
  /** The 409 the register answers when the service refuses numbers already taken. */
  taken(body: ErrorAnswer): HttpError;
  /** The confirmation's body. */
  confirmBody(confirmation: Confirmation): unknown;
}

function claimClient<Request extends { claimId: string }, Confirmation>(service: ClaimService<Confirmation>): ClaimClient<Request, Confirmation> {
  const headers = (bearer: string) => ({ authorization: `Bearer ${bearer}`, 'content-type': 'application/json' });
  const signal = () => AbortSignal.timeout(service.timeoutMs);
  const claimUrl = (claimId: string) => `${service.claimsUrl}/${encodeURIComponent(claimId)}`;
  return {
    async claim(request, bearer) {
      let res: Response;
      try {
        res = await service.fetch(service.claimsUrl, { method: 'POST', headers: headers(bearer), body: JSON.stringify(request), signal: signal() });
      } catch {
        throw serviceUnavailable(service.unavailable).withCode(service.name === 'raffle' ? 'RAFFLE_UNAVAILABLE' : 'BINGO_UNAVAILABLE');
      }
      const body = (await res.json().catch(() => ({}))) as ErrorAnswer;
      if (res.status === 201 || res.status === 200) return { claimId: body.claimId ?? request.claimId, expiresAt: body.expiresAt };
      if (res.status === 409) throw service.taken(body);
      // The other service refused the request itself (unknown raffle, number out of range…): the cashier's to fix.
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403 && typeof body.error === 'string' && body.error) {
        const refusal = new HttpError(res.status === 404 ? 400 : res.status, body.error);
        throw typeof body.code === 'string' ? refusal.withCode(body.code, body.details) : refusal;
      }
      throw serviceUnavailable(service.unavailable).withCode(service.name === 'raffle' ? 'RAFFLE_UNAVAILABLE' : 'BINGO_UNAVAILABLE');
    },
    async confirm(claimId, confirmation, bearer) {
      const res = await service.fetch(`${claimUrl(claimId)}/confirm`, {
        method: 'POST', headers: headers(bearer), body: JSON.stringify(service.confirmBody(confirmation)), signal: signal(),
      });
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200) throw new Error(`${service.name} answered ${res.status} to the confirmation of ${claimId}`);
    },
    async release(claimId, bearer) {
      const res = await service.fetch(claimUrl(claimId), { method: 'DELETE', headers: headers(bearer), signal: signal() });
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200 && res.status !== 404) throw new Error(`${service.name} answered ${res.status} to the release of ${claimId}`);
    },
  };
}

const numbersOf = (value: unknown, key: 'number' | 'weight'): number[] =>
  Array.isArray(value) ? value.map((item) => Number(typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : item)).filter(Number.isFinite) : [];

/**
 * The raffle's refusal as the register answers it: the raffle's words, `TICKET_TAKEN` (or
 * `BET_TAKEN` when only weights are taken) with `details: { numbers, weights }` — read from the
 * raffle's own `details`, or from its older `taken: { tickets, bets }`.
 */
export function ticketsTaken(body: ErrorAnswer): HttpError {
  const details = body.details ?? {};
  const taken = (body.taken ?? {}) as { tickets?: unknown; bets?: unknown };
  const numbers = Array.isArray(details.numbers) ? numbersOf(details.numbers, 'number') : numbersOf(taken.tickets, 'number');
  const weights = Array.isArray(details.weights) ? numbersOf(details.weights, 'weight') : numbersOf(taken.bets, 'weight');
  const code = numbers.length === 0 && weights.length > 0 ? 'BET_TAKEN' : 'TICKET_TAKEN';
  const message = typeof body.error === 'string' && body.error ? body.error : "Ces numéros ou paris viennent d'être vendus par une autre caisse. Choisissez-en d'autres.";
  return conflict(message).withCode(code, { numbers, weights });
}

const trimmed = (url: string) => url.replace(/\/$/, '');

/** HTTP client of the raffle's `POST /internal/claims`, `…/{id}/confirm` and `DELETE …/{id}`. */
export function createRaffleClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): RaffleClient {
  return claimClient<ClaimRequest, number>({
    name: 'raffle',
    claimsUrl: `${trimmed(options.baseUrl)}/internal/claims`,
    unavailable: `${MESSAGES.RAFFLE_UNAVAILABLE} Réessayez dans un instant.`,
    timeoutMs: options.timeoutMs ?? 5_000,
    fetch: options.fetch ?? fetch,
    taken: ticketsTaken,
    confirmBody: (saleId) => ({ saleId }),
  });
}

/** HTTP client of the bingo service's `POST /internal/cartons/claims`, `…/{id}/confirm` and `DELETE …/{id}`. */
export function createBingoClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): BingoClient {
  return claimClient<CartonClaimRequest, { saleId: number; reference?: string; buyer?: CartonBuyer | null }>({
    name: 'bingo',
    claimsUrl: `${trimmed(options.baseUrl)}/internal/cartons/claims`,
    unavailable: `${MESSAGES.BINGO_UNAVAILABLE} Réessayez dans un instant.`,
    timeoutMs: options.timeoutMs ?? 5_000,
    fetch: options.fetch ?? fetch,
    taken: (body) => {
      const message = typeof body.error === 'string' && body.error ? body.error : "Ces cartons viennent d'être vendus par une autre caisse. Rendez-les et donnez-en d'autres.";
      return conflict(message).withCode(typeof body.code === 'string' ? body.code : 'CARTON_TAKEN', body.details);
    },
    confirmBody: (sale) => sale,
  });
}
