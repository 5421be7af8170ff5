/**
 * `POST /api/cr/sale/pending/{id}/payment`: partial payments of a sale on hold (mode 99) until the
 * remaining amount is 0; then the sale is settled and `sale.settled` is recorded in the same
 * transaction. The sale row is locked, so two registers paying at once never overpay it.
 */
import '../events.ts';
import { type AuthUser } from '@kermesse/kit/auth';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import {
  METHOD_OF_MODE,
  PAYMENT_MODE,
  PAYMENT_STATUS,
  type PendingPaymentAnswer,
  type PendingPaymentInput,
} from '@kermesse/contracts-register';
import { invalid, missing, refused } from '../errors.ts';
import type { IdempotencyHandle } from '../idempotency.ts';
import { formatEuros, parseEuros, toEuros } from '@kermesse/contracts-common';
import { presentPayment } from '../presenters/sales.ts';
import { lockCardTransaction, markCardTransactionPayment } from '../repositories/cards.ts';
import { insertPayment, listPayments, lockSale, updateSalePaid } from '../repositories/sales.ts';
import { appendJournal } from '../repositories/journal.ts';
import { sessionForSale } from '../repositories/tillSessions.ts';

export type { PendingPaymentInput };

export type { PendingPaymentAnswer };

const METHODS = METHOD_OF_MODE;

async function takeCardPayment(trx: Trx, reference: string, amountCents: number): Promise<number> {
  const tx = reference ? await lockCardTransaction(trx, reference) : undefined;
  if (!tx || tx.status !== 'SUCCESSFUL') throw invalid('CARD_PENDING_NOT_CONFIRMED');
  if (tx.sale_id !== null || tx.payment_row_id !== null) throw refused('CARD_ALREADY_USED');
  if (tx.amount_cents !== amountCents)
    throw invalid(
      'CARD_PAYMENT_MISMATCH',
      { paid: formatEuros(tx.amount_cents), total: formatEuros(amountCents) },
      { paidCents: tx.amount_cents, amountCents },
    );
  return tx.id;
}

export async function payPendingSale(
  deps: { db: Db; wake?: () => void },
  saleId: number,
  entries: PendingPaymentInput[],
  context: { user: AuthUser; idempotency?: IdempotencyHandle },
): Promise<PendingPaymentAnswer> {
  const answer = await deps.db.transaction(async (trx) => {
    const sale = await lockSale(trx, saleId);
    if (!sale) throw missing('SALE_NOT_FOUND');
    if (sale.payment_mode !== PAYMENT_MODE.onHold) throw invalid('SALE_NOT_PENDING');
    if (sale.settled_at) throw refused('SALE_ALREADY_SETTLED');

    const amounts = entries.map((entry) => {
      const cents = parseEuros(entry.price);
      if (cents === null || cents <= 0) throw invalid('PAYMENT_AMOUNT_INVALID');
      return cents;
    });
    const remaining = sale.total_cents - sale.paid_cents;
    const sum = amounts.reduce((a, b) => a + b, 0);
    if (sum > remaining) {
      throw invalid(
        'PAYMENT_TOO_MUCH',
        { amount: formatEuros(sum), remaining: formatEuros(remaining) },
        { amountCents: sum, remainingCents: remaining },
      );
    }

    // The money goes into the open till session of the sale's register (opened automatically if none).
    const sessionId = await sessionForSale(trx, sale.checkout_id, sale.event_id, context.user.id);
    for (const [index, entry] of entries.entries()) {
      const reference = entry.reference === undefined || entry.reference === null ? '' : String(entry.reference).trim();
      const cardTx = entry.payment_mode === 3 ? await takeCardPayment(trx, reference, amounts[index]!) : undefined;
      const paymentId = await insertPayment(trx, {
        saleId: sale.id,
        method: METHODS[entry.payment_mode],
        mode: entry.payment_mode,
        amountCents: amounts[index]!,
        reference,
        createdBy: context.user.id,
        sessionId,
      });
      await appendJournal(trx, {
        kind: 'payment',
        reference: sale.reference,
        payload: {
          saleId: sale.id,
          paymentId,
          sessionId,
          method: METHODS[entry.payment_mode],
          mode: entry.payment_mode,
          amountCents: amounts[index],
          reference,
        },
      });
      if (cardTx) await markCardTransactionPayment(trx, cardTx, paymentId);
    }

    const paid = sale.paid_cents + sum;
    const settled = paid === sale.total_cents;
    const settledAt = new Date();
    await updateSalePaid(trx, sale.id, paid, settled ? { at: settledAt, status: PAYMENT_STATUS.paid } : null);
    const payments = await listPayments(trx, sale.id);
    if (settled) {
      await recordEvent(trx, 'register', 'sale.settled', {
        saleId: sale.id,
        reference: sale.reference,
        eventId: sale.event_id,
        totalCents: sale.total_cents,
        payments: payments.map((p) => ({ method: p.method, amountCents: p.amount_cents, reference: p.reference })),
        settledAt: settledAt.toISOString(),
      });
    }
    const result: PendingPaymentAnswer = {
      success: true,
      paid: toEuros(paid),
      remaining: toEuros(sale.total_cents - paid),
      settled,
      payments: payments.map(presentPayment),
    };
    await context.idempotency?.complete(trx, 200, result);
    return result;
  });
  deps.wake?.();
  return answer;
}
