/**
 * The card flow of docs/spec.md §4: create a reader checkout, wait 5 s, then ask the transaction status
 * every 3 s, at most 10 times. The payment intent and the transaction id are handed to the caller
 * as soon as known, so a reload resumes the same transaction instead of charging again.
 */
import { ApiError } from '@kermesse/ui-kit';
import type { CheckoutApi, TransactionStatus } from '../api/checkoutApi';

export const CARD_INITIAL_WAIT_MS = 5000;
export const CARD_POLL_INTERVAL_MS = 3000;
export const CARD_MAX_ATTEMPTS = 10;

/** docs/spec.md §8 card messages. */
export const CARD_MESSAGES = {
  terminalFailure: 'Échec de la transaction avec le terminal CB',
  noTransactionId: "Échec de la récupération de l'identifiant de la transaction",
  statusUnavailable: 'Impossible de vérifier le statut de la transaction',
  failed: 'La transaction a échoué.',
  stillPending: 'La transaction est toujours en attente après plusieurs tentatives. La transaction a échoué. Veuillez recommencer',
  other: (message: string) => `Erreur : ${message}`,
} as const;

export type CardProgress =
  | { phase: 'starting' }
  | { phase: 'waiting'; transactionId: string }
  | { phase: 'polling'; transactionId: string; attempt: number; status?: TransactionStatus };

export type CardOutcome =
  | { ok: true; transactionCode: string; transactionId: string }
  /** `transactionFailed`: the provider said FAILED, so the next attempt may start a new charge. */
  | { ok: false; message: string; transactionFailed: boolean };

export interface CardPaymentRequest {
  api: Pick<CheckoutApi, 'createCardPayment' | 'startReaderCheckout' | 'transactionStatus'>;
  readerId: string;
  amountCents: number;
  description: string;
  /** The intent of an earlier attempt for this sale, to resume it. */
  paymentId?: string;
  onPaymentId?: (paymentId: string) => void;
  onTransaction?: (transactionId: string) => void;
  onProgress?: (progress: CardProgress) => void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Erreur inconnue');

export async function runCardPayment({
  api,
  readerId,
  amountCents,
  description,
  paymentId,
  onPaymentId,
  onTransaction,
  onProgress,
  sleep = defaultSleep,
}: CardPaymentRequest): Promise<CardOutcome> {
  onProgress?.({ phase: 'starting' });
  let intent = paymentId;
  if (!intent) {
    try {
      intent = (await api.createCardPayment(amountCents)).id;
    } catch (error) {
      return { ok: false, message: CARD_MESSAGES.other(messageOf(error)), transactionFailed: true };
    }
    onPaymentId?.(intent);
  }

  let transactionId: string | undefined;
  try {
    transactionId = await api.startReaderCheckout({ readerId, amountCents, description, paymentId: intent });
  } catch (error) {
    const detail = error instanceof ApiError ? error.message : messageOf(error);
    return { ok: false, message: `${CARD_MESSAGES.terminalFailure} : ${detail}`, transactionFailed: true };
  }
  if (!transactionId) return { ok: false, message: CARD_MESSAGES.noTransactionId, transactionFailed: true };
  onTransaction?.(transactionId);

  onProgress?.({ phase: 'waiting', transactionId });
  await sleep(CARD_INITIAL_WAIT_MS);
  for (let attempt = 1; attempt <= CARD_MAX_ATTEMPTS; attempt += 1) {
    onProgress?.({ phase: 'polling', transactionId, attempt });
    let answer: Awaited<ReturnType<CardPaymentRequest['api']['transactionStatus']>>;
    try {
      answer = await api.transactionStatus(transactionId);
    } catch {
      return { ok: false, message: CARD_MESSAGES.statusUnavailable, transactionFailed: false };
    }
    onProgress?.({ phase: 'polling', transactionId, attempt, status: answer.status });
    if (answer.status === 'SUCCESSFUL') return { ok: true, transactionCode: answer.transactionCode, transactionId };
    if (answer.status === 'FAILED') return { ok: false, message: CARD_MESSAGES.failed, transactionFailed: true };
    if (attempt < CARD_MAX_ATTEMPTS) await sleep(CARD_POLL_INTERVAL_MS);
  }
  return { ok: false, message: CARD_MESSAGES.stillPending, transactionFailed: false };
}
