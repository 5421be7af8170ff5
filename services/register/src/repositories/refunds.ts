/** A sale's refunds: read back with their lines (refunds/load.ts presents them), and written (commands/refundSale.ts). */
import type { Db, Trx } from '@kermesse/kit/db';
import type { SaleRow } from './sales.ts';

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
  /** Loto cartons voided. */
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

/** A sale by its reference, locked for its refund (two refunds of one sale never give back twice). */
export const lockSaleByReference = (trx: Trx, reference: string): Promise<SaleRow | undefined> =>
  trx('sales').where({ reference }).forUpdate().first();

/** How many numbers one unit of these ticket products sells (their tier), 1 when unknown. */
export async function productUnits(trx: Trx, productIds: number[]): Promise<Map<number, number>> {
  const rows: Array<{ id: number; tier_nb: number | null }> = productIds.length
    ? await trx('products').whereIn('id', productIds).select('id', 'tier_nb')
    : [];
  return new Map(rows.map((r) => [r.id, r.tier_nb ?? 1]));
}

/** Inserts a refund, its lines and its `sale.refunded` outbox row. */
export async function insertRefund(
  trx: Trx,
  row: Omit<RefundRow, 'lines'>,
  lines: RefundRow['lines'],
  event: { id: string; type: string; version: number; envelope: string; occurred_at: string },
): Promise<void> {
  await trx('refunds').insert({ ...row, voided_bets: JSON.stringify(row.voided_bets) });
  await trx('refund_lines').insert(lines.map((l, position) => ({ refund_id: row.id, position, ...l })));
  await trx('outbox').insert(event);
}
