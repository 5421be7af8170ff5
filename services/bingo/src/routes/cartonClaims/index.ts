/**
 * The internal carton-claim API the register calls while creating a sale with loto cartons
 * (docs/platform.md « Ticket claims »): `POST /internal/cartons/claims`, `POST …/{claimId}/confirm`,
 * `DELETE …/{claimId}`. Not routed by the gateway; the register sends the cashier's bearer token.
 * A refusal answers `{ error, message, code, details }` (409 when a carton was just sold elsewhere).
 */
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { CartonClaimInput, CartonClaimParams, CartonConfirmInput, CartonClaimAnswer } from '@kermesse/contracts-bingo';
import { claimCartons, confirmCartonClaim, releaseCartonClaim } from '../../commands/cartonSales.ts';
import { withMessageOnError } from '../messageBody.ts';

const roles = ['cashier'] as const;

export function cartonClaimRoutes({ db, claimTtlMs }: { db: Db; claimTtlMs?: number }): Router {
  const router = withMessageOnError(new Router({ prefix: '/internal/cartons/claims' }));
  defineRoute(router, {
    method: 'post',
    path: '/',
    summary: 'Réserver des cartons pour une vente',
    responses: { 201: CartonClaimAnswer },
    roles,
    body: CartonClaimInput,
    status: 201,
    handler: ({ body }) => claimCartons(db, body, claimTtlMs),
  });
  defineRoute(router, {
    method: 'post',
    path: '/:claimId/confirm',
    summary: 'Confirmer les cartons réservés',
    description: 'Répond 204 sans contenu ; sans effet une seconde fois.',
    status: 204,
    responses: {},
    roles,
    params: CartonClaimParams,
    body: CartonConfirmInput,
    handler: async ({ ctx, params, body }) => {
      await confirmCartonClaim(db, params.claimId, body);
      ctx.status = 204;
    },
  });
  defineRoute(router, {
    method: 'delete',
    path: '/:claimId',
    summary: 'Libérer les cartons réservés',
    description: 'Répond 204 sans contenu ; sans effet une seconde fois.',
    status: 204,
    responses: {},
    roles,
    params: CartonClaimParams,
    handler: async ({ ctx, params }) => {
      await releaseCartonClaim(db, params.claimId);
      ctx.status = 204;
    },
  });
  return router;
}
