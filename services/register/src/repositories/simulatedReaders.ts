/** The card-payment simulator's readers and transactions (payments/simulator.ts), in the register's database. */
import type { Db } from '@kermesse/kit/db';
import type { ReaderStatus } from '../payments/provider.ts';

export type SimulatedOutcome = 'success' | 'failure' | 'pending';

export interface SimulatedReaderRow {
  id: string;
  name: string;
  identifier: string;
  status: string;
  outcome: SimulatedOutcome;
  settle_ms: number;
}

export interface SimulatedTransactionRow {
  client_transaction_id: string;
  reader_id: string;
  amount_cents: number;
  outcome: SimulatedOutcome;
  transaction_code: string;
  settles_at: Date;
}

export const listSimulatedReaders = (db: Db): Promise<SimulatedReaderRow[]> =>
  db('simulated_readers').select('*').orderBy('created_at').orderBy('id');

export const findSimulatedReader = (db: Db, id: string): Promise<SimulatedReaderRow | undefined> =>
  db('simulated_readers').where({ id }).first();

export async function insertSimulatedReader(
  db: Db,
  row: { id: string; name: string; identifier: string; status: ReaderStatus; outcome: SimulatedOutcome; settle_ms: number },
): Promise<void> {
  await db('simulated_readers').insert(row);
}

/** Renames a reader; false when there is none. */
export const renameSimulatedReader = async (db: Db, id: string, name: string): Promise<boolean> =>
  (await db('simulated_readers').where({ id }).update({ name })) > 0;

/** Forgets a reader; false when there was none. */
export const deleteSimulatedReader = async (db: Db, id: string): Promise<boolean> =>
  (await db('simulated_readers').where({ id }).delete()) > 0;

export async function insertSimulatedTransaction(db: Db, row: SimulatedTransactionRow): Promise<void> {
  await db('simulated_transactions').insert(row);
}

export const findSimulatedTransaction = (db: Db, clientTransactionId: string): Promise<SimulatedTransactionRow | undefined> =>
  db('simulated_transactions').where({ client_transaction_id: clientTransactionId }).first();
