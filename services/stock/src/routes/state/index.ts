import { requireRole, Router, validateParams, validateQuery, type Db } from '@kermesse/kit';
import { presentAlertStates } from '../../presenters/stocks.ts';
import { listStockLines } from '../../repositories/levels.ts';

const paramsSchema = {
  type: 'object',
  required: ['eventId'],
  properties: { eventId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const querySchema = {
  type: 'object',
  properties: { cache: { type: 'string', maxLength: 20 } },
} as const;

/**
 * SPEC §7 `GET /api/cr/stocks/{eventId}/stocks/state` (cashier): which products are in alert.
 * `?cache=1` lets the browser keep the answer 60 s; without it the answer is always fresh.
 */
export function stateRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/cr/stocks' });
  router.use(requireRole('cashier'));
  router.get('/:eventId/stocks/state', validateParams(paramsSchema), validateQuery(querySchema), async (ctx) => {
    const { eventId } = ctx.state.params as { eventId: number };
    const { cache } = ctx.state.query as { cache?: string };
    ctx.set('Cache-Control', cache && cache !== '0' && cache !== 'false' ? 'private, max-age=60' : 'no-store');
    ctx.body = presentAlertStates(await listStockLines(db, eventId));
  });
  return router;
}
