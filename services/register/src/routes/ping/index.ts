import { requireRole, Router } from '@kermesse/kit';

/** SPEC §7: `GET /api/cr/ping` — 200 means the cashier's token is valid. */
export function pingRoutes(): Router {
  const router = new Router({ prefix: '/api/cr' });
  router.get('/ping', requireRole('cashier'), (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true };
  });
  return router;
}
