/**
 * The one shape of every error body a service sends: a French sentence for the person, a stable
 * code for the program (the client branches on `code`, never on the words), and optional details
 * (e.g. the ticket numbers already taken).
 */
export interface ErrorBody<Code extends string = string> {
  error: string;
  code?: Code;
  details?: Record<string, unknown>;
}

/** Codes every service may answer with, whatever its domain. */
export const COMMON_ERROR_CODES = [
  'VALIDATION',
  'NO_FILE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'UNPROCESSABLE',
  'TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

/** True when `body` is an error body carrying `code`. */
export function hasErrorCode<C extends string>(body: unknown, code: C): body is ErrorBody<C> {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === code;
}
