/**
 * The card-reader flow of SPEC §4 on the server side. The provider's transaction id is stored in
 * `card_transactions` before the answer leaves, so the register page can poll it, and a reload (the
 * same payment intent or the same Idempotency-Key) resumes that transaction instead of charging again.
 */
import { randomUUID } from 'node:crypto';
import { HttpError, type AuthUser, type Db } from '@kermesse/kit';
import { invalid, missing } from '../errors.ts';
import type { IdempotencyHandle } from '../idempotency.ts';
import { toEuros } from '@kermesse/contracts-common';
import { CardProviderError, type CardProvider, type TransactionStatus } from '../payments/provider.ts';
import type { CardTransactionRow } from '../repositories/cards.ts';

/** Provider failures become French answers with their status (never a 500). */
export function asHttpError(err: unknown): unknown {
  return err instanceof CardProviderError ? new HttpError(err.status, err.message) : err;
}

export async function createCardPayment(db: Db, amountCents: number, user: AuthUser): Promise<{ id: string; amount: number }> {
  const id = randomUUID();
  await db('card_payments').insert({ id, amount_cents: amountCents, created_by: user.id });
  return { id, amount: toEuros(amountCents) };
}

export interface StartCheckoutInput { readerId: string; amountCents: number; description: string; paymentId?: string }
export interface CheckoutAnswer { success: true; data: { client_transaction_id: string; status: TransactionStatus; resumed: boolean } }

export async function startReaderCheckout(
  deps: { db: Db; provider: CardProvider },
  input: StartCheckoutInput,
  context: { user: AuthUser; idempotency?: IdempotencyHandle },
): Promise<CheckoutAnswer> {
  const { db, provider } = deps;
  return db.transaction(async (trx) => {
    if (input.paymentId) {
      // Locks the intent: a second tab or a reload waits here, then finds the first transaction.
      const payment: { id: string; amount_cents: number } | undefined = await trx('card_payments').where({ id: input.paymentId }).forUpdate().first();
      if (!payment) throw missing('CARD_PAYMENT_NOT_FOUND');
      if (payment.amount_cents !== input.amountCents) throw invalid('CARD_PAYMENT_AMOUNT');
      const previous: CardTransactionRow | undefined = await trx('card_transactions')
        .where({ payment_id: payment.id }).whereIn('status', ['PENDING', 'SUCCESSFUL']).orderBy('id', 'desc').first();
      if (previous) {
        const resumed: CheckoutAnswer = { success: true, data: { client_transaction_id: previous.client_transaction_id, status: previous.status, resumed: true } };
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
    await trx('card_transactions').insert({
      payment_id: input.paymentId ?? null, provider: provider.name, reader_id: reader.id,
      client_transaction_id: started.clientTransactionId, amount_cents: input.amountCents,
      description: input.description, status: 'PENDING', created_by: context.user.id,
    });
    const answer: CheckoutAnswer = { success: true, data: { client_transaction_id: started.clientTransactionId, status: 'PENDING', resumed: false } };
    await context.idempotency?.complete(trx, 201, answer);
    return answer;
  });
}

/** Reads a transaction's status (from the provider while it is pending) and keeps it. */
export async function readTransactionStatus(deps: { db: Db; provider: CardProvider }, clientTransactionId: string) {
  const { db, provider } = deps;
  const row: CardTransactionRow | undefined = await db('card_transactions').where({ client_transaction_id: clientTransactionId }).first();
  if (!row) throw missing('TRANSACTION_NOT_FOUND');
  let status = row.status;
  let code = row.transaction_code;
  if (status === 'PENDING') {
    let fresh;
    try {
      fresh = await provider.transactionStatus(clientTransactionId);
    } catch (err) {
      throw asHttpError(err);
    }
    if (fresh.status !== 'PENDING') {
      status = fresh.status;
      code = fresh.transactionCode;
      await db('card_transactions').where({ id: row.id, status: 'PENDING' })
        .update({ status, transaction_code: code, updated_at: db.fn.now() });
    }
  }
  return { success: true, data: { status, transaction_code: code, amount: toEuros(row.amount_cents), client_transaction_id: clientTransactionId } };
}
