/**
 * docs/spec.md §7 (cashier role): sale creation, sales on hold and their payments, printable receipts and
 * « Envoyer reçu ». Contract: `@kermesse/contracts-register` sales.ts.
 */
import { bearerToken } from '@kermesse/kit/auth';
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router, type Logger } from '@kermesse/kit/http';
import {
  CreateSaleBody,
  EventIdParams,
  PendingPaymentBody,
  ReceiptRequestInput,
  SaleIdParams,
  SaleReferenceParams,
  SaleAnswer,
  PendingSales,
  PendingCount,
  PaymentViews,
  PendingPaymentAnswer,
  ReceiptRequestAnswer,
} from '@kermesse/contracts-register';
import type { Context } from 'koa';
import { createSale } from '../../commands/createSale.ts';
import { payPendingSale } from '../../commands/payPendingSale.ts';
import { requestReceipt } from '../../commands/requestReceipt.ts';
import { missing } from '../../errors.ts';
import { idempotent } from '../../idempotency.ts';
import { presentPayment, presentPendingSale } from '../../presenters/sales.ts';
import type { BingoClient, RaffleClient } from '../../claimsClient.ts';
import { renderReceipt } from '../../receipts/html.ts';
import { loadReceiptData } from '../../receipts/load.ts';
import { normalizeReference } from '../../reference.ts';
import { findEvent } from '../../repositories/events.ts';
import { countPendingSales, findSale, findSaleByReference, listPayments, listPendingSales } from '../../repositories/sales.ts';

export interface SaleRouteDeps {
  db: Db;
  logger: Logger;
  raffle?: RaffleClient;
  bingo?: BingoClient;
  /** Public address of the system (receipt links); default the request's origin behind the gateway. */
  publicUrl?: string;
  wake?: () => void;
}

const CASHIER = ['cashier'] as const;

export const publicOrigin = (ctx: Context, publicUrl?: string) => (publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/$/, '');

/** The Idempotency-Key handle the middleware left for the command (none without the header). */
const idempotencyOf = (ctx: Context) => ctx.state.idempotency;

export function saleRoutes(deps: SaleRouteDeps): Router {
  const { db } = deps;
  const router = new Router();
  const saleIdempotency = idempotent(db, {
    scope: 'sale.create',
    busyMessage: 'Cette vente est déjà en cours de traitement. Patientez un instant.',
  });
  const paymentIdempotency = idempotent(db, {
    scope: 'sale.pending.payment',
    busyMessage: "Ce paiement est déjà en cours d'enregistrement. Patientez un instant.",
  });
  const receiptIdempotency = idempotent(db, {
    scope: 'order.receipt',
    busyMessage: "Ce reçu est déjà en cours d'envoi. Patientez un instant.",
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/sale/create',
    summary: 'Enregistrer une vente',
    responses: { 201: SaleAnswer },
    status: 201,
    roles: CASHIER,
    body: CreateSaleBody,
    handler: async ({ ctx, body, user }) => {
      // The Idempotency-Key middleware around the command: a retry gets the first answer again.
      await saleIdempotency(ctx, async () => {
        ctx.status = 201;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await createSale(deps, body.sale, {
          user,
          bearer: bearerToken(ctx.get('Authorization')) ?? '',
          origin: publicOrigin(ctx, deps.publicUrl),
          idempotency: idempotencyOf(ctx),
        });
      });
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/sale/list/:eventId/pending',
    summary: "Lister les ventes en attente d'un événement",
    responses: { 200: PendingSales },
    roles: CASHIER,
    params: EventIdParams,
    handler: async ({ ctx, params }) => {
      if (!(await findEvent(db, params.eventId))) throw missing('EVENT_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      return (await listPendingSales(db, params.eventId)).map(presentPendingSale);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/sale/list/:eventId/pending/total',
    summary: 'Lire le total des ventes en attente',
    responses: { 200: PendingCount },
    roles: CASHIER,
    params: EventIdParams,
    handler: async ({ ctx, params }) => {
      ctx.set('Cache-Control', 'no-store');
      return { count: await countPendingSales(db, params.eventId) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/sale/pending/:saleId/payments',
    summary: "Lire les paiements d'une vente en attente",
    responses: { 200: PaymentViews },
    roles: CASHIER,
    params: SaleIdParams,
    handler: async ({ ctx, params }) => {
      if (!(await findSale(db, params.saleId))) throw missing('SALE_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      return (await listPayments(db, params.saleId)).map(presentPayment);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/sale/pending/:saleId/payment',
    summary: 'Payer une vente en attente',
    responses: { 200: PendingPaymentAnswer },
    roles: CASHIER,
    params: SaleIdParams,
    body: PendingPaymentBody,
    handler: async ({ ctx, params, body, user }) => {
      await paymentIdempotency(ctx, async () => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await payPendingSale(deps, params.saleId, Array.isArray(body) ? body : [body], {
          user,
          idempotency: idempotencyOf(ctx),
        });
      });
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/order/:reference/print',
    summary: "Lire une commande pour l'imprimer",
    responses: {},
    roles: CASHIER,
    params: SaleReferenceParams,
    handler: async ({ ctx, params }) => {
      const reference = normalizeReference(params.reference);
      const sale = reference ? await findSaleByReference(db, reference) : undefined;
      if (!sale) throw missing('SALE_NOT_FOUND');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      return renderReceipt(await loadReceiptData(db, sale, publicOrigin(ctx, deps.publicUrl)));
    },
  });

  // « Envoyer reçu » after the sale (order detail): the contact service sends it by SMS or e-mail.
  defineRoute(router, {
    method: 'post',
    path: '/api/cr/order/:reference/receipt',
    summary: "Envoyer le reçu d'une commande par SMS ou e-mail",
    deprecated: 'Enveloppe { success, … } au lieu de l’objet lui-même.',
    responses: { 202: ReceiptRequestAnswer },
    status: 202,
    roles: CASHIER,
    params: SaleReferenceParams,
    body: ReceiptRequestInput,
    handler: async ({ ctx, params, body }) => {
      await receiptIdempotency(ctx, async () => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await requestReceipt(deps, params.reference, body, { idempotency: idempotencyOf(ctx) });
        ctx.status = 202;
      });
      return undefined;
    },
  });

  return router;
}
