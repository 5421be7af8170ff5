/** docs/spec.md §7 card reader (cashier role): readers, payment intent, reader checkout, transaction status. */
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import {
  CardIntentInput,
  ReaderCheckoutInput,
  ReaderIdParams,
  ReaderSimulationInput,
  TransactionParams,
  RegisterCardReaders,
  CardPaymentStarted,
  ReaderCheckoutAnswer,
  CardTransactionStatusAnswer,
  SuccessAnswer,
} from '@kermesse/contracts-register';
import { parseEuros } from '@kermesse/contracts-common';
import type { Context } from 'koa';
import { createCardPayment } from '../../commands/createCardPayment.ts';
import { readTransactionStatus } from '../../commands/readTransactionStatus.ts';
import { startReaderCheckout } from '../../commands/startReaderCheckout.ts';
import { denied, invalid, missing } from '../../errors.ts';
import { idempotent, type IdempotencyHandle } from '../../idempotency.ts';
import { asHttpError, type CardProvider } from '../../payments/provider.ts';
import { setSimulatedOutcome } from '../../repositories/cards.ts';

const CASHIER = ['cashier'] as const;
const ADMIN = ['admin'] as const;

function cents(value: number): number {
  const result = parseEuros(value);
  if (result === null || result <= 0) throw invalid('CARD_AMOUNT_INVALID');
  return result;
}

export function cardRoutes({ db, provider }: { db: Db; provider: CardProvider }): Router {
  const router = new Router();
  const checkoutIdempotency = idempotent(db, {
    scope: 'card.checkout',
    busyMessage: 'Un paiement CB est déjà en cours de lancement. Patientez un instant.',
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/payment/reader',
    summary: 'Lister les lecteurs de carte de la caisse',
    responses: { 200: RegisterCardReaders },
    roles: CASHIER,
    handler: async ({ ctx }) => {
      let items;
      try {
        items = await provider.listReaders();
      } catch (err) {
        throw asHttpError(err);
      }
      ctx.set('Cache-Control', 'no-store');
      return { success: true, data: { items } };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/payment/reader',
    summary: 'Appairer un lecteur de carte',
    responses: { 201: CardPaymentStarted },
    roles: CASHIER,
    body: CardIntentInput,
    status: 201,
    handler: async ({ body, user }) => createCardPayment(db, cents(body.amount), user),
  });

  defineRoute(router, {
    method: 'post',
    path: '/api/cr/payment/reader/checkout',
    summary: 'Lancer un paiement par carte',
    responses: { 201: ReaderCheckoutAnswer },
    status: 201,
    roles: CASHIER,
    body: ReaderCheckoutInput,
    handler: async ({ ctx, body, user }) => {
      await checkoutIdempotency(ctx, async () => {
        ctx.status = 201;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await startReaderCheckout(
          { db, provider },
          {
            readerId: body.rdr,
            amountCents: cents(body.amount),
            description: (body.description ?? '').trim() || 'Kermesse',
            paymentId: body.paymentId ?? undefined,
          },
          { user, idempotency: (ctx as Context).state.idempotency as IdempotencyHandle | undefined },
        );
      });
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/payment/transaction/:id/status',
    summary: "Lire le statut d'une transaction par carte",
    responses: { 200: CardTransactionStatusAnswer },
    errors: { 404: ['TRANSACTION_NOT_FOUND'] },
    roles: CASHIER,
    params: TransactionParams,
    handler: async ({ ctx, params }) => {
      ctx.set('Cache-Control', 'no-store');
      return readTransactionStatus({ db, provider }, params.id);
    },
  });

  // The simulator's control: which outcome a reader gives (demo and tests; admin only).
  defineRoute(router, {
    method: 'put',
    path: '/api/cr/payment/reader/:id/simulation',
    summary: "Choisir la réponse d'un lecteur simulé",
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: ReaderIdParams,
    body: ReaderSimulationInput,
    handler: async ({ params, body }) => {
      if (provider.name !== 'simulator') throw denied('SIMULATOR_INACTIVE');
      if (!(await setSimulatedOutcome(db, params.id, body.outcome, body.settleMs))) throw missing('READER_NOT_FOUND');
      return { success: true };
    },
  });

  return router;
}
