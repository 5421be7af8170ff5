/**
 * The register's side of the claim contracts (docs/platform.md « Ticket claims », and the same for loto
 * cartons), written once for both services: before a sale with raffle tickets, gift-basket bets or
 * loto cartons is written, its numbers are claimed synchronously — so two registers never sell the
 * same number — then confirmed once the sale is committed, or released when it fails.
 *
 * Both on the kit's internal client (`createInternalClient`). A refusal keeps the other service's
 * French message and answers the contract's code with what was taken in `details` (`TICKET_TAKEN` /
 * `BET_TAKEN` with `numbers` and `weights`; the bingo service's `CARTON_TAKEN`): the register
 * screen branches on the code, never on the words.
 */
import { conflict, createInternalClient, HttpError, type ErrorAnswer, type InternalClient } from '@kermesse/kit/http';
import { MESSAGES } from '@kermesse/contracts-register';

export interface ClaimRequest {
  claimId: string;
  /** The selling register: the raffle accepts the numbers of its own offline block. */
  checkoutId?: number;
  tickets: Array<{ raffleId: number; number: number }>;
  bets: Array<{ giftBasketId: number; typeId: number; weight: number }>;
}

export interface CartonClaimRequest {
  claimId: string;
  cartons: Array<{ bingoId: number; number: number }>;
}

export interface CartonBuyer {
  firstname: string;
  lastname: string;
  email?: string | null;
  phone?: string | null;
}

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

/** The claim API of one service on the kit's internal client (timeouts, refusals mapped, 503 in French). */
function claimClient<Request extends { claimId: string }, Confirmation>(
  client: InternalClient,
  claimsPath: string,
  unavailableCode: 'RAFFLE_UNAVAILABLE' | 'BINGO_UNAVAILABLE',
  confirmBody: (confirmation: Confirmation) => unknown,
): ClaimClient<Request, Confirmation> {
  const claimPath = (claimId: string) => `${claimsPath}/${encodeURIComponent(claimId)}`;
  return {
    async claim(request, bearer) {
      try {
        const answer = await client.call<{ claimId?: string; expiresAt?: string } | undefined>('POST', claimsPath, {
          body: request,
          bearer,
        });
        return { claimId: answer?.claimId ?? request.claimId, expiresAt: answer?.expiresAt };
      } catch (err) {
        // The service cannot sell now: the register screen tells « réessayez » by the code.
        if (err instanceof HttpError && err.status === 503 && (!err.code || err.code === 'UNAVAILABLE')) err.withCode(unavailableCode);
        throw err;
      }
    },
    async confirm(claimId, confirmation, bearer) {
      await client.send('POST', `${claimPath(claimId)}/confirm`, { body: confirmBody(confirmation), bearer, ok: [200, 204] });
    },
    async release(claimId, bearer) {
      await client.send('DELETE', claimPath(claimId), { bearer, ok: [200, 204, 404] });
    },
  };
}

const numbersOf = (value: unknown, key: 'number' | 'weight'): number[] =>
  Array.isArray(value)
    ? value
        .map((item) => Number(typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : item))
        .filter(Number.isFinite)
    : [];

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
  const message =
    typeof body.error === 'string' && body.error
      ? body.error
      : "Ces numéros ou paris viennent d'être vendus par une autre caisse. Choisissez-en d'autres.";
  return conflict(message).withCode(code, { numbers, weights });
}

/** HTTP client of the raffle's `POST /internal/claims`, `…/{id}/confirm` and `DELETE …/{id}`. */
export function createRaffleClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): RaffleClient {
  const client = createInternalClient({
    service: 'raffle',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    unavailable: `${MESSAGES.RAFFLE_UNAVAILABLE} Réessayez dans un instant.`,
    onConflict: ticketsTaken,
  });
  return claimClient<ClaimRequest, number>(client, '/internal/claims', 'RAFFLE_UNAVAILABLE', (saleId) => ({ saleId }));
}

/** HTTP client of the bingo service's `POST /internal/cartons/claims`, `…/{id}/confirm` and `DELETE …/{id}`. */
export function createBingoClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): BingoClient {
  const client = createInternalClient({
    service: 'bingo',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    unavailable: `${MESSAGES.BINGO_UNAVAILABLE} Réessayez dans un instant.`,
    // The bingo service's own words and code (CARTON_TAKEN / CARTONS_TAKEN) with the cartons in `details`.
    conflictCode: 'CARTON_TAKEN',
    conflictMessage: "Ces cartons viennent d'être vendus par une autre caisse. Rendez-les et donnez-en d'autres.",
  });
  return claimClient<CartonClaimRequest, { saleId: number; reference?: string; buyer?: CartonBuyer | null }>(
    client,
    '/internal/cartons/claims',
    'BINGO_UNAVAILABLE',
    (sale) => sale,
  );
}
