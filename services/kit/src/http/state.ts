/**
 * Koa's `ctx.state`, typed once for every service and the gateway: what the kit's middleware leaves
 * there. A service adds its own keys the same way, next to the middleware that sets them (the
 * register's `idempotency`), so no handler reads `ctx.state` through a cast.
 */
import type { AuthUser } from '../auth/verifier.ts';

export interface RequestState {
  /** The request's id (`requestId()`): echoed as X-Request-Id and written in every log line. */
  requestId?: string;
  /** The verified user (`authenticate()`); always there in a route that names roles (`requireRole`). */
  user?: AuthUser;
}

declare module 'koa' {
  // Koa's own declaration is open (`extends any`); the keys listed here get their types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DefaultState extends RequestState {}
}
