/**
 * Raffles (docs/spec.md §7, admin): the list for the administration home, the events to attach one to,
 * the dashboard with the French-law panel, and the tiers (`/api/admin/raffle[/{id}]`).
 */
import { bearerToken } from '@kermesse/kit/auth';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  IdParams,
  TierBody,
  RaffleSummaries,
  EventSummaries,
  RaffleDetails,
  Tiers,
  TiersSaved,
  RaffleDeleted,
} from '@kermesse/contracts-raffle';
import { createRaffle } from '../../commands/createRaffle.ts';
import { updateRaffleSettings } from '../../commands/updateRaffleSettings.ts';
import { deleteRaffle } from '../../commands/deleteRaffle.ts';
import { raffleError } from '../../errors.ts';
import { presentLawPanel, presentRaffle, presentTiers } from '../../presenters/raffles.ts';
import { lawPanel, ticketsIssuedValueCents } from '../../rules/lawPanel.ts';
import { parseTiers } from '../../rules/tierRules.ts';
import { listEvents } from '../../repositories/events.ts';
import { listPrizes } from '../../repositories/prizes.ts';
import { findRaffle, listRaffles, listTiers, salesFigures } from '../../repositories/raffles.ts';
import type { RouteDeps } from '../deps.ts';

const ADMIN = ['admin'] as const;

export function raffleRoutes({ db, store, logger, events }: RouteDeps): Router {
  const router = new Router({ prefix: '/api/admin' });

  async function raffleOr404(id: number) {
    const raffle = await findRaffle(db, id);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    return raffle;
  }

  // The raffles of every event, for the administration home.
  defineRoute(router, {
    method: 'get',
    path: '/raffles',
    summary: 'Lister les tombolas',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: RaffleSummaries },
    roles: ADMIN,
    handler: async () => Promise.all((await listRaffles(db)).map(async (r) => presentRaffle(r, await salesFigures(db, r.id)))),
  });

  // Events known from the register (to attach a new raffle or basket).
  defineRoute(router, {
    method: 'get',
    path: '/raffles/events',
    summary: 'Lister les événements connus de la tombola',
    deprecated: 'Liste nue au lieu de { items, total }.',
    responses: { 200: EventSummaries },
    roles: ADMIN,
    handler: async () => (await listEvents(db)).map((e) => ({ id: e.id, name: e.name, startsOn: e.starts_on })),
  });

  // Dashboard: the raffle, its tiers, and the French-law panel.
  defineRoute(router, {
    method: 'get',
    path: '/raffles/:id',
    summary: "Lire le tableau de bord d'une tombola",
    responses: { 200: RaffleDetails },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      const raffle = await raffleOr404(id);
      const [figures, tiers, prizes] = await Promise.all([salesFigures(db, id), listTiers(db, id), listPrizes(db, id)]);
      const panel = lawPanel(
        prizes.map((p) => ({ name: p.name, priceCents: p.price_cents, costCents: p.cost_cents, quantity: p.quantity })),
        figures.revenueCents,
      );
      const issued = { tickets: raffle.total_tickets, valueCents: ticketsIssuedValueCents(raffle.total_tickets, tiers) };
      return { ...presentRaffle(raffle, figures, tiers), law: presentLawPanel(panel, issued) };
    },
  });

  // The spec: GET /api/admin/raffle/{id} → the list of tiers {nb, p}.
  defineRoute(router, {
    method: 'get',
    path: '/raffle/:id',
    summary: "Lire les paliers de prix d'une tombola",
    responses: { 200: Tiers },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      await raffleOr404(id);
      return presentTiers(await listTiers(db, id));
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/raffle',
    summary: 'Créer une tombola',
    responses: { 201: TiersSaved },
    roles: ADMIN,
    body: TierBody,
    status: 201,
    handler: async ({ ctx, body }) => {
      if (body.eventId !== undefined) await events.require(body.eventId, bearerToken(ctx.get('Authorization')));
      const id = await createRaffle(db, {
        tiers: parseTiers(body.price),
        eventId: body.eventId,
        name: body.name,
        totalTickets: body.tickets,
      });
      return { success: true, id, price: presentTiers(await listTiers(db, id)) };
    },
  });

  defineRoute(router, {
    method: 'put',
    path: '/raffle/:id',
    summary: 'Modifier une tombola',
    responses: { 200: TiersSaved },
    roles: ADMIN,
    params: IdParams,
    body: TierBody,
    handler: async ({ params: { id }, body }) => {
      await updateRaffleSettings(db, id, { tiers: parseTiers(body.price), name: body.name, totalTickets: body.tickets });
      return { success: true, id, price: presentTiers(await listTiers(db, id)) };
    },
  });

  // A raffle without any sale can be deleted (a mistake, a duplicate); one with sales answers 409.
  defineRoute(router, {
    method: 'delete',
    path: '/raffle/:id',
    summary: 'Supprimer une tombola sans vente',
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 200: RaffleDeleted },
    roles: ADMIN,
    params: IdParams,
    handler: async ({ params: { id } }) => {
      const { illustrations } = await deleteRaffle(db, id);
      for (const name of illustrations) {
        await store.remove(name).catch((err: unknown) => logger.warn('removing an illustration failed', { name, err: String(err) }));
      }
      return { success: true, id };
    },
  });

  return router;
}
