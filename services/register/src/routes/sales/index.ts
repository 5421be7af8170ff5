import {
  bearerToken, notFound, requireRole, Router, validateBody, validateParams, type AuthUser, type Db, type Logger,
} from '@kermesse/kit';
import type { Context } from 'koa';
import { createSale } from '../../commands/createSale.ts';
import { payPendingSale, type PendingPaymentInput } from '../../commands/payPendingSale.ts';
import { requestReceipt, type ReceiptRequestInput } from '../../commands/requestReceipt.ts';
import { idempotent, type IdempotencyHandle } from '../../idempotency.ts';
import { presentPayment, presentPendingSale } from '../../presenters/sales.ts';
import type { RaffleClient } from '../../raffleClient.ts';
import type { BingoClient } from '../../bingoClient.ts';
import { renderReceipt } from '../../receipts/html.ts';
import { loadReceiptData } from '../../receipts/load.ts';
import { normalizeReference } from '../../reference.ts';
import { findEvent } from '../../repositories/events.ts';
import { countPendingSales, findSale, findSaleByReference, listPayments, listPendingSales } from '../../repositories/sales.ts';
import { createSaleSchema, type CreateSaleBody } from './schema.ts';
import { eventIdParams, pendingPaymentSchema, receiptRequestSchema, referenceParams, saleIdParams } from './params.ts';

export interface SaleRouteDeps {
  db: Db;
  logger: Logger;
  raffle?: RaffleClient;
  bingo?: BingoClient;
  /** Public address of the system (receipt links); default the request's origin behind the gateway. */
  publicUrl?: string;
  wake?: () => void;
}

export const publicOrigin = (ctx: Context, publicUrl?: string) => (publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/$/, '');

/** SPEC §7: sale creation, pending sales and their payments, printable receipts. */
export function saleRoutes(deps: SaleRouteDeps): Router {
  const { db } = deps;
  const router = new Router({ prefix: '/api/cr' });
  router.use(requireRole('cashier'));

  router.post('/sale/create',
    validateBody(createSaleSchema),
    idempotent(db, { scope: 'sale.create', busyMessage: 'Cette vente est déjà en cours de traitement. Patientez un instant.' }),
    async (ctx) => {
      const { sale } = ctx.state.body as CreateSaleBody;
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await createSale(deps, sale, {
        user: ctx.state.user as AuthUser,
        bearer: bearerToken(ctx.get('Authorization')) ?? '',
        origin: publicOrigin(ctx, deps.publicUrl),
        idempotency: ctx.state.idempotency as IdempotencyHandle | undefined,
      });
    });

  router.get('/sale/list/:eventId/pending', validateParams(eventIdParams), async (ctx) => {
    const { eventId } = ctx.state.params as { eventId: number };
    if (!(await findEvent(db, eventId))) throw notFound('Événement introuvable.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listPendingSales(db, eventId)).map(presentPendingSale);
  });

  router.get('/sale/list/:eventId/pending/total', validateParams(eventIdParams), async (ctx) => {
    const { eventId } = ctx.state.params as { eventId: number };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count: await countPendingSales(db, eventId) };
  });

  router.get('/sale/pending/:saleId/payments', validateParams(saleIdParams), async (ctx) => {
    const { saleId } = ctx.state.params as { saleId: number };
    if (!(await findSale(db, saleId))) throw notFound('Vente introuvable.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listPayments(db, saleId)).map(presentPayment);
  });

  router.post('/sale/pending/:saleId/payment',
    validateParams(saleIdParams),
    validateBody(pendingPaymentSchema),
    idempotent(db, { scope: 'sale.pending.payment', busyMessage: 'Ce paiement est déjà en cours d\'enregistrement. Patientez un instant.' }),
    async (ctx) => {
      const { saleId } = ctx.state.params as { saleId: number };
      const body = ctx.state.body as PendingPaymentInput[] | PendingPaymentInput;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await payPendingSale(deps, saleId, Array.isArray(body) ? body : [body], {
        user: ctx.state.user as AuthUser,
        idempotency: ctx.state.idempotency as IdempotencyHandle | undefined,
      });
    });

  router.get('/order/:reference/print', validateParams(referenceParams), async (ctx) => {
    const reference = normalizeReference((ctx.state.params as { reference: string }).reference);
    const sale = reference ? await findSaleByReference(db, reference) : undefined;
    if (!sale) throw notFound('Vente introuvable.');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderReceipt(await loadReceiptData(db, sale, publicOrigin(ctx, deps.publicUrl)));
  });

  // « Envoyer reçu » after the sale (order detail): the contact service sends it by SMS or e-mail.
  router.post('/order/:reference/receipt',
    validateParams(referenceParams),
    validateBody(receiptRequestSchema),
    idempotent(db, { scope: 'order.receipt', busyMessage: 'Ce reçu est déjà en cours d\'envoi. Patientez un instant.' }),
    async (ctx) => {
      const { reference } = ctx.state.params as { reference: string };
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await requestReceipt(deps, reference, ctx.state.body as ReceiptRequestInput, {
        idempotency: ctx.state.idempotency as IdempotencyHandle | undefined,
      });
      ctx.status = 202;
    });

  return router;
}
