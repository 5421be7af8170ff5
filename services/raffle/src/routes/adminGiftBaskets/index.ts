/**
 * Gift-basket administration (SPEC §7): tiers (`/api/admin/gift-basket[/{id}]`), the baskets to
 * win (« types », `/api/admin/gift-basket/{id}/prizes`, `/api/admin/gift-basket/types/{id}`),
 * the weighing and its winners (`/api/admin/gift-basket/{id}/weigh/result`).
 */
import { notFound, requireRole, Router, validateBody, validateParams } from '@kermesse/kit';
import { createGiftBasket, updateGiftBasketSettings } from '../../commands/configure.ts';
import { addBasketType, editBasketType, removeBasketType, weighBasket } from '../../commands/giftBaskets.ts';
import { presentBasketType, presentBasketWinner, presentGiftBasket } from '../../presenters/giftBaskets.ts';
import { presentTiers } from '../../presenters/raffles.ts';
import { closestBet } from '../../rules/basketWinners.ts';
import { parseTiers } from '../../rules/tierRules.ts';
import {
  basketSalesFigures, findGiftBasket, listBasketTiers, listBasketTypes, listGiftBaskets, listSoldBets,
} from '../../repositories/giftBaskets.ts';
import type { RouteDeps } from '../deps.ts';
import { idParams, INT_ID, tierBody, type TierBody } from '../schemas.ts';

const typeBody = {
  type: 'object',
  properties: {
    name: { type: ['string', 'null'], maxLength: 500 },
    price: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }, { type: 'null' }] },
    id: { type: ['integer', 'null'] },
    realWeight: { type: ['integer', 'null'] },
    weighedAt: { type: ['string', 'null'] },
  },
  additionalProperties: false,
} as const;

const weighBody = {
  type: 'object',
  required: ['typeId', 'weight'],
  properties: {
    typeId: INT_ID,
    weight: { type: 'integer', minimum: 1, maximum: 10000000 },
  },
  additionalProperties: false,
} as const;

export function adminGiftBasketRoutes({ db, wake }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/admin/gift-basket' });
  router.use(requireRole('admin'));

  async function basketOr404(id: number) {
    const basket = await findGiftBasket(db, id);
    if (!basket) throw notFound('Panier garni introuvable.');
    return basket;
  }

  router.get('/', async (ctx) => {
    const baskets = await listGiftBaskets(db);
    ctx.body = await Promise.all(baskets.map(async (b) => presentGiftBasket(b, { types: await listBasketTypes(db, b.id), ...(await basketSalesFigures(db, b.id)) })));
  });

  router.post('/', validateBody(tierBody), async (ctx) => {
    const body = ctx.state.body as TierBody;
    const id = await createGiftBasket(db, { tiers: parseTiers(body.price), eventId: body.eventId, name: body.name });
    wake();
    ctx.status = 201;
    ctx.body = { success: true, id, price: presentTiers(await listBasketTiers(db, id)) };
  });

  // SPEC: the tier editor loads `GET /api/admin/gift-basket/{id}` → the tiers {nb, p}.
  router.get('/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await basketOr404(id);
    ctx.body = presentTiers(await listBasketTiers(db, id));
  });

  router.put('/:id', validateParams(idParams), validateBody(tierBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const body = ctx.state.body as TierBody;
    await updateGiftBasketSettings(db, id, { tiers: parseTiers(body.price), name: body.name });
    wake();
    ctx.body = { success: true, id, price: presentTiers(await listBasketTiers(db, id)) };
  });

  // Dashboard of one basket: name, event, types, sales.
  router.get('/:id/summary', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const basket = await basketOr404(id);
    const [types, tiers, figures] = await Promise.all([listBasketTypes(db, id), listBasketTiers(db, id), basketSalesFigures(db, id)]);
    ctx.body = { ...presentGiftBasket(basket, { types, ...figures }), price: presentTiers(tiers) };
  });

  router.get('/:id/prizes', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await basketOr404(id);
    ctx.body = (await listBasketTypes(db, id)).map(presentBasketType);
  });

  router.post('/:id/prizes', validateParams(idParams), validateBody(typeBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const row = await addBasketType(db, id, ctx.state.body as { name?: unknown; price?: unknown });
    wake();
    ctx.status = 201;
    ctx.body = presentBasketType(row);
  });

  router.put('/types/:id', validateParams(idParams), validateBody(typeBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const row = await editBasketType(db, id, ctx.state.body as { name?: unknown; price?: unknown });
    wake();
    ctx.body = presentBasketType(row);
  });

  router.delete('/types/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await removeBasketType(db, id);
    wake();
    ctx.body = { success: true };
  });

  // Enter (or correct) the real weight of one basket, in grams.
  router.post('/:id/weigh', validateParams(idParams), validateBody(weighBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const { typeId, weight } = ctx.state.body as { typeId: number; weight: number };
    ctx.body = presentBasketType(await weighBasket(db, id, typeId, weight));
  });

  // SPEC: → success, data: one basket winner per weighed basket (closest bet; tie: the bet sold first).
  router.get('/:id/weigh/result', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await basketOr404(id);
    const [types, bets] = await Promise.all([listBasketTypes(db, id), listSoldBets(db, id)]);
    ctx.body = {
      success: true,
      data: types.filter((t) => t.real_weight !== null).map((type) => presentBasketWinner(
        type,
        closestBet(type.real_weight!, bets.filter((b) => b.type_id === type.id).map((b) => ({ ...b, typeId: b.type_id, soldAt: b.sold_at }))),
      )),
    };
  });

  return router;
}
