import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { HttpError, INTERNAL_ERROR_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE } from './errors.ts';
import type { Logger } from './logger.ts';
import type {} from './state.ts';
import { isOutage } from './outage.ts';
import type { CommonErrorCode } from '@kermesse/contracts-common';

/** The request ids kept from the caller (anything else is replaced, so logs stay clean). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

/** Keeps the caller's X-Request-Id (the gateway sets one) or makes one, and echoes it back. */
export function requestId(): Middleware {
  return async function requestIdMiddleware(ctx, next) {
    const incoming = ctx.get('X-Request-Id');
    const id = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}

/** Seconds a client waits before sending again a request refused by an outage (the database away). */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/**
 * The one error handler at the top of the chain: every failure becomes `{ error: "<français>" }`.
 * Unexpected errors are logged with the request id and answered with a generic message. An error
 * that says the database (or another dependency) is out of reach — see `isOutage` — is a 503
 * UNAVAILABLE with Retry-After, never a 500: the same request sent again may well go through.
 */
export function errorHandler(logger: Logger): Middleware {
  return async function errorHandlerMiddleware(ctx, next) {
    const started = performance.now();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: 'Ressource introuvable.', code: 'NOT_FOUND' };
      } else if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
        // The router's answer to a known path asked with another method (its Allow header stays).
        ctx.body = { error: 'Méthode non autorisée pour cette adresse.', code: 'METHOD_NOT_ALLOWED' };
      }
    } catch (caught) {
      const err = !(caught instanceof HttpError) && isOutage(caught) ? outage() : caught;
      const known = err instanceof HttpError;
      const status = known ? err.status : bodyParserStatus(err);
      ctx.status = status;
      if (known) for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
      ctx.body = {
        error:
          known && err.expose
            ? err.message
            : status === 400
              ? 'Corps de requête invalide (JSON attendu).'
              : status === 413
                ? 'Requête trop volumineuse.'
                : INTERNAL_ERROR_MESSAGE,
      };
      if (known && err.expose)
        Object.assign(ctx.body as object, { code: err.code ?? codeOfStatus(status) }, err.details ? { details: err.details } : {});
      // A body that is not JSON at all: the same code as any other malformed input.
      else if (!known && status === 400) Object.assign(ctx.body as object, { code: 'VALIDATION' });
      else if (!known && status === 413) Object.assign(ctx.body as object, { code: 'TOO_LARGE' });
      else if (!known && status >= 500) Object.assign(ctx.body as object, { code: 'INTERNAL' });
      if (status >= 500 && !known) {
        logger.error('request failed', { requestId: ctx.state.requestId, path: ctx.path, err: String((err as Error)?.stack ?? err) });
      } else if (status >= 500) {
        // An expected outage (503/504) already explained to the client: no stack trace.
        logger.warn('request answered with an outage', {
          requestId: ctx.state.requestId,
          path: ctx.path,
          status,
          error: (err as Error).message,
          ...(err !== caught ? { cause: String(caught) } : {}),
        });
      }
    } finally {
      logger.debug('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}

/** The answer to an outage: the kit's 503 UNAVAILABLE, with the delay before trying again. */
const outage = () =>
  new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) }).withCode('UNAVAILABLE');

/**
 * The code of a refusal whose thrower named none: every answer a client reads carries `error` and a
 * `code` (docs/platform.md « Refusals »), the generic one of its status when the domain has no
 * finer one.
 */
export function codeOfStatus(status: number): CommonErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'TOO_LARGE';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
    case 504:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'VALIDATION';
  }
}

/** The body parser throws errors with a status (malformed JSON 400, too large 413): those are the client's. */
function bodyParserStatus(err: unknown): number {
  const status = (err as { status?: unknown })?.status;
  return status === 400 || status === 413 || status === 415 ? status : 500;
}

/**
 * `Cache-Control: no-store` on every answer whose route set no policy of its own: a token (sign-in,
 * passkeys), a buyer's name or phone, a receipt must never stay in a browser's or a proxy's cache on
 * a shared till phone. A route that may be kept says so itself (the catalogue, pictures, the JWKS).
 */
export function noStoreByDefault(): Middleware {
  return async function noStoreByDefaultMiddleware(ctx, next) {
    try {
      await next();
    } finally {
      if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
    }
  };
}
