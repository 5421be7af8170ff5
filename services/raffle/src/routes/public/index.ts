/**
 * Public raffle pages' data (no sign-in): drawing results (SPEC §7), the pre-sale announcement of
 * the raffle currently on sale, and the proof of a drawing that anyone can recompute.
 */
import { notFound, Router, validateParams, validateQuery } from '@kermesse/kit';
import { ALGORITHM, type DrawingProof } from '../../drawing/derive.ts';
import { NOT_DRAWN_YET, presentDrawingState, presentResults } from '../../presenters/drawing.ts';
import { illustrationUrl } from '../../presenters/prizes.ts';
import { presentTiers } from '../../presenters/raffles.ts';
import { centsToEuros } from '../../money.ts';
import { latestDrawnRaffleId, listWinners } from '../../repositories/drawings.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { findDrawingRow, findOpenRaffle, findRaffle, listTiers, salesFigures } from '../../repositories/raffles.ts';
import { presentPublicFeatured } from '../../presenters/featured.ts';
import { findFeatured } from '../../repositories/featured.ts';
import type { RouteDeps } from '../deps.ts';
import { idParams, INT_ID } from '../schemas.ts';

const resultsQuery = {
  type: 'object',
  properties: { raffleId: INT_ID },
} as const;

export function publicRoutes({ db }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/public/raffle' });

  // The raffle the association chose to show, and the home banner announcing it (the shell reads it).
  router.get('/featured', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { success: true, data: await presentPublicFeatured(db, await findFeatured(db)) };
  });

  // SPEC: GET /api/public/raffle/drawing/results → {success, data}. Unless `raffleId` is given: the
  // chosen raffle once drawn; before its drawing, the latest drawing if there is one (visitors keep
  // seeing last results while the next raffle is on sale), else the chosen raffle (« pas encore »).
  router.get('/drawing/results', validateQuery(resultsQuery), async (ctx) => {
    const { raffleId } = ctx.state.query as { raffleId?: number };
    ctx.set('Cache-Control', 'no-cache');
    const featuredId = (await findFeatured(db))?.raffle_id ?? undefined;
    const featuredDrawn = featuredId !== undefined && Boolean((await findRaffle(db, featuredId))?.drawn_at);
    const id = raffleId ?? (featuredDrawn ? featuredId : (await latestDrawnRaffleId(db)) ?? featuredId);
    const raffle = id === undefined ? undefined : await findDrawingRow(db, id);
    if (!raffle?.drawn_at) {
      ctx.body = { success: true, data: [], message: NOT_DRAWN_YET, raffle: raffle ? { id: raffle.id, name: raffle.name, drawnAt: null } : null };
      return;
    }
    ctx.body = {
      success: true,
      data: presentResults(raffle.drawn_prizes ?? [], await listPrizes(db, raffle.id), await listWinners(db, raffle.id), 'public'),
      raffle: { id: raffle.id, name: raffle.name, eventName: raffle.event_name, drawnAt: raffle.drawn_at.toISOString() },
      drawing: presentDrawingState(raffle),
    };
  });

  // The raffle on sale, its prizes (with illustrations) and ticket prices: /tombola/prevente. The
  // chosen raffle while its sales are open, else (nothing chosen) the latest raffle on sale.
  router.get('/presale', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    const featuredId = (await findFeatured(db))?.raffle_id ?? null;
    const chosen = featuredId === null ? undefined : await findRaffle(db, featuredId);
    const raffle = featuredId === null ? await findOpenRaffle(db) : chosen && !chosen.sales_closed_at && chosen.event_id !== null ? chosen : undefined;
    if (!raffle) {
      ctx.body = { success: true, data: null };
      return;
    }
    const [tiers, prizes, figures] = await Promise.all([listTiers(db, raffle.id), listPrizes(db, raffle.id), salesFigures(db, raffle.id)]);
    ctx.body = {
      success: true,
      data: {
        id: raffle.id,
        name: raffle.name,
        eventName: raffle.event_name,
        eventDate: raffle.event_starts_on,
        tickets: raffle.total_tickets,
        remaining: Math.max(0, raffle.total_tickets - figures.sold - figures.held),
        price: presentTiers(tiers),
        prizes: prizes.filter((p) => p.quantity > 0).map((p) => ({
          id: p.id, name: p.name, rank: p.rank, quantity: p.quantity, price: centsToEuros(p.price_cents), alcohol: p.alcohol, image: illustrationUrl(p.illustration),
        })),
      },
    };
  });

  // Everything needed to recompute a drawing (see drawing/derive.ts and verify-drawing.ts).
  router.get('/:id/drawing/proof', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const raffle = await findDrawingRow(db, id);
    if (!raffle) throw notFound('Tombola introuvable.');
    if (!raffle.sales_closed_at || !raffle.commitment || !raffle.tickets_hash) {
      throw notFound("La vente des tickets de cette tombola n'est pas encore close : aucun engagement n'est publié.");
    }
    const winners = raffle.drawn_at ? await listWinners(db, id) : [];
    const proof: DrawingProof = {
      algorithm: ALGORITHM,
      raffleId: id,
      commitment: raffle.commitment,
      ticketsHash: raffle.tickets_hash,
      tickets: raffle.committed_tickets ?? [],
      seed: raffle.drawn_at ? raffle.seed_hex : null,
      prizes: raffle.drawn_prizes ?? [],
      winners: winners.map((w) => ({ prizeId: w.prize_id, number: w.number })),
    };
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { success: true, data: proof, drawing: presentDrawingState(raffle) };
  });

  return router;
}
