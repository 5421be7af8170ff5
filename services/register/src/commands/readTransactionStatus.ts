/** `GET /api/cr/payment/transaction/{id}/status`: a transaction's status, asked of the provider while it is pending, and kept. */
import type { Db } from '@kermesse/kit/db';
import { toEuros } from '@kermesse/contracts-common';
import { missing } from '../errors.ts';
import { asHttpError, type CardProvider } from '../payments/provider.ts';
import { findCardTransaction, settleCardTransaction } from '../repositories/cards.ts';

export async function readTransactionStatus(deps: { db: Db; provider: CardProvider }, clientTransactionId: string) {
  const { db, provider } = deps;
  const row = await findCardTransaction(db, clientTransactionId);
  if (!row) throw missing('TRANSACTION_NOT_FOUND');
  let status = row.status;
  let code = row.transaction_code;
  if (status === 'PENDING') {
    let fresh;
    try {
      fresh = await provider.transactionStatus(clientTransactionId);
    } catch (err) {
      throw asHttpError(err);
    }
    if (fresh.status !== 'PENDING') {
      status = fresh.status;
      code = fresh.transactionCode;
      await settleCardTransaction(db, row.id, status, code);
    }
  }
  return {
    success: true,
    data: { status, transaction_code: code, amount: toEuros(row.amount_cents), client_transaction_id: clientTransactionId },
  };
}
