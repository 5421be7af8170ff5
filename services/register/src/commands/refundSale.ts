/**
 * `POST /api/cr/sale/{reference}/refund`: a paid sale is refunded in whole or in part.
 * The sale row stays as it was; the refund is its own record linked to it. In ONE transaction: the
 * sale row locked (two refunds of one sale never both pass the check), what remains computed from
 * the earlier refunds, the refund and its lines, the `sale.refunded` outbox row, the 'refund'
 * journal record, the register's open till session (opened automatically if none), and the
 * idempotent answer.
 *
 * Raffle tickets and gift-basket bets of refunded lines are VOIDED and never return to sale: the
 * buyer may keep the stub, and a number sold twice would make the drawing ambiguous. The body may
 * name them (`tickets`, `bets`); otherwise the last numbers (highest) of the sale not voided yet go.
 */
import '../events.ts';
import { randomUUID } from 'node:crypto';
import { type AuthUser } from '@kermesse/kit/auth';
import { outboxRow } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { badRequest, notFound } from '@kermesse/kit/http';
import { REFUND_MESSAGES, remainingQuantities, tooMuchMessage, type Refund, type RefundInput } from '@kermesse/contracts-register';
import type { IdempotencyHandle } from '../idempotency.ts';
import { cartonsToVoid } from '../bingo/refund.ts';
import { appendJournal } from '../repositories/journal.ts';
import { normalizeReference } from '../reference.ts';
import { findCheckoutEvent } from '../repositories/catalog.ts';
import { listBets, listLines, listTickets } from '../repositories/sales.ts';
import { sessionForSale } from '../repositories/tillSessions.ts';
import { isPaid, presentRefund } from '../refunds/load.ts';
import { insertRefund, listRefunds, lockSaleByReference, productUnits, type RefundRow } from '../repositories/refunds.ts';
import { assertMayRefund } from '../refunds/rights.ts';

export interface RefundAnswer {
  success: true;
  refund: Refund;
}

export interface RefundContext {
  user: AuthUser;
  idempotency?: IdempotencyHandle;
}

const fail = (code: keyof typeof REFUND_MESSAGES, message: string = REFUND_MESSAGES[code], details?: Record<string, unknown>) =>
  badRequest(message).withCode(code, details);

/** The numbers to void: those named (each of the sale and not voided yet), else the highest ones left. */
function chooseVoided<T>(
  available: T[],
  count: number,
  named: T[] | undefined,
  same: (a: T, b: T) => boolean,
  errors: {
    count: () => Error;
    notInSale: (item: T) => Error;
  },
): T[] {
  if (count === 0) return [];
  if (named && named.length) {
    if (named.length !== count) throw errors.count();
    for (const item of named) if (!available.some((a) => same(a, item))) throw errors.notInSale(item);
    return named;
  }
  return available.slice(-count);
}

export async function refundSale(
  deps: { db: Db; wake?: () => void },
  rawReference: string,
  input: RefundInput,
  context: RefundContext,
): Promise<RefundAnswer> {
  const { db } = deps;
  await assertMayRefund(db, context.user);
  const reference = normalizeReference(rawReference);
  if (!reference) throw notFound(REFUND_MESSAGES.SALE_NOT_FOUND).withCode('SALE_NOT_FOUND');
  const reason = input.reason.replace(/\s+/g, ' ').trim();
  if (!reason) throw fail('REASON_EMPTY');

  const answer = await db.transaction(async (trx) => {
    const sale = await lockSaleByReference(trx, reference);
    if (!sale) throw notFound(REFUND_MESSAGES.SALE_NOT_FOUND).withCode('SALE_NOT_FOUND');
    if (!isPaid(sale)) throw fail('SALE_NOT_PAID');
    const checkoutId = input.checkoutId ?? sale.checkout_id;
    if (checkoutId !== sale.checkout_id) {
      const checkout = await findCheckoutEvent(trx, checkoutId);
      if (!checkout || checkout.event_id !== sale.event_id) throw fail('CHECKOUT_OTHER_EVENT');
    }

    const [saleLines, earlier, saleTickets, saleBets] = await Promise.all([
      listLines(trx, sale.id),
      listRefunds(trx, sale.id),
      listTickets(trx, sale.id),
      listBets(trx, sale.id),
    ]);
    const remaining = remainingQuantities(
      saleLines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
      earlier.flatMap((r) => r.lines.map((l) => ({ productId: l.product_id, quantity: l.quantity }))),
    );

    // The lines asked for, a product named twice counted once with both quantities.
    const asked = new Map<number, number>();
    for (const line of input.lines) asked.set(line.productId, (asked.get(line.productId) ?? 0) + line.quantity);
    const lines = [...asked.entries()].map(([productId, quantity]) => {
      const sold = saleLines.find((l) => l.product_id === productId);
      const left = remaining.get(productId);
      if (!sold || !left) throw fail('LINE_NOT_IN_SALE', REFUND_MESSAGES.LINE_NOT_IN_SALE, { productId });
      if (quantity > left.remaining)
        throw fail('TOO_MUCH', tooMuchMessage(sold.name, left.remaining), { productId, remaining: left.remaining });
      return {
        product_id: productId,
        name: sold.name,
        category_id: sold.category_id,
        category_name: sold.category_name,
        kind: sold.kind,
        unit_price_cents: sold.unit_price_cents,
        quantity,
        total_cents: sold.unit_price_cents * quantity,
      };
    });

    // The money given back: the lines' prices, never more than what the sale still holds (a meal-deal
    // discount not refunded with its products keeps the refund within what was paid).
    const refundedBefore = earlier.reduce((sum, r) => sum + r.amount_cents, 0);
    const left = sale.total_cents - refundedBefore;
    const amountCents = Math.min(
      lines.reduce((sum, l) => sum + l.total_cents, 0),
      left,
    );
    if (amountCents <= 0) throw fail('AMOUNT_NOTHING');

    // Tickets and bets of the refunded ticket lines: voided, never back on sale.
    const units = await productUnits(
      trx,
      lines.filter((l) => l.kind === 'raffle' || l.kind === 'giftbasket').map((l) => l.product_id),
    );
    const countOf = (kind: string) =>
      lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.quantity * (units.get(l.product_id) ?? 1), 0);
    const voidedBefore = new Set(earlier.flatMap((r) => r.voided_tickets));
    const ticketsLeft = saleTickets.filter((n) => !voidedBefore.has(n)).sort((a, b) => a - b);
    const ticketCount = Math.min(countOf('raffle'), ticketsLeft.length);
    const tickets = chooseVoided(ticketsLeft, ticketCount, input.tickets, (a, b) => a === b, {
      count: () => fail('TICKETS_COUNT', REFUND_MESSAGES.TICKETS_COUNT.replace('{count}', String(ticketCount)), { count: ticketCount }),
      notInSale: (n) => fail('TICKET_NOT_IN_SALE', REFUND_MESSAGES.TICKET_NOT_IN_SALE.replace('{number}', String(n)), { number: n }),
    });
    const betsVoidedBefore = new Set(earlier.flatMap((r) => r.voided_bets.map((b) => b.weight)));
    const betsLeft = saleBets
      .filter((b) => !betsVoidedBefore.has(b.weight))
      .sort((a, b) => a.weight - b.weight)
      .map((b) => b.weight);
    const betCount = Math.min(countOf('giftbasket'), betsLeft.length);
    const betWeights = chooseVoided(betsLeft, betCount, input.bets, (a, b) => a === b, {
      count: () => fail('BETS_COUNT', REFUND_MESSAGES.BETS_COUNT.replace('{count}', String(betCount)), { count: betCount }),
      notInSale: (w) => fail('BET_NOT_IN_SALE', REFUND_MESSAGES.BET_NOT_IN_SALE.replace('{weight}', String(w)), { weight: w }),
    });
    const bets = betWeights.map((weight) => ({ typeId: saleBets.find((b) => b.weight === weight)!.type_id, weight }));
    // Loto cartons of the refunded carton lines: voided, never back on sale (bingo/refund.ts).
    const cartons = await cartonsToVoid(
      trx,
      sale.id,
      lines,
      earlier.flatMap((r) => r.voided_cartons ?? []),
      input.cartons,
    );

    const sessionId = await sessionForSale(trx, checkoutId, sale.event_id, context.user.id);
    const id = randomUUID();
    const createdAt = new Date();
    const row: Omit<RefundRow, 'lines'> = {
      id,
      sale_id: sale.id,
      event_id: sale.event_id,
      checkout_id: checkoutId,
      session_id: sessionId,
      amount_cents: amountCents,
      payment_mode: input.payment_mode,
      reason,
      voided_tickets: tickets,
      voided_bets: bets,
      voided_cartons: cartons.numbers,
      created_by: context.user.id,
      created_at: createdAt,
    };

    const payload = {
      refundId: id,
      saleId: sale.id,
      reference: sale.reference,
      eventId: sale.event_id,
      checkoutId,
      sessionId,
      lines: lines.map((l) => ({
        productId: l.product_id,
        name: l.name,
        categoryId: l.category_id,
        categoryName: l.category_name,
        kind: l.kind,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        totalCents: l.total_cents,
      })),
      tickets: sale.raffle_id ? tickets.map((number) => ({ raffleId: sale.raffle_id!, number })) : [],
      bets: sale.gift_basket_id ? bets.map((b) => ({ giftBasketId: sale.gift_basket_id!, ...b })) : [],
      ...(cartons.event.length ? { cartons: cartons.event } : {}),
      amountCents,
      paymentMode: input.payment_mode,
      reason,
      refundedBy: context.user.id,
      refundedAt: createdAt.toISOString(),
    };
    const event = outboxRow('register', 'sale.refunded', payload);
    await insertRefund(trx, row, lines, event.row);
    await appendJournal(trx, { kind: 'refund', reference: sale.reference, payload });

    const result: RefundAnswer = { success: true, refund: presentRefund(sale.reference, { ...row, lines }) };
    await context.idempotency?.complete(trx, 201, result);
    return result;
  });
  deps.wake?.();
  return answer;
}
