/**
 * `POST /api/cr/payment/reader/checkout` (docs/spec.md §4 card flow): starts a charge on a paired reader. The
 * provider's transaction id is stored before the answer leaves, so the register page can poll it, and
 * a reload (the same payment intent or the same Idempotency-Key) resumes that transaction instead of
 * charging again.
 */
import type { AuthUser } from '@kermesse/kit/auth';
import type { Db } from '@kermesse/kit/db';
import { invalid, missing } from '../errors.ts';
import type { IdempotencyHandle } from '../idempotency.ts';
import type { ReaderCheckoutAnswer } from '@kermesse/contracts-register';
import { asHttpError, type CardProvider } from '../payments/provider.ts';
import { findLiveTransactionOfPayment, insertCardTransaction, lockCardPayment } from '../repositories/cards.ts';

export interface StartCheckoutInput {
  readerId: string;
  amountCents: number;
  description: string;
  paymentId?: string;
}
type CheckoutAnswer = ReaderCheckoutAnswer;

export async function startReaderCheckout(
  deps: { db: Db; provider: CardProvider },
  input: StartCheckoutInput,
  context: { user: AuthUser; idempotency?: IdempotencyHandle },
): Promise<CheckoutAnswer> {
  const { db, provider } = deps;
  return db.transaction(async (trx) => {
    if (input.paymentId) {
      // Locks the intent: a second tab or a reload waits here, then finds the first transaction.
      const payment = await lockCardPayment(trx, input.paymentId);
      if (!payment) throw missing('CARD_PAYMENT_NOT_FOUND');
      if (payment.amount_cents !== input.amountCents) throw invalid('CARD_PAYMENT_AMOUNT');
      const previous = await findLiveTransactionOfPayment(trx, payment.id);
      if (previous) {
        const resumed: CheckoutAnswer = {
          success: true,
          data: { client_transaction_id: previous.client_transaction_id, status: previous.status, resumed: true },
        };
        await context.idempotency?.complete(trx, 201, resumed);
        return resumed;
      }
    }
    let readers;
    try {
      readers = await provider.listReaders();
    } catch (err) {
      throw asHttpError(err);
    }
    const reader = readers.find((r) => r.id === input.readerId);
    if (!reader) throw missing('READER_UNKNOWN');
    if (reader.status !== 'paired') throw invalid('READER_NOT_PAIRED');
    let started;
    try {
      started = await provider.startCheckout({ readerId: reader.id, amountCents: input.amountCents, description: input.description });
    } catch (err) {
      throw asHttpError(err);
    }
    await insertCardTransaction(trx, {
      paymentId: input.paymentId ?? null,
      provider: provider.name,
      readerId: reader.id,
      clientTransactionId: started.clientTransactionId,
      amountCents: input.amountCents,
      description: input.description,
      createdBy: context.user.id,
    });
    const answer: CheckoutAnswer = {
      success: true,
      data: { client_transaction_id: started.clientTransactionId, status: 'PENDING', resumed: false },
    };
    await context.idempotency?.complete(trx, 201, answer);
    return answer;
  });
}
