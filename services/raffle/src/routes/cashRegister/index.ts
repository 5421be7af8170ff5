/**
 * What the register reads while selling (SPEC §7): sold raffle numbers and bet weights — numbers
 * and weights held by a claim in progress are included, since they cannot be chosen either — and
 * the bet types of a gift basket.
 */
import { notFound, requireRole, Router, validateParams } from '@kermesse/kit';
import { findGiftBasket, listBasketTypes, listTakenBets } from '../../repositories/giftBaskets.ts';
import { findRaffle } from '../../repositories/raffles.ts';
import type { RouteDeps } from '../deps.ts';
import { idParams } from '../schemas.ts';

export function cashRegisterRoutes({ db }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/cr' });
  router.use(requireRole('cashier'));

  router.get('/raffle/:id/tickets/sold', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    if (!(await findRaffle(db, id))) throw notFound('Tombola introuvable.');
    const rows: Array<{ number: number }> = await db('tickets').where({ raffle_id: id })
      .where((q) => q.where('status', 'sold').orWhere('expires_at', '>', db.fn.now()))
      .select('number').orderBy('number');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows.map((r) => ({ number: r.number }));
  });

  router.get('/gift-basket/:id/votes/sold', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    if (!(await findGiftBasket(db, id))) throw notFound('Panier garni introuvable.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listTakenBets(db, id)).map((b) => ({ weight: b.weight, type: { id: b.type_id, name: b.type_name } }));
  });

  router.get('/gift-basket/:id/types', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    if (!(await findGiftBasket(db, id))) throw notFound('Panier garni introuvable.');
    // A basket already weighed takes no more bets: the picker does not offer it.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listBasketTypes(db, id)).filter((t) => t.real_weight === null).map((t) => ({ id: t.id, name: t.name }));
  });

  return router;
}
