/**
 * Whether an error says a dependency — the database above all — is out of reach: the connection
 * refused, reset or cut, the server shutting down or still recovering after a crash, no connection
 * from the pool in time; rather than a refusal of the request's own statement. Such a request may
 * well succeed a moment later, so the error handler answers it 503 UNAVAILABLE with Retry-After
 * instead of 500: the register's queue then sends the sale again with the same Idempotency-Key
 * (docs/platform.md). Free of knex and pg imports: the gateway loads the kit's http entry point.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/**
 * Postgres SQLSTATEs of a server that cannot take the statement now: class 08 (connection
 * exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up,
 * crash recovery), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres says when the server went away under a client; knex puts the statement in
 * front (`insert into … - Connection terminated unexpectedly`), hence anywhere in the message.
 */
const CONNECTION_LOST = /Connection terminated|Client has encountered a connection error|Client was closed and is not queryable/;

export function isOutage(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const { code, name, message, errors, cause } = err as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // knex: no connection from the pool within acquireConnectionTimeout (every attempt failing).
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  // Several addresses tried (AggregateError), or an error wrapping the socket's.
  if (Array.isArray(errors) && errors.some((inner) => isOutage(inner, depth + 1))) return true;
  return isOutage(cause, depth + 1);
}
