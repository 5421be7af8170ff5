/**
 * Gift baskets (docs/spec.md §7, admin): tiers (`/api/admin/gift-basket[/{id}]`), the baskets to win
 * (« types », `/api/admin/gift-basket/{id}/prizes`, `/api/admin/gift-basket/types/{id}`), the
 * weighing and its winners (`/api/admin/gift-basket/{id}/weigh/result`).
 */
import { bearerToken } from '@kermesse/kit/auth';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  BasketTypeBody,
  IdParams,
  TierBody,
  WeighBody,
  TiersSaved,
  Tiers,
  GiftBasketSummary,
  GiftBasketSummaries,
  BasketWinnersAnswer,
  BasketTypes,
  BasketType,
  SuccessAnswer,
} from '@kermesse/contracts-raffle';
import { createGiftBasket } from '../../commands/createGiftBasket.ts';
import { updateGiftBasketSettings } from '../../commands/updateGiftBasketSettings.ts';
import { addBasketType } from '../../commands/addBasketType.ts';
import { editBasketType } from '../../commands/editBasketType.ts';
import { removeBasketType } from '../../commands/removeBasketType.ts';
import { weighBasket } from '../../commands/weighBasket.ts';
import { raffleError } from '../../errors.ts';
import { presentBasketType, presentBasketWinner, presentGiftBasket } from '../../presenters/giftBaskets.ts';
import { presentTiers } from '../../presenters/raffles.ts';
import { closestBet } from '../../rules/basketWinners.ts';
import { parseTiers } from '../../rules/tierRules.ts';
import {
  basketSalesFigures,
  findGiftBasket,
  listBasketTiers,
  listBasketTypes,
  listGiftBaskets,
  listSoldBets,
} from '../../repositories/giftBaskets.ts';
import type { RouteDeps } from '../deps.ts';

const ADMIN = ['admin'] as const;

export function giftBasketRoutes({ db, events }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/admin/gift-basket' });

  async function basketOr404(id: number) {
    const basket = await findGiftBasket(db, id);
    if (!basket) throw raffleError('GIFT_BASKET_NOT_FOUND');
    return basket;
  }

  defineRoute(router, {
    method: 'get',
    path: '/',
    summary: 'Lister les paniers garnis',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: GiftBasketSummaries },
    roles: ADMIN,
    handler: async () =>
      Promise.all(
        (await listGiftBaskets(db)).map(async (b) =>
          presentGiftBasket(b, { types: await listBasketTypes(db, b.id), ...(await basketSalesFigures(db, b.id)) }),
        ),
      ),
  });

  defineRoute(router, {
    method: 'post',
    path: '/',
    summary: 'Créer un panier garni',
    responses: { 201: TiersSaved },
    roles: ADMIN,
    body: TierBody,
    status: 201,
    handler: async ({ ctx, body }) => {
      if (body.eventId !== undefined) await events.require(body.eventId, bearerToken(ctx.get('Authorization')));
      const id = await createGiftBasket(db, { tiers: parseTiers(body.price), eventId: body.eventId, name: body.name });
      return { success: true, id, price: presentTiers(await listBasketTiers(db, id)) };
    },
  });

  // The spec: the tier editor loads `GET /api/admin/gift-basket/{id}` → the tiers {nb, p}.
  defineRoute(router, {
    method: 'get',
    path: '/:id',
    summary: "Lire les paliers d'un panier garni",
    responses: { 200: Tiers },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      await basketOr404(id);
      return presentTiers(await listBasketTiers(db, id));
    },
  });

  defineRoute(router, {
    method: 'put',
    path: '/:id',
    summary: 'Modifier un panier garni',
    responses: { 200: TiersSaved },
    roles: ADMIN,
    params: IdParams,
    body: TierBody,
    handler: async ({ params: { id }, body }) => {
      await updateGiftBasketSettings(db, id, { tiers: parseTiers(body.price), name: body.name });
      return { success: true, id, price: presentTiers(await listBasketTiers(db, id)) };
    },
  });

  // Dashboard of one basket: name, event, types, sales.
  defineRoute(router, {
    method: 'get',
    path: '/:id/summary',
    summary: "Lire le tableau de bord d'un panier garni",
    responses: { 200: GiftBasketSummary },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      const basket = await basketOr404(id);
      const [types, tiers, figures] = await Promise.all([listBasketTypes(db, id), listBasketTiers(db, id), basketSalesFigures(db, id)]);
      return { ...presentGiftBasket(basket, { types, ...figures }), price: presentTiers(tiers) };
    },
  });

  // The baskets to win (« types ») of a gift basket.
  defineRoute(router, {
    method: 'get',
    path: '/:id/prizes',
    summary: 'Lister les paniers à gagner',
    responses: { 200: BasketTypes },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      await basketOr404(id);
      return (await listBasketTypes(db, id)).map(presentBasketType);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/:id/prizes',
    summary: 'Ajouter un panier à gagner',
    responses: { 201: BasketType },
    roles: ADMIN,
    params: IdParams,
    body: BasketTypeBody,
    status: 201,
    handler: async ({ params: { id }, body }) => presentBasketType(await addBasketType(db, id, body)),
  });

  defineRoute(router, {
    method: 'put',
    path: '/types/:id',
    summary: 'Modifier un panier à gagner',
    responses: { 200: BasketType },
    roles: ADMIN,
    params: IdParams,
    body: BasketTypeBody,
    handler: async ({ params: { id }, body }) => presentBasketType(await editBasketType(db, id, body)),
  });

  defineRoute(router, {
    method: 'delete',
    path: '/types/:id',
    summary: 'Supprimer un panier à gagner',
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      await removeBasketType(db, id);
      return { success: true };
    },
  });

  // Enter (or correct) the real weight of one basket, in grams.
  defineRoute(router, {
    method: 'post',
    path: '/:id/weigh',
    summary: "Saisir le poids réel d'un panier",
    responses: { 200: BasketType },
    roles: ADMIN,
    params: IdParams,
    body: WeighBody,
    handler: async ({ params: { id }, body }) => presentBasketType(await weighBasket(db, id, body.typeId, body.weight)),
  });

  // The spec: → success, data: one basket winner per weighed basket (closest bet; tie: the bet sold first).
  defineRoute(router, {
    method: 'get',
    path: '/:id/weigh/result',
    summary: 'Lire les gagnants des paniers pesés',
    responses: { 200: BasketWinnersAnswer },
    errors: { 404: ['GIFT_BASKET_NOT_FOUND'] },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      await basketOr404(id);
      const [types, bets] = await Promise.all([listBasketTypes(db, id), listSoldBets(db, id)]);
      return {
        success: true,
        data: types
          .filter((t) => t.real_weight !== null)
          .map((type) =>
            presentBasketWinner(
              type,
              closestBet(
                type.real_weight!,
                bets.filter((b) => b.type_id === type.id).map((b) => ({ ...b, typeId: b.type_id, soldAt: b.sold_at })),
              ),
            ),
          ),
      };
    },
  });

  return router;
}
