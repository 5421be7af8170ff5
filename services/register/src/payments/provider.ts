/**
 * The card-payment provider behind the register's card flow (docs/spec.md §4): list the readers, start a
 * checkout on one, read a transaction's status. Two implementations: SumUp's REST API and a
 * simulator (the default in the demo and the tests) whose outcome is chosen per reader.
 */
import { HttpError } from '@kermesse/kit/http';

import type { CardReader } from '@kermesse/contracts-register';

export type { CardReader };
export type ReaderStatus = CardReader['status'];
export type TransactionStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

export interface ProviderTransaction {
  status: TransactionStatus;
  /** The code printed on the cardholder's ticket; known once the payment succeeded. */
  transactionCode: string | null;
  amountCents: number | null;
}

export interface CardProvider {
  readonly name: 'sumup' | 'simulator';
  listReaders(): Promise<CardReader[]>;
  /** Starts a charge on the reader; resolves to the provider's transaction id. */
  startCheckout(input: { readerId: string; amountCents: number; description: string }): Promise<{ clientTransactionId: string }>;
  transactionStatus(clientTransactionId: string): Promise<ProviderTransaction>;
}

/** A provider failure with a French message for the cashier, and the HTTP status to answer. */
export class CardProviderError extends Error {
  readonly status: number;
  constructor(message: string, status = 502) {
    super(message);
    this.name = 'CardProviderError';
    this.status = status;
  }
}

/** Provider failures become French answers with their status (never a 500). */
export function asHttpError(err: unknown): unknown {
  return err instanceof CardProviderError ? new HttpError(err.status, err.message) : err;
}
