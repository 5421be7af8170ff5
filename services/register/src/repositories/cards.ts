import type { Db, Trx } from '@kermesse/kit';

export interface CardTransactionRow {
  id: number;
  payment_id: string | null;
  provider: string;
  reader_id: string;
  client_transaction_id: string;
  amount_cents: number;
  description: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  transaction_code: string | null;
  sale_id: number | null;
  payment_row_id: number | null;
}

/** The reader transaction a payment reference names (its transaction code, or its client id), locked. */
export const lockCardTransaction = (trx: Trx, reference: string): Promise<CardTransactionRow | undefined> =>
  trx('card_transactions')
    .where('transaction_code', reference).orWhere('client_transaction_id', reference)
    .forUpdate().first();

/** The simulator's outcome for a reader (and its delay); false when the reader is unknown. */
export async function setSimulatedOutcome(db: Db, readerId: string, outcome: string, settleMs?: number): Promise<boolean> {
  const updated = await db('simulated_readers').where({ id: readerId }).update({ outcome, ...(settleMs === undefined ? {} : { settle_ms: settleMs }) });
  return updated > 0;
}
