/** Prizes of a loto night. */
import type { Db, Trx } from '@kermesse/kit/db';

export interface PrizeRow {
  id: number;
  bingo_id: number;
  label: string;
  rank: number;
  price_cents: number;
  cost_cents: number;
  provider: string;
  nature: string;
}
export type PrizeWrite = Omit<PrizeRow, 'id'>;

const COLUMNS = ['id', 'bingo_id', 'label', 'rank', 'price_cents', 'cost_cents', 'provider', 'nature'];

export const listPrizes = (db: Db | Trx, bingoId: number): Promise<PrizeRow[]> =>
  db('prizes')
    .where({ bingo_id: bingoId })
    .orderBy([{ column: 'rank' }, { column: 'id' }])
    .select(COLUMNS);

export const findPrize = (db: Db | Trx, id: number): Promise<PrizeRow | undefined> => db('prizes').where({ id }).first(COLUMNS);

export async function insertPrize(db: Db | Trx, prize: PrizeWrite): Promise<PrizeRow> {
  const [row] = await db('prizes').insert(prize).returning(COLUMNS);
  return row as PrizeRow;
}

export async function updatePrize(db: Db | Trx, id: number, prize: Omit<PrizeWrite, 'bingo_id'>): Promise<PrizeRow | undefined> {
  const [row] = await db('prizes').where({ id }).update(prize).returning(COLUMNS);
  return row as PrizeRow | undefined;
}

export const deletePrize = (db: Db | Trx, id: number): Promise<number> => db('prizes').where({ id }).del();

/** Deletes a prize; returns the night it belonged to (undefined when there was no such prize). */
export async function deletePrizeOfNight(trx: Trx, id: number): Promise<number | undefined> {
  const [row] = await trx('prizes').where({ id }).delete().returning('bingo_id');
  return (row as { bingo_id: number } | undefined)?.bingo_id;
}
