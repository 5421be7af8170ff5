import { createLocalJWKSet } from 'jose';
import {
  bearerToken, JWKS_PATH, Router, unauthorized, validateParams, verifyAccessToken, type Db,
} from '@kermesse/kit';
import { findToken, revokeToken } from '../../repositories/tokens.ts';
import { publicKeys } from '../../signingKeys.ts';

/**
 * The keys and token states other parts need: the JWKS, a token's revocation status (internal,
 * never exposed by the gateway) and the release of a token (the « release » button).
 */
export function tokenRoutes(deps: { db: Db }): Router {
  const router = new Router();

  router.get(JWKS_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { keys: await publicKeys(deps.db) };
  });

  router.get('/internal/tokens/:jti', validateParams({ type: 'object', required: ['jti'], properties: { jti: { type: 'string', format: 'uuid' } } }), async (ctx) => {
    const { jti } = ctx.state.params as { jti: string };
    const token = await findToken(deps.db, jti);
    if (!token) {
      ctx.status = 404;
      ctx.body = { revoked: true };
      return;
    }
    ctx.body = { revoked: token.revoked_at !== null };
  });

  router.post('/api/token/release', async (ctx) => {
    const token = bearerToken(ctx.get('Authorization'));
    if (!token) throw unauthorized();
    const user = await verifyAccessToken(token, createLocalJWKSet({ keys: await publicKeys(deps.db) }));
    await revokeToken(deps.db, user.jti);
    ctx.body = { success: true };
  });

  return router;
}
