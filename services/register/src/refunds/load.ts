/** Refunds read back: a sale's refunds with their lines, and what remains refundable of it. */
import type { Db, Trx } from '@kermesse/kit/db';
import { remainingQuantities, type Refund, type SaleRefunds } from '@kermesse/contracts-register';
import { toEuros } from '@kermesse/contracts-common';
import { listBets, listLines, listTickets, type SaleRow } from '../repositories/sales.ts';

export interface RefundLineRow {
  product_id: number;
  name: string;
  category_id: number | null;
  category_name: string;
  kind: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
}

export interface RefundRow {
  id: string;
  sale_id: number;
  event_id: number;
  checkout_id: number;
  session_id: number | null;
  amount_cents: number;
  payment_mode: 1 | 2 | 3;
  reason: string;
  voided_tickets: number[];
  voided_bets: Array<{ typeId: number; weight: number }>;
  /** Loto cartons voided (issue 12). */
  voided_cartons?: number[];
  created_by: string;
  created_at: Date;
  lines: RefundLineRow[];
}

/** The refunds of a sale, oldest first, each with its lines. */
export async function listRefunds(q: Db | Trx, saleId: number): Promise<RefundRow[]> {
  const { rows } = await q.raw(
    `select r.*, coalesce((select json_agg(json_build_object(
        'product_id', l.product_id, 'name', l.name, 'category_id', l.category_id, 'category_name', l.category_name, 'kind', l.kind,
        'unit_price_cents', l.unit_price_cents, 'quantity', l.quantity, 'total_cents', l.total_cents) order by l.position)
      from refund_lines l where l.refund_id = r.id), '[]') as lines
     from refunds r where r.sale_id = ? order by r.created_at, r.id`,
    [saleId],
  );
  return rows as RefundRow[];
}

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
