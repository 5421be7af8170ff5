import type { Db, Trx } from '@kermesse/kit/db';

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
  trx('card_transactions').where('transaction_code', reference).orWhere('client_transaction_id', reference).forUpdate().first();

/** The simulator's outcome for a reader (and its delay); false when the reader is unknown. */
export async function setSimulatedOutcome(db: Db, readerId: string, outcome: string, settleMs?: number): Promise<boolean> {
  const updated = await db('simulated_readers')
    .where({ id: readerId })
    .update({ outcome, ...(settleMs === undefined ? {} : { settle_ms: settleMs }) });
  return updated > 0;
}

/** Records a payment intent (`POST /api/cr/payment/reader`). */
export async function insertCardPayment(db: Db, payment: { id: string; amountCents: number; createdBy: string }): Promise<void> {
  await db('card_payments').insert({ id: payment.id, amount_cents: payment.amountCents, created_by: payment.createdBy });
}

/** A payment intent, locked: a second tab or a reload waits for the first, then finds its transaction. */
export const lockCardPayment = (trx: Trx, id: string): Promise<{ id: string; amount_cents: number } | undefined> =>
  trx('card_payments').where({ id }).forUpdate().first();

/** The latest pending or successful reader transaction of a payment intent. */
export const findLiveTransactionOfPayment = (trx: Trx, paymentId: string): Promise<CardTransactionRow | undefined> =>
  trx('card_transactions').where({ payment_id: paymentId }).whereIn('status', ['PENDING', 'SUCCESSFUL']).orderBy('id', 'desc').first();

/** Records a reader transaction the provider just started. */
export async function insertCardTransaction(
  trx: Trx,
  tx: {
    paymentId: string | null;
    provider: string;
    readerId: string;
    clientTransactionId: string;
    amountCents: number;
    description: string;
    createdBy: string;
  },
): Promise<void> {
  await trx('card_transactions').insert({
    payment_id: tx.paymentId,
    provider: tx.provider,
    reader_id: tx.readerId,
    client_transaction_id: tx.clientTransactionId,
    amount_cents: tx.amountCents,
    description: tx.description,
    status: 'PENDING',
    created_by: tx.createdBy,
  });
}

export const findCardTransaction = (db: Db, clientTransactionId: string): Promise<CardTransactionRow | undefined> =>
  db('card_transactions').where({ client_transaction_id: clientTransactionId }).first();

/** Keeps the provider's final status of a transaction still pending here. */
export async function settleCardTransaction(
  db: Db,
  id: number,
  status: CardTransactionRow['status'],
  transactionCode: string | null,
): Promise<void> {
  await db('card_transactions')
    .where({ id, status: 'PENDING' })
    .update({ status, transaction_code: transactionCode, updated_at: db.fn.now() });
}

/** The pending-sale payment a reader transaction paid (the transaction is locked by `lockCardTransaction`). */
export async function markCardTransactionPayment(trx: Trx, id: number, paymentRowId: number): Promise<void> {
  await trx('card_transactions').where({ id }).update({ payment_row_id: paymentRowId, updated_at: trx.fn.now() });
}
