/** Sales, refunds, till closings and the entries kept aside: the rows the books are written from. */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { JOURNAL_LOCK_SQL } from './journal.ts';

type Completed = EventPayloads['sale.completed'];
type Settled = EventPayloads['sale.settled'];
type Refunded = EventPayloads['sale.refunded'];
type TillClosed = EventPayloads['till.closed'];

/**
 * Stores a sale once (false when its id is already known). `lockJournal`: the same statement also
 * takes the journal lock (one round trip fewer per sale).
 */
export async function insertSale(trx: Trx, sale: Completed, { lockJournal }: { lockJournal: boolean }): Promise<boolean> {
  const inserted = (
    await trx.raw(
      `insert into sales (sale_id, event_id, reference, completed_at, total_cents, payment_mode, lines, payments)
     values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb) on conflict (sale_id) do nothing
     returning sale_id${lockJournal ? `, ${JOURNAL_LOCK_SQL} is not null as locked` : ''}`,
      [
        sale.saleId,
        sale.eventId,
        sale.reference,
        sale.completedAt,
        sale.totalCents,
        sale.paymentMode,
        JSON.stringify(sale.lines),
        JSON.stringify(sale.payments),
      ],
    )
  ).rows as unknown[];
  return inserted.length > 0;
}

/** Stores many sales in one statement; returns the ids that were new. */
export async function insertSales(trx: Trx, sales: readonly Completed[]): Promise<Set<number>> {
  const { rows } = (await trx.raw(
    `insert into sales (sale_id, event_id, reference, completed_at, total_cents, payment_mode, lines, payments)
     select x.sale_id, x.event_id, x.reference, x.completed_at, x.total_cents, x.payment_mode, x.lines, x.payments
     from jsonb_to_recordset(?::jsonb) as x(sale_id int, event_id int, reference text, completed_at timestamptz, total_cents int, payment_mode int, lines jsonb, payments jsonb)
     on conflict (sale_id) do nothing returning sale_id`,
    [
      JSON.stringify(
        sales.map((s) => ({
          sale_id: s.saleId,
          event_id: s.eventId,
          reference: s.reference,
          completed_at: s.completedAt,
          total_cents: s.totalCents,
          payment_mode: s.paymentMode,
          lines: s.lines,
          payments: s.payments,
        })),
      ),
    ],
  )) as { rows: Array<{ sale_id: number }> };
  return new Set(rows.map((r) => r.sale_id));
}

export interface StoredSale {
  sale_id: number;
  event_id: number;
  reference: string;
  total_cents: number;
  lines: Completed['lines'];
  entry_id: number | null;
}

export const findSale = (trx: Trx, saleId: number): Promise<StoredSale | undefined> =>
  trx('sales').where({ sale_id: saleId }).first('sale_id', 'event_id', 'reference', 'total_cents', 'lines', 'entry_id');

export async function setSalePayments(trx: Trx, saleId: number, payments: Settled['payments']): Promise<void> {
  await trx('sales')
    .where({ sale_id: saleId })
    .update({ payments: JSON.stringify(payments) });
}

/** A settlement read before its sale, kept until the sale arrives. */
export async function findEarlySettlement(trx: Trx, saleId: number): Promise<Settled | undefined> {
  const early = await trx('early_settlements').where({ sale_id: saleId }).first('payload');
  return (early as { payload: Settled } | undefined)?.payload;
}

export async function keepEarlySettlement(trx: Trx, settled: Settled): Promise<void> {
  await trx('early_settlements')
    .insert({ sale_id: settled.saleId, payload: JSON.stringify(settled) })
    .onConflict('sale_id')
    .ignore();
}

/** Entries of a closed year, kept aside (once per source) instead of written to the journal. */
export async function keepUnposted(trx: Trx, rows: ReadonlyArray<{ source: string; reason: string; payload: unknown }>): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(
    `insert into unposted (source, reason, payload) select x.source, x.reason, x.payload
     from jsonb_to_recordset(?::jsonb) as x(source text, reason text, payload jsonb) on conflict (association_id, source) do nothing`,
    [JSON.stringify(rows)],
  );
}

/** Stores a refund once (false when already known). */
export async function insertRefund(trx: Trx, refund: Refunded): Promise<boolean> {
  const inserted = await trx('refunds')
    .insert({
      refund_id: refund.refundId,
      sale_id: refund.saleId,
      event_id: refund.eventId,
      reference: refund.reference,
      refunded_at: refund.refundedAt,
      amount_cents: refund.amountCents,
      payment_mode: refund.paymentMode,
      lines: JSON.stringify(refund.lines),
    })
    .onConflict('refund_id')
    .ignore()
    .returning('refund_id');
  return inserted.length > 0;
}

/** Stores a till closing once (false when already known). */
export async function insertTillClosing(trx: Trx, closed: TillClosed): Promise<boolean> {
  const inserted = await trx('till_closings')
    .insert({
      session_id: closed.sessionId,
      event_id: closed.eventId,
      checkout_id: closed.checkoutId,
      closed_at: closed.closedAt,
      differences: JSON.stringify(closed.differences),
      reason: closed.reason,
    })
    .onConflict('session_id')
    .ignore()
    .returning('session_id');
  return inserted.length > 0;
}
