/**
 * Errors a client may see. `expose` errors carry a French message meant for the user;
 * anything else becomes a generic 500 so a database error never leaks.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly expose: boolean;
  readonly headers: Record<string, string>;
  /** A stable code the client branches on (`TICKET_TAKEN`), from the domain's contract. */
  code?: string;
  /** Structured data for the client (the taken ticket numbers…), never parsed out of the message. */
  details?: Record<string, unknown>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.expose = status < 500 || status === 503 || status === 504;
    this.headers = headers;
  }

  /** Adds the contract's error code (and details) to the body `{ error, code, details }`. */
  withCode(code: string, details?: Record<string, unknown>): this {
    this.code = code;
    if (details) this.details = details;
    return this;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/**
 * What the client sent does not have the expected shape (contracts-common's `VALIDATION`): a 400
 * whose French message names the field, and the field's path in `details.field` when one is known.
 */
export const invalidInput = (message: string, field?: string) => badRequest(message).withCode('VALIDATION', field ? { field } : undefined);
// The generic answers carry contracts-common's codes; a domain may name its own with withCode().
export const unauthorized = (message = 'Authentification requise.') =>
  new HttpError(401, message, { 'WWW-Authenticate': 'Bearer' }).withCode('UNAUTHENTICATED');
export const forbidden = (message = 'Accès refusé : droits insuffisants.') => new HttpError(403, message).withCode('FORBIDDEN');
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, message).withCode('NOT_FOUND');
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(retryAfterSeconds) }).withCode('TOO_MANY_REQUESTS');
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service momentanément indisponible. Réessayez dans un instant.';
export const serviceUnavailable = (message = SERVICE_UNAVAILABLE_MESSAGE) => new HttpError(503, message).withCode('UNAVAILABLE');

export const INTERNAL_ERROR_MESSAGE = 'Erreur interne du serveur.';
