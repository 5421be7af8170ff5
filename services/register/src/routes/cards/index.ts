import { badRequest, forbidden, notFound, requireRole, Router, validateBody, validateParams, type AuthUser, type Db } from '@kermesse/kit';
import { asHttpError, createCardPayment, readTransactionStatus, startReaderCheckout } from '../../commands/cardPayments.ts';
import { idempotent, type IdempotencyHandle } from '../../idempotency.ts';
import { toCents } from '../../money.ts';
import type { CardProvider } from '../../payments/provider.ts';

const amount = { type: 'number', exclusiveMinimum: 0, maximum: 100000 } as const;
const intentSchema = { type: 'object', required: ['amount'], properties: { amount } } as const;
const checkoutSchema = {
  type: 'object',
  required: ['rdr', 'amount'],
  properties: {
    rdr: { type: 'string', minLength: 1, maxLength: 100 },
    amount,
    description: { type: ['string', 'null'], maxLength: 200 },
    paymentId: { type: ['string', 'null'], format: 'uuid' },
  },
} as const;
const transactionParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const readerParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const simulationSchema = {
  type: 'object', required: ['outcome'],
  properties: { outcome: { type: 'string', enum: ['success', 'failure', 'pending'] }, settleMs: { type: 'integer', minimum: 0, maximum: 60000 } },
  additionalProperties: false,
} as const;

function cents(value: number): number {
  const result = toCents(value);
  if (result === undefined || result <= 0) throw badRequest('Le montant doit être un nombre d\'euros positif avec 2 décimales au plus.');
  return result;
}

/** SPEC §7 card reader: readers, payment intent, reader checkout, transaction status. */
export function cardRoutes({ db, provider }: { db: Db; provider: CardProvider }): Router {
  const router = new Router({ prefix: '/api/cr/payment' });
  router.use(requireRole('cashier'));

  router.get('/reader', async (ctx) => {
    let items;
    try {
      items = await provider.listReaders();
    } catch (err) {
      throw asHttpError(err);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, data: { items } };
  });

  router.post('/reader', validateBody(intentSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createCardPayment(db, cents((ctx.state.body as { amount: number }).amount), ctx.state.user as AuthUser);
  });

  router.post('/reader/checkout',
    validateBody(checkoutSchema),
    idempotent(db, { scope: 'card.checkout', busyMessage: 'Un paiement CB est déjà en cours de lancement. Patientez un instant.' }),
    async (ctx) => {
      const body = ctx.state.body as { rdr: string; amount: number; description?: string | null; paymentId?: string | null };
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await startReaderCheckout({ db, provider }, {
        readerId: body.rdr, amountCents: cents(body.amount), description: (body.description ?? '').trim() || 'Kermesse', paymentId: body.paymentId ?? undefined,
      }, { user: ctx.state.user as AuthUser, idempotency: ctx.state.idempotency as IdempotencyHandle | undefined });
    });

  router.get('/transaction/:id/status', validateParams(transactionParams), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readTransactionStatus({ db, provider }, (ctx.state.params as { id: string }).id);
  });

  // The simulator's control: which outcome a reader gives (demo and tests; admin only).
  router.put('/reader/:id/simulation', requireRole('admin'), validateParams(readerParams), validateBody(simulationSchema), async (ctx) => {
    if (provider.name !== 'simulator') throw forbidden('Le simulateur de paiement CB n\'est pas actif.');
    const { id } = ctx.state.params as { id: string };
    const { outcome, settleMs } = ctx.state.body as { outcome: string; settleMs?: number };
    const updated = await db('simulated_readers').where({ id }).update({ outcome, ...(settleMs === undefined ? {} : { settle_ms: settleMs }) });
    if (!updated) throw notFound('Lecteur CB inconnu.');
    ctx.body = { success: true };
  });

  return router;
}
