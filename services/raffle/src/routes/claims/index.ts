/**
 * The internal ticket-claim API the register calls synchronously while creating a sale
 * (docs/platform.md « Ticket claims »). Not routed by the gateway; the register sends the
 * cashier's bearer token. Numbers already taken answer 409 `TICKET_TAKEN` (`BET_TAKEN` when only
 * weights are) with `details: { numbers, weights, tickets, bets }`.
 */
import { defineRoute, Router } from '@kermesse/kit/http';
import { ClaimAnswer, ClaimBody, ClaimParams, ConfirmBody } from '@kermesse/contracts-raffle';
import { claimTicketsAndBets } from '../../commands/claimTicketsAndBets.ts';
import { confirmClaim } from '../../commands/confirmClaim.ts';
import { releaseClaim } from '../../commands/releaseClaim.ts';
import type { RouteDeps } from '../deps.ts';

const CASHIER = ['cashier'] as const;

export function claimRoutes({ db, claimTtlMs }: RouteDeps): Router {
  const router = new Router({ prefix: '/internal/claims' });

  defineRoute(router, {
    method: 'post',
    path: '/',
    summary: 'Réserver des tickets pour une vente',
    responses: { 201: ClaimAnswer },
    errors: {
      400: ['CLAIM_EMPTY', 'CLAIM_DUPLICATE', 'TICKET_UNKNOWN', 'BET_TYPE_MISMATCH'],
      404: ['RAFFLE_NOT_FOUND', 'GIFT_BASKET_NOT_FOUND'],
      409: ['TICKET_TAKEN', 'BET_TAKEN', 'CLAIM_MISMATCH', 'SALES_CLOSED', 'BETS_CLOSED'],
    },
    roles: CASHIER,
    body: ClaimBody,
    status: 201,
    handler: ({ body }) => claimTicketsAndBets(db, { ...body, tickets: body.tickets ?? [], bets: body.bets ?? [] }, claimTtlMs),
  });

  // The register's sale is committed: the claim is kept for good (sale.completed confirms it too, later).
  defineRoute(router, {
    method: 'post',
    path: '/:claimId/confirm',
    summary: 'Confirmer les tickets réservés',
    description: 'Répond 204 sans contenu.',
    status: 204,
    responses: {},
    errors: { 404: ['CLAIM_NOT_FOUND'], 409: ['CLAIM_EXPIRED'] },
    roles: CASHIER,
    params: ClaimParams,
    body: ConfirmBody,
    handler: async ({ ctx, params, body }) => {
      await confirmClaim(db, params.claimId, body.saleId);
      ctx.status = 204;
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/:claimId',
    summary: 'Libérer les tickets réservés',
    description: 'Répond 204 sans contenu.',
    status: 204,
    responses: {},
    errors: { 409: ['CLAIM_CONFIRMED'] },
    roles: CASHIER,
    params: ClaimParams,
    handler: async ({ ctx, params }) => {
      await releaseClaim(db, params.claimId);
      ctx.status = 204;
    },
  });

  return router;
}
