import { defineRoute, Router } from '@kermesse/kit/http';
import { SuccessAnswer } from '@kermesse/contracts-register';

/** docs/spec.md §7: `GET /api/cr/ping` — 200 means the cashier's token is valid. */
export function pingRoutes(): Router {
  const router = new Router();
  defineRoute(router, {
    method: 'get',
    path: '/api/cr/ping',
    summary: 'Vérifier la connexion de la caisse',
    responses: { 200: SuccessAnswer },
    roles: ['cashier'] as const,
    handler: ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return { success: true };
    },
  });
  return router;
}
