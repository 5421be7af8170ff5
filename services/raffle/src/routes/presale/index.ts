/**
 * The pre-sale page's data (public, /tombola/prevente): the raffle on sale, its prizes (with
 * illustrations) and ticket prices. The chosen raffle while its sales are open, else (nothing
 * chosen) the latest raffle on sale.
 */
import { defineRoute, Router } from '@kermesse/kit/http';
import { toEuros } from '@kermesse/contracts-common';
import { PresaleAnswer } from '@kermesse/contracts-raffle';
import { illustrationUrl } from '../../presenters/prizes.ts';
import { presentTiers } from '../../presenters/raffles.ts';
import { findFeatured } from '../../repositories/featured.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { findOpenRaffle, findRaffle, listTiers, salesFigures } from '../../repositories/raffles.ts';
import type { RouteDeps } from '../deps.ts';

export function presaleRoutes({ db }: RouteDeps): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/public/raffle/presale',
    summary: 'Lire la prévente de tombola',
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 200: PresaleAnswer },
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-cache');
      const featuredId = (await findFeatured(db))?.raffle_id ?? null;
      const chosen = featuredId === null ? undefined : await findRaffle(db, featuredId);
      const raffle =
        featuredId === null ? await findOpenRaffle(db) : chosen && !chosen.sales_closed_at && chosen.event_id !== null ? chosen : undefined;
      if (!raffle) return { success: true, data: null };
      const [tiers, prizes, figures] = await Promise.all([
        listTiers(db, raffle.id),
        listPrizes(db, raffle.id),
        salesFigures(db, raffle.id),
      ]);
      return {
        success: true,
        data: {
          id: raffle.id,
          name: raffle.name,
          eventName: raffle.event_name,
          eventDate: raffle.event_starts_on,
          tickets: raffle.total_tickets,
          remaining: Math.max(0, raffle.total_tickets - figures.sold - figures.held),
          price: presentTiers(tiers),
          prizes: prizes
            .filter((p) => p.quantity > 0)
            .map((p) => ({
              id: p.id,
              name: p.name,
              rank: p.rank,
              quantity: p.quantity,
              price: toEuros(p.price_cents),
              alcohol: p.alcohol,
              image: illustrationUrl(p.illustration),
            })),
        },
      };
    },
  });

  return router;
}
