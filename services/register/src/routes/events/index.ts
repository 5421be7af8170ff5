/** docs/spec.md §7 (cashier role): the events a register may sell for, and an event's registers. */
import { type Db } from '@kermesse/kit/db';
import { ROLES } from '@kermesse/kit/auth';
import { defineRoute, Router, type RegisterEvent } from '@kermesse/kit/http';
import { EventIdParams, EventSummaries, EventCheckouts, RegisterEventAnswer } from '@kermesse/contracts-register';
import { missing } from '../../errors.ts';
import { presentEvent, presentEventCheckouts } from '../../presenters/events.ts';
import { findEvent, listCheckouts, listEvents } from '../../repositories/events.ts';

/** docs/spec.md §9: events and checkouts may be cached 1,200 s by the register page. */
export const EVENTS_CACHE_CONTROL = 'private, max-age=1200';

const CASHIER = ['cashier'] as const;

export function eventRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/events',
    summary: 'Lister les événements (caisse)',
    responses: { 200: EventSummaries },
    roles: CASHIER,
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', EVENTS_CACHE_CONTROL);
      return (await listEvents(db)).map(presentEvent);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/events/:eventId/checkouts',
    summary: "Lister les caisses d'un événement (caisse)",
    responses: { 200: EventCheckouts },
    roles: CASHIER,
    params: EventIdParams,
    handler: async ({ ctx, params }) => {
      const event = await findEvent(db, params.eventId);
      if (!event) throw missing('EVENT_NOT_FOUND');
      ctx.set('Cache-Control', EVENTS_CACHE_CONTROL);
      return presentEventCheckouts(event, await listCheckouts(db, params.eventId));
    },
  });

  // Another service asking whether an event it was given exists, when its read model of the events
  // does not know it yet (an event just created, its `catalog.event.created` not yet delivered).
  // Not routed by the gateway; any signed-in person's token (the caller passes on its user's own).
  defineRoute(router, {
    method: 'get',
    path: '/internal/events/:eventId',
    summary: 'Savoir si un événement existe (entre services)',
    responses: { 200: RegisterEventAnswer },
    errors: { 404: ['EVENT_NOT_FOUND'] },
    roles: ROLES,
    params: EventIdParams,
    handler: async ({ params }): Promise<RegisterEvent> => {
      const event = await findEvent(db, params.eventId);
      if (!event) throw missing('EVENT_NOT_FOUND');
      return { id: event.id, name: event.name, startsOn: event.starts_on };
    },
  });

  return router;
}
