/**
 * Raffle administration (SPEC §7): tiers (`/api/admin/raffle`), prizes per raffle
 * (`/api/admin/raffles/{id}/prizes`), the raffle list and dashboard, closing the sales and the
 * drawing (`/api/admin/raffle/{id}/drawing`).
 */
import { notFound, requireRole, Router, validateBody, validateParams } from '@kermesse/kit';
import { createRaffle, updateRaffleSettings } from '../../commands/configure.ts';
import { deleteRaffle } from '../../commands/deleteRaffle.ts';
import { chooseFeatured, type FeaturedInput } from '../../commands/featured.ts';
import { presentFeatured } from '../../presenters/featured.ts';
import { findFeatured } from '../../repositories/featured.ts';
import { closeSales, runDrawing } from '../../commands/drawing.ts';
import { addPrize } from '../../commands/prizes.ts';
import { NOT_DRAWN_YET, presentDrawingState, presentResults } from '../../presenters/drawing.ts';
import { presentPrize } from '../../presenters/prizes.ts';
import { presentLawPanel, presentRaffle, presentTiers } from '../../presenters/raffles.ts';
import { lawPanel } from '../../rules/lawPanel.ts';
import { parseTiers } from '../../rules/tierRules.ts';
import { listWinners } from '../../repositories/drawings.ts';
import { listEvents } from '../../repositories/events.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { findDrawingRow, findRaffle, listRaffles, listTiers, salesFigures } from '../../repositories/raffles.ts';
import type { RouteDeps } from '../deps.ts';
import { idParams, INT_ID, tierBody, type TierBody } from '../schemas.ts';
import { prizeBody } from '../adminPrizes/schema.ts';
import type { PrizeInput } from '../../rules/prizeRules.ts';

const featuredBody = {
  type: 'object',
  required: ['raffleId', 'bannerShown', 'bannerTitle', 'bannerText'],
  properties: {
    raffleId: { anyOf: [INT_ID, { type: 'null' }], title: 'raffleId' },
    bannerShown: { type: 'boolean' },
    bannerTitle: { type: 'string', maxLength: 150, title: 'titre de la bannière' },
    bannerText: { type: 'string', maxLength: 1000, title: 'texte de la bannière' },
  },
  additionalProperties: false,
} as const;

export function adminRaffleRoutes({ db, wake, store, logger }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireRole('admin'));

  async function raffleOr404(id: number) {
    const raffle = await findRaffle(db, id);
    if (!raffle) throw notFound('Tombola introuvable.');
    return raffle;
  }

  // The raffles of every event, for the administration home.
  router.get('/raffles', async (ctx) => {
    const raffles = await listRaffles(db);
    ctx.body = await Promise.all(raffles.map(async (r) => presentRaffle(r, await salesFigures(db, r.id))));
  });

  // Events known from the register (to attach a new raffle or basket).
  router.get('/raffles/events', async (ctx) => {
    ctx.body = (await listEvents(db)).map((e) => ({ id: e.id, name: e.name, startsOn: e.starts_on }));
  });

  // Which raffle the pre-sale page, the home banner and the public results show, and the banner's words.
  router.get('/raffles/featured', async (ctx) => {
    ctx.body = await presentFeatured(db, await findFeatured(db));
  });

  router.put('/raffles/featured', validateBody(featuredBody), async (ctx) => {
    ctx.body = await presentFeatured(db, await chooseFeatured(db, ctx.state.body as FeaturedInput));
  });

  // Dashboard: the raffle, its tiers, and the French-law panel.
  router.get('/raffles/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const raffle = await raffleOr404(id);
    const [figures, tiers, prizes] = await Promise.all([salesFigures(db, id), listTiers(db, id), listPrizes(db, id)]);
    const panel = lawPanel(prizes.map((p) => ({ name: p.name, priceCents: p.price_cents, costCents: p.cost_cents, quantity: p.quantity })), figures.revenueCents);
    ctx.body = { ...presentRaffle(raffle, figures, tiers), law: presentLawPanel(panel) };
  });

  router.get('/raffles/:id/prizes', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await raffleOr404(id);
    ctx.body = (await listPrizes(db, id)).map(presentPrize);
  });

  router.post('/raffles/:id/prizes', validateParams(idParams), validateBody(prizeBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const prize = await addPrize(db, id, ctx.state.body as PrizeInput);
    wake();
    ctx.status = 201;
    ctx.body = presentPrize(prize);
  });

  // SPEC: GET /api/admin/raffle/{id} → the list of tiers {nb, p}.
  router.get('/raffle/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await raffleOr404(id);
    ctx.body = presentTiers(await listTiers(db, id));
  });

  router.post('/raffle', validateBody(tierBody), async (ctx) => {
    const body = ctx.state.body as TierBody;
    const id = await createRaffle(db, { tiers: parseTiers(body.price), eventId: body.eventId, name: body.name, totalTickets: body.tickets });
    wake();
    ctx.status = 201;
    ctx.body = { success: true, id, price: presentTiers(await listTiers(db, id)) };
  });

  router.put('/raffle/:id', validateParams(idParams), validateBody(tierBody), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const body = ctx.state.body as TierBody;
    await updateRaffleSettings(db, id, { tiers: parseTiers(body.price), name: body.name, totalTickets: body.tickets });
    wake();
    ctx.body = { success: true, id, price: presentTiers(await listTiers(db, id)) };
  });

  // A raffle without any sale can be deleted (a mistake, a duplicate); one with sales answers 409.
  router.delete('/raffle/:id', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    const { illustrations } = await deleteRaffle(db, id);
    wake();
    for (const name of illustrations) {
      await store.remove(name).catch((err: unknown) => logger.warn('removing an illustration failed', { name, err: String(err) }));
    }
    ctx.body = { success: true, id };
  });

  async function drawingAnswer(id: number) {
    const raffle = await findDrawingRow(db, id);
    if (!raffle) throw notFound('Tombola introuvable.');
    const data = raffle.drawn_at
      ? presentResults(raffle.drawn_prizes ?? [], await listPrizes(db, id), await listWinners(db, id), 'admin')
      : [];
    return { success: true, data, drawing: presentDrawingState(raffle), ...(raffle.drawn_at ? {} : { message: NOT_DRAWN_YET }) };
  }

  // SPEC: GET /api/admin/raffle/{id}/drawing → success, data (empty before the drawing).
  router.get('/raffle/:id/drawing', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    ctx.body = await drawingAnswer(id);
  });

  // Closes the sales and publishes the commitment.
  router.post('/raffle/:id/close', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await closeSales(db, id);
    wake();
    ctx.body = await drawingAnswer(id);
  });

  // Runs the drawing, once.
  router.post('/raffle/:id/drawing', validateParams(idParams), async (ctx) => {
    const { id } = ctx.state.params as { id: number };
    await runDrawing(db, id);
    wake();
    ctx.status = 201;
    ctx.body = await drawingAnswer(id);
  });

  return router;
}
