import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { AlertStateParams, AlertStateQuery } from '@kermesse/contracts-stock';
import { presentAlertStates } from '../../presenters/stocks.ts';
import { listStockLines } from '../../repositories/levels.ts';

/**
 * docs/spec.md §7 `GET /api/cr/stocks/{eventId}/stocks/state` (cashier): which products are in alert.
 * `?cache=1` lets the browser keep the answer 60 s; without it the answer is always fresh.
 */
export function stateRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/cr/stocks' });
  defineRoute(router, {
    method: 'get',
    path: '/:eventId/stocks/state',
    roles: ['cashier'],
    params: AlertStateParams,
    query: AlertStateQuery,
    handler: async ({ ctx, params, query }) => {
      const { cache } = query;
      ctx.set('Cache-Control', cache && cache !== '0' && cache !== 'false' ? 'private, max-age=60' : 'no-store');
      return presentAlertStates(await listStockLines(db, params.eventId));
    },
  });
  return router;
}
