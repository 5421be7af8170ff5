import { createLocalJWKSet } from 'jose';
import { Jwks, TokenParams, TokenState, SuccessAnswer } from '@kermesse/contracts-identity';
import { bearerToken, JWKS_PATH, verifyAccessToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, unauthorized } from '@kermesse/kit/http';
import { touchApiToken } from '../../repositories/apiTokens.ts';
import { currentAssociation } from '@kermesse/kit/tenancy';
import { findToken, revokeToken } from '../../repositories/tokens.ts';
import { publicKeys } from '../../signingKeys.ts';

/**
 * The keys and token states other parts need: the JWKS, a token's revocation status (internal,
 * never exposed by the gateway) and the release of a token (the « release » button).
 */
export function tokenRoutes(deps: { db: Db }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: JWKS_PATH,
    summary: 'Lire les clés publiques des jetons',
    responses: { 200: Jwks },
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'public, max-age=300');
      return { keys: await publicKeys(deps.db) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/internal/tokens/:jti',
    summary: 'Savoir si un jeton est révoqué',
    responses: { 200: TokenState },
    params: TokenParams,
    handler: async ({ ctx, params }): Promise<TokenState | undefined> => {
      const token = await findToken(deps.db, params.jti);
      if (!token) {
        // Unknown tokens count as revoked (404 keeps « never issued » apart from « released »).
        ctx.status = 404;
        ctx.body = { revoked: true } satisfies TokenState;
        return undefined;
      }
      const revoked = token.revoked_at !== null;
      // A gateway asks this each time its few seconds of cache run out: a tool's token's « last use ».
      if (!revoked) await touchApiToken(deps.db, params.jti);
      return { revoked };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/token/release',
    summary: 'Rendre son jeton (se déconnecter)',
    responses: { 200: SuccessAnswer },
    errors: { 401: ['UNAUTHENTICATED'] },
    handler: async ({ ctx }) => {
      const token = bearerToken(ctx.get('Authorization'));
      if (!token) throw unauthorized();
      const user = await verifyAccessToken(token, createLocalJWKSet({ keys: await publicKeys(deps.db) }));
      // Another association's token is no token here (its row is not even visible).
      if (user.associationId !== currentAssociation()) throw unauthorized();
      await revokeToken(deps.db, user.jti);
      return { success: true };
    },
  });

  return router;
}
