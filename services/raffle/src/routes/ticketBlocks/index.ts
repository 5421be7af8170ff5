/**
 * Ticket blocks for offline sales, cashier role:
 * - `GET /api/cr/raffle/{id}/blocks?checkoutId=` → the register's block and the numbers reserved elsewhere;
 * - `POST /api/cr/raffle/{id}/blocks` `{ checkoutId, size }` → tops the block up to `size` free numbers;
 * - `POST /api/cr/raffle/{id}/blocks/return` `{ checkoutId, numbers? }` → gives numbers back.
 */
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { BlockParams, BlockQuery, GiveBackBody, TopUpBody, BlockAnswer } from '@kermesse/contracts-raffle';
import { giveBackTicketBlock } from '../../commands/giveBackTicketBlock.ts';
import { topUpTicketBlock } from '../../commands/topUpTicketBlock.ts';
import { raffleError } from '../../errors.ts';
import { raffleExists } from '../../repositories/raffles.ts';
import { readTicketBlock } from '../../repositories/ticketBlocks.ts';

const CASHIER = ['cashier'] as const;

export function ticketBlockRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/cr/raffle' });

  defineRoute(router, {
    method: 'get',
    path: '/:id/blocks',
    summary: "Lister les blocs de tickets d'une caisse",
    responses: { 200: BlockAnswer },
    roles: CASHIER,
    params: BlockParams,
    query: BlockQuery,
    handler: async ({ ctx, params, query }) => {
      if (!(await raffleExists(db, params.id))) throw raffleError('RAFFLE_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      return readTicketBlock(db, params.id, query.checkoutId);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/:id/blocks',
    summary: 'Réserver un bloc de tickets pour vendre hors ligne',
    responses: { 200: BlockAnswer },
    roles: CASHIER,
    params: BlockParams,
    body: TopUpBody,
    handler: ({ params, body }) => topUpTicketBlock(db, params.id, body.checkoutId, body.size),
  });

  defineRoute(router, {
    method: 'post',
    path: '/:id/blocks/return',
    summary: "Rendre les tickets non vendus d'un bloc",
    responses: { 200: BlockAnswer },
    roles: CASHIER,
    params: BlockParams,
    body: GiveBackBody,
    handler: ({ params, body }) => giveBackTicketBlock(db, params.id, body.checkoutId, body.numbers),
  });

  return router;
}
