/**
 * The internal ticket-claim API the register calls synchronously while creating a sale
 * (docs/platform.md « Ticket claims »). Not routed by the gateway; the register sends the
 * cashier's bearer token.
 */
import { requireRole, Router, validateBody, validateParams } from '@kermesse/kit';
import { claimTicketsAndBets, ClaimConflictError, confirmClaim, releaseClaim, type ClaimInput } from '../../commands/claims.ts';
import type { RouteDeps } from '../deps.ts';
import { claimBody, claimParams, confirmBody } from './schema.ts';

export function claimRoutes({ db, claimTtlMs }: RouteDeps): Router {
  const router = new Router({ prefix: '/internal/claims' });
  router.use(requireRole('cashier'));

  router.post('/', validateBody(claimBody), async (ctx) => {
    try {
      ctx.body = await claimTicketsAndBets(db, ctx.state.body as ClaimInput, claimTtlMs);
      ctx.status = 201;
    } catch (err) {
      if (!(err instanceof ClaimConflictError)) throw err;
      ctx.status = 409;
      ctx.body = { error: err.message, taken: err.taken };
    }
  });

  // The register's sale is committed: the claim is kept for good (sale.completed confirms it too, later).
  router.post('/:claimId/confirm', validateParams(claimParams), validateBody(confirmBody), async (ctx) => {
    const { claimId } = ctx.state.params as { claimId: string };
    await confirmClaim(db, claimId, (ctx.state.body as { saleId: number }).saleId);
    ctx.status = 204;
  });

  router.delete('/:claimId', validateParams(claimParams), async (ctx) => {
    const { claimId } = ctx.state.params as { claimId: string };
    await releaseClaim(db, claimId);
    ctx.status = 204;
  });

  return router;
}
