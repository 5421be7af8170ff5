/**
 * The drawing (docs/spec.md §7): closing the sales publishes the commitment, the drawing runs once
 * (admin, `/api/admin/raffle/{id}/close|drawing`); the results and the proof anyone can recompute
 * are public (`/api/public/raffle/drawing/results`, `/api/public/raffle/{id}/drawing/proof`).
 */
import { defineRoute, Router } from '@kermesse/kit/http';
import { ALGORITHM, IdParams, ResultsQuery, type DrawingProof, DrawingAnswer, DrawingProofAnswer } from '@kermesse/contracts-raffle';
import { closeSales } from '../../commands/closeSales.ts';
import { runDrawing } from '../../commands/runDrawing.ts';
import { raffleError } from '../../errors.ts';
import { NOT_DRAWN_YET, presentDrawingState, presentResults } from '../../presenters/drawing.ts';
import { latestDrawnRaffleId, listWinners } from '../../repositories/drawings.ts';
import { findFeatured } from '../../repositories/featured.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { findDrawingRow, findRaffle } from '../../repositories/raffles.ts';
import type { RouteDeps } from '../deps.ts';

const ADMIN = ['admin'] as const;

export function drawingRoutes({ db }: RouteDeps): Router {
  const router = new Router();

  async function drawingAnswer(id: number) {
    const raffle = await findDrawingRow(db, id);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    const data = raffle.drawn_at
      ? presentResults(raffle.drawn_prizes ?? [], await listPrizes(db, id), await listWinners(db, id), 'admin')
      : [];
    return { success: true, data, drawing: presentDrawingState(raffle), ...(raffle.drawn_at ? {} : { message: NOT_DRAWN_YET }) };
  }

  // The spec: GET /api/admin/raffle/{id}/drawing → success, data (empty before the drawing).
  defineRoute(router, {
    method: 'get',
    path: '/api/admin/raffle/:id/drawing',
    summary: "Lire le tirage d'une tombola",
    responses: { 200: DrawingAnswer },
    roles: ADMIN,
    params: IdParams,
    handler: ({ params: { id } }) => drawingAnswer(id),
  });

  // Closes the sales and publishes the commitment.
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/raffle/:id/close',
    summary: "Clore les ventes d'une tombola",
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 200: DrawingAnswer },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      await closeSales(db, id);
      return drawingAnswer(id);
    },
  });

  // Runs the drawing, once.
  defineRoute(router, {
    method: 'post',
    path: '/api/admin/raffle/:id/drawing',
    summary: "Tirer au sort les gagnants d'une tombola",
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 201: DrawingAnswer },
    roles: ADMIN,
    params: IdParams,
    status: 201,
    handler: async ({ params: { id } }) => {
      await runDrawing(db, id);
      return drawingAnswer(id);
    },
  });

  // The spec: GET /api/public/raffle/drawing/results → {success, data}. Unless `raffleId` is given: the
  // chosen raffle once drawn; before its drawing, the latest drawing if there is one (visitors keep
  // seeing last results while the next raffle is on sale), else the chosen raffle (« pas encore »).
  defineRoute(router, {
    method: 'get',
    path: '/api/public/raffle/drawing/results',
    summary: 'Lire les résultats publics du tirage',
    responses: { 200: DrawingAnswer },
    query: ResultsQuery,
    handler: async ({ ctx, query: { raffleId } }) => {
      ctx.set('Cache-Control', 'no-cache');
      const featuredId = (await findFeatured(db))?.raffle_id ?? undefined;
      const featuredDrawn = featuredId !== undefined && Boolean((await findRaffle(db, featuredId))?.drawn_at);
      const id = raffleId ?? (featuredDrawn ? featuredId : ((await latestDrawnRaffleId(db)) ?? featuredId));
      const raffle = id === undefined ? undefined : await findDrawingRow(db, id);
      if (!raffle?.drawn_at) {
        return {
          success: true,
          data: [],
          message: NOT_DRAWN_YET,
          raffle: raffle ? { id: raffle.id, name: raffle.name, drawnAt: null } : null,
        };
      }
      return {
        success: true,
        data: presentResults(raffle.drawn_prizes ?? [], await listPrizes(db, raffle.id), await listWinners(db, raffle.id), 'public'),
        raffle: { id: raffle.id, name: raffle.name, eventName: raffle.event_name, drawnAt: raffle.drawn_at.toISOString() },
        drawing: presentDrawingState(raffle),
      };
    },
  });

  // Everything needed to recompute a drawing (contracts/raffle drawing.ts, verify-drawing.ts).
  defineRoute(router, {
    method: 'get',
    path: '/api/public/raffle/:id/drawing/proof',
    summary: "Lire la preuve d'un tirage",
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 200: DrawingProofAnswer },
    errors: { 404: ['RAFFLE_NOT_FOUND', 'PROOF_NOT_PUBLISHED'] },
    params: IdParams,
    handler: async ({ ctx, params: { id } }) => {
      const raffle = await findDrawingRow(db, id);
      if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
      if (!raffle.sales_closed_at || !raffle.commitment || !raffle.tickets_hash) throw raffleError('PROOF_NOT_PUBLISHED');
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
      return { success: true, data: proof, drawing: presentDrawingState(raffle) };
    },
  });

  return router;
}
