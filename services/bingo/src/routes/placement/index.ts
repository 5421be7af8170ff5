import { type Role } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { BingoParams, GroupReserveInput, PlanInput, ReleaseInput, ReserveInput, SeatAnswer, SeatPlan } from '@kermesse/contracts-bingo';
import { readPlan, releaseSeat, reserveSeat, reserveSeats, setPlan } from '../../commands/seats.ts';
import { withMessageOnError } from '../messageBody.ts';

/**
 * The seating plan « Placement des tables - Loto » (docs/spec.md §7): the same routes for the admin
 * (`/admin-bingo/api/bingo/{id}/…`) and the volunteers at the door (`/api/volunteer/bingo/{id}/…`).
 * Answers are never cached: two doors must see each other's changes.
 */
export function placementRoutes({ db, prefix, roles }: { db: Db; prefix: string; roles: readonly Role[] }): Router {
  const router = withMessageOnError(new Router({ prefix }));

  defineRoute(router, {
    method: 'get',
    path: '/:id/placement',
    summary: "Lire le plan de salle d'un loto",
    responses: { 200: SeatPlan },
    roles,
    params: BingoParams,
    handler: async ({ ctx, params }) => {
      ctx.set('Cache-Control', 'no-store');
      return readPlan(db, params.id);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/:id/reserve',
    summary: 'Réserver un siège',
    responses: { 200: SeatAnswer },
    roles,
    params: BingoParams,
    body: ReserveInput,
    handler: async ({ params, body, user }): Promise<SeatAnswer> => {
      await reserveSeat(db, params.id, { tableId: body.tableId, seatId: body.seatId }, body.name, user.email);
      return { success: true, message: `Siège ${body.seatId} de la table ${body.tableId} réservé pour ${body.name.trim()}.` };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/:id/reserve-group',
    summary: 'Réserver plusieurs sièges pour un groupe',
    responses: { 200: SeatAnswer },
    roles,
    params: BingoParams,
    body: GroupReserveInput,
    handler: async ({ params, body, user }): Promise<SeatAnswer> => {
      await reserveSeats(db, params.id, body, user.email);
      return { success: true, message: `${body.seats.length} sièges réservés pour ${body.name.trim()}.` };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/:id/release',
    summary: 'Libérer un siège',
    responses: { 200: SeatAnswer },
    roles,
    params: BingoParams,
    body: ReleaseInput,
    handler: async ({ params, body }): Promise<SeatAnswer> => {
      await releaseSeat(db, params.id, body.tableId, body.seatId);
      return { success: true, message: `Siège ${body.seatId} de la table ${body.tableId} libéré.` };
    },
  });

  return router;
}

/** Editing the plan (tables, seats per table, names): admin only. */
export function planEditRoutes({ db }: { db: Db }): Router {
  const router = withMessageOnError(new Router({ prefix: '/admin-bingo/api/bingo' }));
  defineRoute(router, {
    method: 'put',
    path: '/:id/plan',
    summary: 'Modifier le plan de salle',
    responses: { 200: SeatPlan },
    roles: ['admin'] as const,
    params: BingoParams,
    body: PlanInput,
    handler: ({ params, body }) => setPlan(db, params.id, body),
  });
  return router;
}
