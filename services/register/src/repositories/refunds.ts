/** Writes of a refund (commands/refundSale.ts); the reads are in refunds/load.ts. */
import type { Trx } from '@kermesse/kit/db';
import type { RefundRow } from '../refunds/load.ts';
import type { SaleRow } from './sales.ts';

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
