/**
 * The register's refusals, one factory per HTTP status: the contract's French message (placeholders
 * filled) with its code and details, so every error body is `{ error, code, details? }`
 * (`@kermesse/contracts-register` errors.ts). `invalid('TICKETS_TOO_MANY', { allowed: 3 })`.
 */
import { badRequest, conflict, forbidden, notFound, serviceUnavailable, type HttpError } from '@kermesse/kit/http';
import { messageOf, type ErrorCode } from '@kermesse/contracts-register';

type Params = Record<string, unknown>;

/** Builds the error; `params` fill the message and are the body's `details` unless `details` is given. */
const make =
  (factory: (message: string) => HttpError) =>
  (code: ErrorCode, params?: Params, details?: Record<string, unknown>): HttpError =>
    factory(messageOf(code, params)).withCode(code, details ?? (params && Object.keys(params).length ? params : undefined));

/** 400: the request cannot be carried out as sent. */
export const invalid = make(badRequest);
/** 404. */
export const missing = make(notFound);
/** 409: the state changed meanwhile (sold by another register, already settled…). */
export const refused = make(conflict);
/** 403. */
export const denied = make(forbidden);
/** 503: a service the register depends on does not answer. */
export const unavailable = make((message) => serviceUnavailable(message));
