import { type Role } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { compileValidator, defineRoute, Router } from '@kermesse/kit/http';
import {
  BallInput,
  BingoParams,
  CheckInput,
  NextPartieInput,
  PauseInput,
  TieBreakInput,
  Board,
  CheckResult,
  TieBreak,
} from '@kermesse/contracts-bingo';
import { bingoNotFound, notACaller } from '../../errors.ts';
import { callBall, checkWin, drawTieBreak, nextPartie, pauseGame, readBoard, undoBall } from '../../commands/game.ts';
import { findNight } from '../../repositories/nights.ts';
import { withMessageOnError } from '../messageBody.ts';
import type { BoardHub } from '../../boardHub.ts';

/**
 * The caller's console: admins (`/admin-bingo/api/bingo/{id}/caller/…`) and the volunteers the
 * night names as callers (`/api/volunteer/bingo/{id}/caller/…`).
 */
export function callerRoutes({ db, hub, prefix, roles }: { db: Db; hub: BoardHub; prefix: string; roles: readonly Role[] }): Router {
  const router = withMessageOnError(new Router({ prefix }));
  // The night's id checked as the routes check it (1 to 2 147 483 647), before the database reads it.
  const nightParams = compileValidator(BingoParams, 'paramètre');

  // A volunteer calls only the nights that name them.
  router.use('/:id/caller', async (ctx, next) => {
    const user = ctx.state.user;
    if (user && !user.roles.includes('admin') && roles.includes('volunteer') && user.roles.includes('volunteer')) {
      const night = await findNight(db, nightParams({ ...ctx.params }).id);
      if (!night) throw bingoNotFound();
      if (!night.caller_emails.includes(user.email.toLowerCase())) throw notACaller();
    }
    await next();
  });

  defineRoute(router, {
    method: 'get',
    path: '/:id/caller/board',
    summary: "Lire le tableau de l'animateur",
    responses: { 200: Board },
    roles,
    params: BingoParams,
    handler: ({ params }) => readBoard(db, params.id),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:id/caller/balls',
    summary: 'Annoncer une boule',
    responses: { 201: Board },
    roles,
    params: BingoParams,
    body: BallInput,
    status: 201,
    handler: ({ params, body }) => callBall(db, hub, params.id, body),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:id/caller/undo',
    summary: 'Annuler la dernière boule',
    responses: { 200: Board },
    roles,
    params: BingoParams,
    handler: ({ params }) => undoBall(db, hub, params.id),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:id/caller/pause',
    summary: 'Mettre la partie en pause ou la reprendre',
    responses: { 200: Board },
    roles,
    params: BingoParams,
    body: PauseInput,
    handler: ({ params, body }) => pauseGame(db, hub, params.id, body.paused),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:id/caller/next-partie',
    summary: 'Passer à la partie suivante',
    responses: { 200: Board },
    roles,
    params: BingoParams,
    body: NextPartieInput,
    handler: ({ params, body }) => nextPartie(db, hub, params.id, body.keepBalls ?? false),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:id/caller/check',
    summary: 'Vérifier un carton gagnant',
    responses: { 200: CheckResult },
    roles,
    params: BingoParams,
    body: CheckInput,
    handler: ({ params, body }) => checkWin(db, params.id, body.carton),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:id/caller/tie-break',
    summary: 'Départager des gagnants ex æquo',
    responses: { 200: TieBreak },
    roles,
    params: BingoParams,
    body: TieBreakInput,
    handler: ({ params, body }) => drawTieBreak(db, params.id, body.cartons),
  });
  return router;
}
