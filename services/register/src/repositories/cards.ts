import type { Trx } from '@kermesse/kit';

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
