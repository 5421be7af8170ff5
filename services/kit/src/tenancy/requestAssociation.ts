/**
 * The association of a request. The gateway resolves the Host (`apel-ferry.example.org`) to its
 * association and passes it to the services in ASSOCIATION_HEADER, after dropping any such header a
 * client sent; a service runs the whole request for it. A call from one service to another passes
 * the current association on (associationHeader), so the callee works in the same association.
 */
import type { Middleware } from 'koa';
import { notFound } from '../http/errors.ts';
import { ASSOCIATION_HEADER, currentAssociation, isAssociationId, withAssociation } from './association.ts';

export function requestAssociation(): Middleware {
  return async function requestAssociationMiddleware(ctx, next) {
    const named = ctx.get(ASSOCIATION_HEADER);
    if (!named) return next();
    if (!isAssociationId(named)) throw notFound('Association inconnue.');
    return withAssociation(named, () => next());
  };
}

/** The header naming the current association, for a call to another service (none outside any). */
export function associationHeader(): Record<string, string> {
  const id = currentAssociation();
  return id ? { [ASSOCIATION_HEADER]: id } : {};
}
