/** The bingo service's business errors: the contract's code and French message on a kit HttpError. */
import { badRequest, conflict, forbidden, HttpError, notFound } from '@kermesse/kit/http';
import { bingoMessage, type BingoErrorCode } from '@kermesse/contracts-bingo';

const make = (factory: (message: string) => HttpError) => (code: BingoErrorCode, details?: Record<string, unknown>) =>
  factory(bingoMessage(code, details as Record<string, string | number> | undefined)).withCode(code, details);

export const bingoNotFound = () => make(notFound)('BINGO_NOT_FOUND');
export const prizeNotFound = () => make(notFound)('PRIZE_NOT_FOUND');
export const eventNotFound = () => make(notFound)('EVENT_NOT_FOUND');
export const seatNotFound = (details: Record<string, unknown>) => make(notFound)('SEAT_NOT_FOUND', details);
export const cartonNotFound = () => make(notFound)('CARTON_NOT_FOUND');
export const bingoConflict = make(conflict);
export const bingoBadRequest = make(badRequest);
export const notACaller = () => make(forbidden)('NOT_A_CALLER');

/** A 400 naming the field, for checks TypeBox cannot express (« 30,50 » amounts). */
export const invalidAmount = (field: string) => badRequest(bingoMessage('INVALID_AMOUNT', { field })).withCode('INVALID_AMOUNT');
