/** Refunds read back and presented: a sale's refunds, and what remains refundable of it (queries in repositories/refunds.ts). */
import type { Db, Trx } from '@kermesse/kit/db';
import { remainingQuantities, type Refund, type SaleRefunds } from '@kermesse/contracts-register';
import { toEuros } from '@kermesse/contracts-common';
import { listRefunds, type RefundRow } from '../repositories/refunds.ts';
import { listBets, listLines, listTickets, type SaleRow } from '../repositories/sales.ts';

export const presentRefund = (reference: string, r: RefundRow): Refund => ({
  id: r.id,
  reference,
  amount: toEuros(r.amount_cents),
  paymentMode: r.payment_mode,
  reason: r.reason,
  lines: r.lines.map((l) => ({
    productId: l.product_id,
    name: l.name,
    categoryName: l.category_name,
    kind: l.kind,
    quantity: l.quantity,
    unitPrice: toEuros(l.unit_price_cents),
    total: toEuros(l.total_cents),
  })),
  tickets: [...r.voided_tickets].sort((a, b) => a - b),
  bets: r.voided_bets,
  ...(r.voided_cartons?.length ? { cartons: [...r.voided_cartons].sort((a, b) => a - b) } : {}),
  sessionId: r.session_id,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

/** A sale is refundable once paid: not failed, and everything due paid (a sale on hold once settled). */
export const isPaid = (sale: SaleRow): boolean => sale.payment_status !== 5 && sale.paid_cents >= sale.total_cents && sale.total_cents > 0;

/** What the refund screen shows of a sale (order detail). */
export async function saleRefundsView(q: Db | Trx, sale: SaleRow, canRefund: boolean): Promise<SaleRefunds> {
  const [lines, refunds, tickets, bets] = await Promise.all([
    listLines(q, sale.id),
    listRefunds(q, sale.id),
    listTickets(q, sale.id),
    listBets(q, sale.id),
  ]);
  const remaining = remainingQuantities(
    lines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
    refunds.flatMap((r) => r.lines.map((l) => ({ productId: l.product_id, quantity: l.quantity }))),
  );
  const seen = new Set<number>();
  return {
    sale: {
      id: sale.id,
      reference: sale.reference,
      total: toEuros(sale.total_cents),
      paymentMode: sale.payment_mode,
      refundable: isPaid(sale),
      createdAt: new Date(sale.created_at).toISOString(),
      tickets,
      bets: bets.map((b) => ({ typeId: b.type_id, weight: b.weight })),
    },
    lines: lines
      .filter((l) => !seen.has(l.product_id) && seen.add(l.product_id))
      .map((l) => {
        const q = remaining.get(l.product_id)!;
        return {
          productId: l.product_id,
          name: l.name,
          categoryName: l.category_name,
          kind: l.kind,
          unitPrice: toEuros(l.unit_price_cents),
          sold: q.sold,
          refunded: q.refunded,
          remaining: q.remaining,
        };
      }),
    refundedTotal: toEuros(refunds.reduce((sum, r) => sum + r.amount_cents, 0)),
    refunds: refunds.map((r) => presentRefund(sale.reference, r)),
    canRefund,
  };
}
