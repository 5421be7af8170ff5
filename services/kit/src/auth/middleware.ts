import type { Middleware } from 'koa';
import { forbidden, unauthorized } from '../http/errors.ts';
import { hasAnyRole, type Role } from './roles.ts';
import type { TokenVerifier } from './verifier.ts';
import { currentAssociation } from '../tenancy/association.ts';
import type {} from '../http/state.ts';

/** Reads `Authorization: Bearer …`; returns undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Puts the verified user in `ctx.state.user` when a bearer token is sent.
 * A token that is sent but invalid is refused (401) rather than treated as anonymous.
 */
export function authenticate(verifier: TokenVerifier): Middleware {
  return async function authenticateMiddleware(ctx, next) {
    const header = ctx.get('Authorization');
    if (header) {
      const token = bearerToken(header);
      if (!token) throw unauthorized('En-tête Authorization invalide (Bearer attendu).');
      const user = await verifier.verify(token);
      // A token is good on its own association's host only (hosting): elsewhere it is no token at all.
      if (user.associationId !== currentAssociation()) throw unauthorized('Jeton invalide ou expiré.');
      ctx.state.user = user;
    }
    await next();
  };
}

/** 401 without a user, 403 when none of the roles matches (`admin` always passes). */
export function requireRole(...roles: Role[]): Middleware {
  return async function requireRoleMiddleware(ctx, next) {
    const user = ctx.state.user;
    if (!user) throw unauthorized();
    if (!hasAnyRole(user.roles, roles)) throw forbidden();
    await next();
  };
}
