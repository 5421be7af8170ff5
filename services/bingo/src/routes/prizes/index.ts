import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { NewPrizeInput, PrizeInput, PrizeParams, PrizesQuery, Prizes, Prize, SuccessAnswer } from '@kermesse/contracts-bingo';
import { bingoNotFound } from '../../errors.ts';
import { prizeOf, prizeWrite } from '../../commands/nights.ts';
import { findNight } from '../../repositories/nights.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { addBingoPrize, changeBingoPrize, removeBingoPrize } from '../../commands/configured.ts';
import { presentPrize } from '../../presenters/index.ts';

const ADMIN = ['admin'] as const;

/** docs/spec.md §7 « Bingo prizes »: `/admin/bingo/prize/api/…` (admin). */
export function prizeRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/admin/bingo/prize/api' });

  defineRoute(router, {
    method: 'get',
    path: '/prizes',
    summary: "Lister les lots d'un loto",
    responses: { 200: Prizes },
    roles: ADMIN,
    query: PrizesQuery,
    handler: async ({ query }) => {
      if (!(await findNight(db, query.bingoId))) throw bingoNotFound();
      return (await listPrizes(db, query.bingoId)).map(presentPrize);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/prize',
    summary: 'Ajouter un lot de loto',
    responses: { 201: Prize },
    roles: ADMIN,
    body: NewPrizeInput,
    status: 201,
    handler: async ({ body }) => {
      const values = prizeWrite(body);
      if (!(await findNight(db, body.bingoId))) throw bingoNotFound();
      return presentPrize(await addBingoPrize(db, { ...values, bingo_id: body.bingoId }));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/prize/:id',
    summary: 'Lire un lot de loto',
    responses: { 200: Prize },
    roles: ADMIN,
    params: PrizeParams,
    handler: async ({ params }) => presentPrize(await prizeOf(db, params.id)),
  });

  defineRoute(router, {
    method: 'put',
    path: '/prize/:id',
    summary: 'Modifier un lot de loto',
    responses: { 200: Prize },
    roles: ADMIN,
    params: PrizeParams,
    body: PrizeInput,
    handler: async ({ params, body }) => {
      return presentPrize(await changeBingoPrize(db, params.id, prizeWrite(body)));
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/prize/:id',
    summary: 'Supprimer un lot de loto',
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: PrizeParams,
    handler: async ({ params }) => {
      await removeBingoPrize(db, params.id);
      return { success: true };
    },
  });

  return router;
}
