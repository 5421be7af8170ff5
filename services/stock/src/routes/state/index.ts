import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type EventCheck } from '@kermesse/kit/http';
import { AlertStateParams, AlertStateQuery, AlertStates } from '@kermesse/contracts-stock';
import { presentAlertStates } from '../../presenters/stocks.ts';
import { listStockLines } from '../../repositories/levels.ts';

/**
 * docs/spec.md §7 `GET /api/cr/stocks/{eventId}/stocks/state` (cashier): which products are in alert.
 * `?cache=1` lets the browser keep the answer 60 s; without it the answer is always fresh. An event
 * neither the stock nor the register knows is a French 404; one the register created a moment ago,
 * whose announcement has not reached the stock yet, is asked of the register (the register's screen
 * polls this path as soon as the fair is chosen) and answers its levels.
 */
export function stateRoutes({ db, events }: { db: Db; events: EventCheck }): Router {
  const router = new Router({ prefix: '/api/cr/stocks' });
  defineRoute(router, {
    method: 'get',
    path: '/:eventId/stocks/state',
    summary: "Lire l'état des stocks pour la caisse",
    responses: { 200: AlertStates },
    roles: ['cashier'],
    params: AlertStateParams,
    query: AlertStateQuery,
    handler: async ({ ctx, params, query }) => {
      await events.require(params.eventId, bearerToken(ctx.get('Authorization')));
      const { cache } = query;
      ctx.set('Cache-Control', cache && cache !== '0' && cache !== 'false' ? 'private, max-age=60' : 'no-store');
      return presentAlertStates(await listStockLines(db, params.eventId));
    },
  });
  return router;
}
