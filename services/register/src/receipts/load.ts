import type { Db, Trx } from '@kermesse/kit/db';
import { checkoutName, findGiftBasket, findRaffle } from '../repositories/catalog.ts';
import { eventName } from '../repositories/events.ts';
import { listBets, listLines, listPayments, listTickets, type SaleRow } from '../repositories/sales.ts';
import { listRefunds } from '../repositories/refunds.ts';
import type { ReceiptData } from './html.ts';
import { loadSaleCartons } from '../bingo/sale.ts';

/** Where the public receipt of a sale lives: `{origin}/s/{reference}` (docs/spec.md §2 order detail). */
export const receiptPath = (reference: string) => `/s/${encodeURIComponent(reference)}`;

/** Everything a receipt shows, read back from the database. */
export async function loadReceiptData(db: Db | Trx, sale: SaleRow, origin: string): Promise<ReceiptData> {
  const [event, checkout, lines, payments, tickets, bets, raffle, basket, refunds] = await Promise.all([
    eventName(db, sale.event_id),
    checkoutName(db, sale.checkout_id),
    listLines(db, sale.id),
    listPayments(db, sale.id),
    listTickets(db, sale.id),
    listBets(db, sale.id),
    sale.raffle_id ? findRaffle(db, sale.raffle_id) : Promise.resolve(undefined),
    sale.gift_basket_id ? findGiftBasket(db, sale.gift_basket_id) : Promise.resolve(undefined),
    listRefunds(db, sale.id),
  ]);
  return {
    reference: sale.reference,
    createdAt: sale.created_at,
    eventName: event ?? '',
    checkoutName: checkout ?? '',
    lines: lines.map((l) => ({
      name: l.name,
      categoryName: l.category_name,
      kind: l.kind,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      totalCents: l.total_cents,
      clickAndCollect: l.click_and_collect,
    })),
    totalCents: sale.total_cents,
    paidCents: sale.paid_cents,
    paymentMode: sale.payment_mode,
    payments: payments.map((p) => ({ method: p.method, amountCents: p.amount_cents, reference: p.reference })),
    tickets,
    raffleName: raffle?.name ?? null,
    bets: bets.map((b) => ({ typeName: basket?.types.find((t) => t.id === b.type_id)?.name ?? `Type ${b.type_id}`, weight: b.weight })),
    giftBasketName: basket?.name ?? null,
    ...(await loadSaleCartons(db, sale.id)),
    receiptUrl: origin + receiptPath(sale.reference),
    refunds: refunds.map((r) => ({
      createdAt: new Date(r.created_at),
      amountCents: r.amount_cents,
      paymentMode: r.payment_mode,
      reason: r.reason,
      lines: r.lines.map((l) => ({ name: l.name, quantity: l.quantity, totalCents: l.total_cents })),
      tickets: r.voided_tickets,
      bets: r.voided_bets.map((b) => ({ weight: b.weight })),
    })),
  };
}
