import { AssociationFigures } from '@kermesse/contracts-identity';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';

/**
 * The figures the host console shows for each association it serves (docs/hosting.md), asked by
 * identity with the association's header; never through the gateway. Row-level security keeps
 * the counts to that association's rows.
 */
export function figuresRoutes({ db }: { db: Db }): Router {
  const router = new Router();
  defineRoute(router, {
    method: 'get',
    path: '/internal/figures',
    summary: "Compter les événements et les ventes d'une association (console de l'hébergeur)",
    responses: { 200: AssociationFigures },
    handler: async (): Promise<AssociationFigures> => {
      const [events, sales] = await Promise.all([
        db('events').count({ count: '*' }).first(),
        db('sales').count({ count: '*' }).max({ last: 'created_at' }).first(),
      ]);
      const last = sales?.last as Date | string | null | undefined;
      return {
        events: Number(events?.count ?? 0),
        sales: Number(sales?.count ?? 0),
        lastSaleAt: last ? new Date(last).toISOString() : null,
      };
    },
  });
  return router;
}
