/**
 * `POST /api/cr/order/{reference}/receipt`: the order detail's « Envoyer reçu » after the sale. Records
 * one `receipt.requested` event (with the sale's receipt content) in the outbox and the idempotent
 * answer in one transaction; the contact service renders and sends it.
 *
 * Data minimisation: the phone number or e-mail address is written nowhere in the register's tables
 * but that outbox row (like the sale's own receipt wish travelling in `sale.completed`); contact
 * erases it from its delivery job once sent.
 */
import '../events.ts';
import { randomUUID } from 'node:crypto';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { normalizeEmail, normalizePhone } from '@kermesse/contracts-common';
import { MESSAGES, type ReceiptRequestAnswer, type ReceiptRequestInput } from '@kermesse/contracts-register';
import { saleCartonsOfEvent } from '../bingo/sale.ts';
import { invalid, missing } from '../errors.ts';
import type { IdempotencyHandle } from '../idempotency.ts';
import { normalizeReference } from '../reference.ts';
import { findSaleByReference, listBets, listLines, listPayments, listTickets } from '../repositories/sales.ts';

export type { ReceiptRequestInput };

export type { ReceiptRequestAnswer };

export const SALE_NOT_FOUND = MESSAGES.SALE_NOT_FOUND;
export const INVALID_EMAIL = MESSAGES.RECEIPT_EMAIL_INVALID;

/** docs/spec.md §5, docs/formats.md §3: a French number of 10 digits an SMS reaches, or an e-mail address. */
export function receiptRecipient(input: ReceiptRequestInput): string {
  if (input.method === 'sms') {
    const phone = normalizePhone(input.to);
    if (!phone) throw invalid('SMS_PHONE_INVALID');
    return phone;
  }
  const email = normalizeEmail(input.to);
  if (!email) throw invalid('RECEIPT_EMAIL_INVALID');
  return email;
}

export async function requestReceipt(
  deps: { db: Db; wake?: () => void },
  rawReference: string,
  input: ReceiptRequestInput,
  context: { idempotency?: IdempotencyHandle },
): Promise<ReceiptRequestAnswer> {
  const to = receiptRecipient(input);
  const reference = normalizeReference(rawReference);
  const answer: ReceiptRequestAnswer = { success: true, deliveryMethod: input.method };
  await deps.db.transaction(async (trx) => {
    const sale = reference ? await findSaleByReference(trx, reference) : undefined;
    if (!sale) throw missing('SALE_NOT_FOUND');
    const [lines, payments, tickets, bets, cartons] = await Promise.all([
      listLines(trx, sale.id),
      listPayments(trx, sale.id),
      listTickets(trx, sale.id),
      listBets(trx, sale.id),
      saleCartonsOfEvent(trx, sale.id),
    ]);
    await recordEvent(trx, 'register', 'receipt.requested', {
      requestId: randomUUID(),
      reference: sale.reference,
      method: input.method,
      to,
      saleId: sale.id,
      eventId: sale.event_id,
      lines: lines.map((l) => ({
        productId: l.product_id,
        name: l.name,
        categoryId: l.category_id,
        categoryName: l.category_name,
        unitPriceCents: l.unit_price_cents,
        quantity: l.quantity,
        totalCents: l.total_cents,
        kind: l.kind,
      })),
      tickets: sale.raffle_id ? tickets.map((number) => ({ raffleId: sale.raffle_id!, number })) : [],
      bets: sale.gift_basket_id ? bets.map((b) => ({ giftBasketId: sale.gift_basket_id!, typeId: b.type_id, weight: b.weight })) : [],
      ...(cartons.length ? { cartons } : {}),
      payments: payments.map((p) => ({ method: p.method, amountCents: p.amount_cents, reference: p.reference })),
      totalCents: sale.total_cents,
      paymentMode: sale.payment_mode,
      paymentStatus: sale.payment_status,
      completedAt: new Date(sale.created_at).toISOString(),
      requestedAt: new Date().toISOString(),
    });
    await context.idempotency?.complete(trx, 202, answer);
  });
  deps.wake?.();
  return answer;
}
