import type { Db } from '@kermesse/kit/db';
import type { ValidPrize } from '@kermesse/contracts-raffle';

export interface PrizeRow {
  id: number;
  raffle_id: number;
  name: string;
  rank: number;
  price_cents: number;
  cost_cents: number;
  provider: string;
  quantity: number;
  alcohol: boolean;
  illustration: string | null;
}

const COLUMNS = ['id', 'raffle_id', 'name', 'rank', 'price_cents', 'cost_cents', 'provider', 'quantity', 'alcohol', 'illustration'];

/** A raffle's prizes in drawing order (rank, then id). */
export const listPrizes = (db: Db, raffleId: number): Promise<PrizeRow[]> =>
  db('prizes')
    .where({ raffle_id: raffleId })
    .select(COLUMNS)
    .orderBy([{ column: 'rank' }, { column: 'id' }]);

export const findPrize = (db: Db, id: number): Promise<PrizeRow | undefined> => db('prizes').where({ id }).first(COLUMNS);

const toColumns = (prize: ValidPrize) => ({
  name: prize.name,
  rank: prize.rank,
  price_cents: prize.priceCents,
  cost_cents: prize.costCents,
  provider: prize.provider,
  quantity: prize.quantity,
  alcohol: prize.alcohol,
});

export async function insertPrize(db: Db, raffleId: number, prize: ValidPrize & { illustration?: string | null }): Promise<PrizeRow> {
  const [row] = await db('prizes')
    .insert({ raffle_id: raffleId, ...toColumns(prize), illustration: prize.illustration ?? null })
    .returning(COLUMNS);
  return row as PrizeRow;
}

export async function updatePrize(db: Db, id: number, prize: ValidPrize): Promise<PrizeRow> {
  const [row] = await db('prizes').where({ id }).update(toColumns(prize)).returning(COLUMNS);
  return row as PrizeRow;
}

export async function setIllustration(db: Db, id: number, illustration: string | null): Promise<PrizeRow> {
  const [row] = await db('prizes').where({ id }).update({ illustration }).returning(COLUMNS);
  return row as PrizeRow;
}

export const deletePrize = (db: Db, id: number): Promise<number> => db('prizes').where({ id }).delete();

/** The prize row locked for this transaction. */
export const lockPrize = (trx: Db, id: number): Promise<PrizeRow | undefined> => trx('prizes').where({ id }).forUpdate().first(COLUMNS);

/** The illustrations of a raffle's prizes (files to remove with it). */
export const listIllustrations = async (trx: Db, raffleId: number): Promise<string[]> =>
  (await trx('prizes').where({ raffle_id: raffleId }).whereNotNull('illustration').pluck('illustration')) as string[];
