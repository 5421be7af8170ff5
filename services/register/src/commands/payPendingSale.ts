/**
 * `POST /api/cr/sale/pending/{id}/payment`: partial payments of a sale on hold (mode 99) until the
 * remaining amount is 0; then the sale is settled and `sale.settled` is recorded in the same
 * transaction. The sale row is locked, so two registers paying at once never overpay it.
 */
import { badRequest, conflict, notFound, recordEvent, type AuthUser, type Db, type Trx } from '@kermesse/kit';
import type { IdempotencyHandle } from '../idempotency.ts';
import { formatEuros, toCents, toEuros } from '../money.ts';
import { presentPayment } from '../presenters/sales.ts';
import { lockCardTransaction } from '../repositories/cards.ts';
import { listPayments, type SaleRow } from '../repositories/sales.ts';
import { appendJournal } from '../journal/journal.ts';
import { sessionForSale } from '../till/sessions.ts';

export interface PendingPaymentInput { price: number; payment_mode: 1 | 2 | 3; reference?: string | number | null }

export interface PendingPaymentAnswer {
  success: true;
  paid: number;
  remaining: number;
  settled: boolean;
  payments: ReturnType<typeof presentPayment>[];
}

const METHODS = { 1: 'CHQ', 2: 'ESP', 3: 'CB' } as const;

async function takeCardPayment(trx: Trx, reference: string, amountCents: number): Promise<number> {
  const tx = reference ? await lockCardTransaction(trx, reference) : undefined;
  if (!tx || tx.status !== 'SUCCESSFUL') throw badRequest('Le paiement par carte passe par le lecteur CB : indiquez une transaction réussie du terminal.');
  if (tx.sale_id !== null || tx.payment_row_id !== null) throw conflict('Ce paiement CB a déjà servi pour une autre vente.');
  if (tx.amount_cents !== amountCents) throw badRequest(`Le montant payé par carte (${formatEuros(tx.amount_cents)}) ne correspond pas au paiement saisi (${formatEuros(amountCents)}).`);
  return tx.id;
}

export async function payPendingSale(
  deps: { db: Db; wake?: () => void },
  saleId: number,
  entries: PendingPaymentInput[],
  context: { user: AuthUser; idempotency?: IdempotencyHandle },
): Promise<PendingPaymentAnswer> {
  const answer = await deps.db.transaction(async (trx) => {
    const sale: SaleRow | undefined = await trx('sales').where({ id: saleId }).forUpdate().first();
    if (!sale) throw notFound('Vente introuvable.');
    if (sale.payment_mode !== 99) throw badRequest("Cette vente n'est pas en attente de règlement.");
    if (sale.settled_at) throw conflict('Cette vente est déjà réglée.');

    const amounts = entries.map((entry) => {
      const cents = toCents(entry.price);
      if (cents === undefined || cents <= 0) throw badRequest('Le montant du paiement doit être supérieur à 0 € (2 décimales au plus).');
      return cents;
    });
    const remaining = sale.total_cents - sale.paid_cents;
    const sum = amounts.reduce((a, b) => a + b, 0);
    if (sum > remaining) {
      throw badRequest(`Le montant saisi (${formatEuros(sum)}) dépasse le reste à payer (${formatEuros(remaining)}).`);
    }

    // The money goes into the open till session of the sale's register (opened automatically if none).
    const sessionId = await sessionForSale(trx, sale.checkout_id, sale.event_id, context.user.id);
    for (const [index, entry] of entries.entries()) {
      const reference = entry.reference === undefined || entry.reference === null ? '' : String(entry.reference).trim();
      const cardTx = entry.payment_mode === 3 ? await takeCardPayment(trx, reference, amounts[index]!) : undefined;
      const [row] = await trx('payments').insert({
        sale_id: sale.id, method: METHODS[entry.payment_mode], mode: entry.payment_mode, amount_cents: amounts[index],
        reference, created_by: context.user.id, session_id: sessionId,
      }).returning('id');
      await appendJournal(trx, {
        kind: 'payment', reference: sale.reference,
        payload: { saleId: sale.id, paymentId: (row as { id: number }).id, sessionId, method: METHODS[entry.payment_mode], mode: entry.payment_mode, amountCents: amounts[index], reference },
      });
      if (cardTx) await trx('card_transactions').where({ id: cardTx }).update({ payment_row_id: (row as { id: number }).id, updated_at: trx.fn.now() });
    }

    const paid = sale.paid_cents + sum;
    const settled = paid === sale.total_cents;
    const settledAt = new Date();
    await trx('sales').where({ id: sale.id }).update({
      paid_cents: paid,
      ...(settled ? { settled_at: settledAt, payment_status: 1 } : {}),
    });
    const payments = await listPayments(trx, sale.id);
    if (settled) {
      await recordEvent(trx, 'register', 'sale.settled', {
        saleId: sale.id, reference: sale.reference, eventId: sale.event_id, totalCents: sale.total_cents,
        payments: payments.map((p) => ({ method: p.method, amountCents: p.amount_cents, reference: p.reference })),
        settledAt: settledAt.toISOString(),
      });
    }
    const result: PendingPaymentAnswer = {
      success: true, paid: toEuros(paid), remaining: toEuros(sale.total_cents - paid), settled, payments: payments.map(presentPayment),
    };
    await context.idempotency?.complete(trx, 200, result);
    return result;
  });
  deps.wake?.();
  return answer;
}
