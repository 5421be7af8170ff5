/**
 * `GET /api/admin/dashboard/{eventId}` (admin, treasurer): the live dashboard of a fair;
 * `GET /api/admin/dashboard`: the events it can follow (a treasurer does not see the back office).
 * Polling is cheap: the answer carries its `version`, also as a weak ETag — `If-None-Match` answers
 * 304 and `?since=<version>` answers `{ changed: false, version }` while nothing moved.
 */
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type Logger } from '@kermesse/kit/http';
import { DashboardAnswer, DashboardEvents, DashboardParams, DashboardQuery } from '@kermesse/contracts-register';
import { missing } from '../admin/errors.ts';
import { presentDashboard } from './presenter.ts';
import { listDashboardEvents } from '../repositories/dashboard.ts';
import { createDashboardReader, type DashboardReader } from './reader.ts';

const ROLES = ['admin', 'treasurer'] as const;

export function dashboardRoutes({ db, logger, reader }: { db: Db; logger?: Logger; reader?: DashboardReader }): Router {
  const router = new Router();
  const dashboards = reader ?? createDashboardReader(db, { logger });
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/dashboard',
    summary: 'Lire le tableau de bord des ventes',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: DashboardEvents },
    roles: ROLES,
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return listDashboardEvents(db);
    },
  });
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/dashboard/:eventId',
    summary: "Lire le tableau de bord des ventes d'un événement",
    responses: { 200: DashboardAnswer },
    roles: ROLES,
    params: DashboardParams,
    query: DashboardQuery,
    handler: async ({ ctx, params, query }) => {
      const asked = ctx.get('If-None-Match').replace(/^W\//, '').replace(/"/g, '');
      const since = query.since ?? (asked || undefined);
      const read = await dashboards.read(params.eventId, since);
      if (!read) throw missing('EVENT_NOT_FOUND');
      const { version, figures } = read;
      // Private: the figures are for the signed-in treasurer; revalidated at every poll.
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.set('ETag', `W/"${version}"`);
      if (!figures) {
        if (query.since === undefined) {
          ctx.status = 304;
          return undefined;
        }
        return { changed: false, version };
      }
      return presentDashboard(figures, version, new Date());
    },
  });
  return router;
}
