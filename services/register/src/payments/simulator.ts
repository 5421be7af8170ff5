/**
 * A card-payment simulator for the demo and the tests: readers live in `simulated_readers`, each
 * with the outcome it gives (`success`, `failure`, or `pending` for ever) after `settle_ms`. Its
 * state is in the register's database, so every register process sees the same readers and a
 * reload of the page finds its transaction again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import {
  findSimulatedReader,
  findSimulatedTransaction,
  insertSimulatedReader,
  insertSimulatedTransaction,
  listSimulatedReaders,
  type SimulatedOutcome,
} from '../repositories/simulatedReaders.ts';
import { CardProviderError, type CardProvider, type CardReader, type ReaderStatus } from './provider.ts';

/** SumUp-like reader id: `rdr_` and 26 characters. */
export const simulatedReaderId = () => `rdr_${randomBytes(16).toString('hex').toUpperCase().slice(0, 26)}`;

export function createSimulatorProvider(db: Db): CardProvider {
  return {
    name: 'simulator',
    async listReaders(): Promise<CardReader[]> {
      const rows = await listSimulatedReaders(db);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status as ReaderStatus,
        device: { identifier: r.identifier, model: 'virtual-solo' },
      }));
    },

    async startCheckout({ readerId, amountCents }) {
      const reader = await findSimulatedReader(db, readerId);
      if (!reader) throw new CardProviderError('Lecteur CB inconnu.', 404);
      if (reader.status !== 'paired') throw new CardProviderError("Ce lecteur CB n'est pas appairé.", 422);
      const clientTransactionId = randomUUID();
      await insertSimulatedTransaction(db, {
        client_transaction_id: clientTransactionId,
        reader_id: readerId,
        amount_cents: amountCents,
        outcome: reader.outcome,
        transaction_code: `TSIM${randomBytes(4).toString('hex').toUpperCase()}`,
        settles_at: new Date(Date.now() + reader.settle_ms),
      });
      return { clientTransactionId };
    },

    async transactionStatus(clientTransactionId) {
      const tx = await findSimulatedTransaction(db, clientTransactionId);
      if (!tx || new Date(tx.settles_at).getTime() > Date.now() || tx.outcome === 'pending') {
        return { status: 'PENDING', transactionCode: null, amountCents: tx?.amount_cents ?? null };
      }
      return tx.outcome === 'success'
        ? { status: 'SUCCESSFUL', transactionCode: tx.transaction_code, amountCents: tx.amount_cents }
        : { status: 'FAILED', transactionCode: null, amountCents: tx.amount_cents };
    },
  };
}

/** Adds a simulated reader (demo data, tests). */
export async function addSimulatedReader(
  db: Db,
  reader: { name: string; identifier: string; status?: ReaderStatus; outcome?: SimulatedOutcome; settleMs?: number; id?: string },
): Promise<string> {
  const id = reader.id ?? simulatedReaderId();
  await insertSimulatedReader(db, {
    id,
    name: reader.name,
    identifier: reader.identifier,
    status: reader.status ?? 'paired',
    outcome: reader.outcome ?? 'success',
    settle_ms: reader.settleMs ?? 2000,
  });
  return id;
}
