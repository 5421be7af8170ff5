/**
 * What the register reads while selling (docs/spec.md §7, cashier): sold raffle numbers and bet weights —
 * numbers and weights held by a claim in progress are included, since they cannot be chosen
 * either — and the bet types of a gift basket.
 */
import { defineRoute, Router } from '@kermesse/kit/http';
import { IdParams, SoldNumbers, SoldBets, OpenBasketTypes } from '@kermesse/contracts-raffle';
import { raffleError } from '../../errors.ts';
import { findGiftBasket, listBasketTypes, listTakenBets } from '../../repositories/giftBaskets.ts';
import { findRaffle, listTakenNumbers } from '../../repositories/raffles.ts';
import type { RouteDeps } from '../deps.ts';

const CASHIER = ['cashier'] as const;

export function soldTicketRoutes({ db }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/cr' });

  defineRoute(router, {
    method: 'get',
    path: '/raffle/:id/tickets/sold',
    summary: "Lister les numéros vendus d'une tombola",
    responses: { 200: SoldNumbers },
    roles: CASHIER,
    params: IdParams,
    handler: async ({ ctx, params: { id } }) => {
      if (!(await findRaffle(db, id))) throw raffleError('RAFFLE_NOT_FOUND');
      const numbers = await listTakenNumbers(db, id);
      ctx.set('Cache-Control', 'no-store');
      return numbers.map((number) => ({ number }));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/gift-basket/:id/votes/sold',
    summary: "Lister les paris vendus d'un panier garni",
    responses: { 200: SoldBets },
    roles: CASHIER,
    params: IdParams,
    handler: async ({ ctx, params: { id } }) => {
      if (!(await findGiftBasket(db, id))) throw raffleError('GIFT_BASKET_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      return (await listTakenBets(db, id)).map((b) => ({ weight: b.weight, type: { id: b.type_id, name: b.type_name } }));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/gift-basket/:id/types',
    summary: 'Lister les paniers à gagner (caisse)',
    responses: { 200: OpenBasketTypes },
    roles: CASHIER,
    params: IdParams,
    handler: async ({ ctx, params: { id } }) => {
      if (!(await findGiftBasket(db, id))) throw raffleError('GIFT_BASKET_NOT_FOUND');
      // A basket already weighed takes no more bets: the picker does not offer it.
      ctx.set('Cache-Control', 'no-store');
      return (await listBasketTypes(db, id)).filter((t) => t.real_weight === null).map((t) => ({ id: t.id, name: t.name }));
    },
  });

  return router;
}
