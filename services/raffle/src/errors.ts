/** The raffle service's business errors: the contract's code and French message on a kit HttpError. */
import { HttpError } from '@kermesse/kit/http';
import { raffleMessage, type RaffleErrorArgs, type RaffleErrorCode, type TakenDetails } from '@kermesse/contracts-raffle';

const STATUS: Record<RaffleErrorCode, number> = {
  RAFFLE_NOT_FOUND: 404,
  GIFT_BASKET_NOT_FOUND: 404,
  BASKET_TYPE_NOT_FOUND: 404,
  PRIZE_NOT_FOUND: 404,
  EVENT_NOT_FOUND: 404,
  CLAIM_NOT_FOUND: 404,
  IMAGE_NOT_FOUND: 404,
  PROOF_NOT_PUBLISHED: 404,
  NO_EVENT_KNOWN: 409,
  EVENT_REQUIRED: 400,
  TIER_INVALID: 400,
  PRIZE_INVALID: 400,
  BASKET_TYPE_INVALID: 400,
  BASKET_TYPE_REQUIRED: 400,
  BANNER_TITLE_REQUIRED: 400,
  BANNER_RAFFLE_REQUIRED: 400,
  SALES_CLOSED: 409,
  SALES_ALREADY_CLOSED: 409,
  SALES_NOT_CLOSED: 409,
  TICKETS_BEING_SOLD: 409,
  ALREADY_DRAWN: 409,
  PRIZES_FROZEN: 409,
  TOTAL_TICKETS_FROZEN: 409,
  TIERS_FROZEN: 409,
  TOTAL_BELOW_SOLD: 409,
  RAFFLE_HAS_SALES: 409,
  RAFFLE_TICKETS_HELD: 409,
  BASKET_WEIGHED: 409,
  BASKET_HAS_BETS: 409,
  BETS_BEING_SOLD: 409,
  BETS_CLOSED: 409,
  CLAIM_EMPTY: 400,
  CLAIM_DUPLICATE: 400,
  CLAIM_MISMATCH: 409,
  CLAIM_CONFIRMED: 409,
  CLAIM_EXPIRED: 409,
  TICKET_UNKNOWN: 400,
  BET_TYPE_MISMATCH: 400,
  TICKET_TAKEN: 409,
  BET_TAKEN: 409,
  NO_IMAGE: 400,
  NOT_AN_IMAGE: 415,
  IMAGE_TOO_LARGE: 413,
};

/** `throw raffleError('RAFFLE_NOT_FOUND')` → 404 `{ error: 'Tombola introuvable.', code: 'RAFFLE_NOT_FOUND' }`. */
export function raffleError<C extends RaffleErrorCode>(code: C, ...args: RaffleErrorArgs<C>): HttpError {
  return new HttpError(STATUS[code], raffleMessage(code, ...args)).withCode(code);
}

/** 409 of a claim whose numbers (or weights) are taken: nothing was held; the client offers others. */
export function takenError(message: string, details: TakenDetails): HttpError {
  const code = details.numbers.length > 0 ? 'TICKET_TAKEN' : 'BET_TAKEN';
  return new HttpError(409, raffleMessage(code, message)).withCode(code, { ...details });
}
