/**
 * Creating a sale once, whatever the network does: each attempt carries one Idempotency-Key, and a
 * retry of that attempt (no answer, the first still running, the gateway briefly down) sends the
 * same key and body, so the server answers the first result instead of creating a second sale.
 */
import { ApiError, NETWORK_ERROR_MESSAGE } from '@kermesse/ui-kit';
import { takenOf, type ErrorCode } from '@kermesse/contracts-register/errors';
import type { CheckoutApi, SaleResult } from '../api/checkoutApi';
import type { SaleBody } from './buildSale';

export const RETRY_DELAYS_MS: readonly number[] = [400, 1200];

/** docs/spec.md §8: the alert after a refused sale. */
export const saleFailureMessage = (error: string | null | undefined) => `Erreur lors de la vente : ${error || 'Erreur inconnue'}`;

/**
 * Worth sending again with the same key: no answer, or the gateway/service briefly down, or the
 * association over its request limit on a hosting install (429: the gateway answered, the sale never
 * reached the register); and a 409 once this key was already sent (the first attempt still runs). A
 * 409 to a first attempt is a business conflict, such as a raffle number sold meanwhile, and is shown at once.
 */
export function isRetryable(error: unknown, keyAlreadySent: boolean): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0 || error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504) return true;
  return error.status === 409 && keyAlreadySent;
}

export type SubmitOutcome =
  | { ok: true; result: SaleResult }
  | {
      ok: false;
      message: string;
      network: boolean;
      status?: number;
      /** The contract's error code of a refusal (`TICKET_TAKEN`, `AMOUNT_INSUFFICIENT`…): what the screen branches on. */
      code?: ErrorCode | string;
      /** What was sold meanwhile by another register (`TICKET_TAKEN` / `BET_TAKEN` details). */
      taken?: { tickets: number[]; bets: { weight: number; typeId?: number }[] };
    };

/** The codes whose details name numbers or weights sold meanwhile. */
const TAKEN_CODES: ReadonlySet<string> = new Set(['TICKET_TAKEN', 'BET_TAKEN']);

export async function submitSale(
  api: Pick<CheckoutApi, 'createSale'>,
  sale: SaleBody,
  idempotencyKey: string,
  {
    resend = false,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: { resend?: boolean; sleep?: (ms: number) => Promise<void> } = {},
): Promise<SubmitOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await api.createSale(sale, idempotencyKey);
      if (!result.success) return { ok: false, message: saleFailureMessage(result.error), network: false };
      return { ok: true, result };
    } catch (error) {
      const keyAlreadySent = resend || attempt > 0;
      const delay = RETRY_DELAYS_MS[attempt];
      if (isRetryable(error, keyAlreadySent) && delay !== undefined) {
        await sleep(delay);
        continue;
      }
      if (isRetryable(error, keyAlreadySent)) {
        // Still no answer: the same key may be sent again later (« Réessayer »).
        const message =
          error instanceof ApiError && error.status === 0
            ? NETWORK_ERROR_MESSAGE
            : saleFailureMessage(error instanceof Error ? error.message : null);
        return { ok: false, message, network: true };
      }
      const body = error instanceof ApiError ? (error.body as { code?: unknown } | undefined) : undefined;
      const code = typeof body?.code === 'string' ? body.code : undefined;
      const taken = readTaken(body, code);
      const status = error instanceof ApiError ? error.status : undefined;
      return {
        ok: false,
        message: saleFailureMessage(error instanceof Error ? error.message : null),
        network: false,
        status,
        ...(code ? { code } : {}),
        ...(taken ? { taken } : {}),
      };
    }
  }
}

/**
 * The chosen ticket numbers a refusal says were sold meanwhile (`TICKET_TAKEN`'s `details.numbers`);
 * none for any other refusal. Never read out of the French message.
 */
export function takenTickets(outcome: Extract<SubmitOutcome, { ok: false }>, chosen: readonly number[]): number[] {
  const taken = new Set(outcome.taken?.tickets ?? []);
  return chosen.filter((number) => taken.has(number));
}

/** What a refusal names as sold meanwhile: the contract's details, or an older answer's `taken` list. */
function readTaken(
  body: unknown,
  code: string | undefined,
): { tickets: number[]; bets: { weight: number; typeId?: number }[] } | undefined {
  if (code && TAKEN_CODES.has(code)) {
    const { numbers, weights } = takenOf(body);
    return { tickets: numbers, bets: weights.map((weight) => ({ weight })) };
  }
  const value = (body as { taken?: unknown } | undefined)?.taken;
  if (!value || typeof value !== 'object') return undefined;
  const { tickets, bets } = value as { tickets?: unknown[]; bets?: unknown[] };
  const numbers = (tickets ?? [])
    .map((item) => Number(typeof item === 'object' && item !== null ? (item as { number?: unknown }).number : item))
    .filter(Number.isFinite);
  const weights = (bets ?? [])
    .filter((item): item is { weight: number; typeId?: number } => typeof item === 'object' && item !== null && 'weight' in item)
    .map((item) => ({ weight: Number(item.weight), typeId: item.typeId }));
  return { tickets: numbers, bets: weights };
}
