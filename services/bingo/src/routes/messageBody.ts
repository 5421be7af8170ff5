import { codeOfStatus, HttpError, type Router } from '@kermesse/kit/http';

/**
 * The seating plan's answers on failure also carry `message` (docs/spec.md §7: the volunteer screens read
 * it): `{ error, message, code, details? }`. Other failures go on to the kit's error handler.
 */
export function withMessageOnError(router: Router): Router {
  router.use(async function messageOnError(ctx, next) {
    try {
      await next();
    } catch (err) {
      if (!(err instanceof HttpError) || !err.expose) throw err;
      ctx.status = err.status;
      for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
      ctx.body = {
        error: err.message,
        message: err.message,
        code: err.code ?? codeOfStatus(err.status),
        ...(err.details ? { details: err.details } : {}),
      };
    }
  });
  return router;
}
