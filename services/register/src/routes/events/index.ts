import { notFound, requireRole, Router, validateParams, type Db } from '@kermesse/kit';
import { presentEvent, presentEventCheckouts } from '../../presenters/events.ts';
import { findEvent, listCheckouts, listEvents } from '../../repositories/events.ts';
import { eventParamsSchema } from './schema.ts';

/** SPEC §9: events and checkouts may be cached 1,200 s by the register page. */
export const EVENTS_CACHE_CONTROL = 'private, max-age=1200';

export function eventRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/cr' });
  router.use(requireRole('cashier'));

  router.get('/events', async (ctx) => {
    ctx.set('Cache-Control', EVENTS_CACHE_CONTROL);
    ctx.body = (await listEvents(db)).map(presentEvent);
  });

  router.get('/events/:eventId/checkouts', validateParams(eventParamsSchema), async (ctx) => {
    const { eventId } = ctx.state.params as { eventId: number };
    const event = await findEvent(db, eventId);
    if (!event) throw notFound('Événement introuvable.');
    ctx.set('Cache-Control', EVENTS_CACHE_CONTROL);
    ctx.body = presentEventCheckouts(event, await listCheckouts(db, eventId));
  });

  return router;
}
