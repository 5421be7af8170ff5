/** Parties of a night, the balls called in each, and the cartons. */
import type { Db, Trx } from '@kermesse/kit/db';
import type { Grid, PartieKind } from '@kermesse/contracts-bingo';

export interface PartieRow {
  number: number;
  kind: PartieKind;
  prize_ids: number[];
}
export interface CartonRow {
  number: number;
  grid: Grid;
  buyer: string | null;
  /** Sold at the register (carton_sales), to this buyer when known. */
  sold?: boolean;
  buyer_name?: string | null;
  buyer_email?: string | null;
  buyer_phone?: string | null;
  sale_reference?: string | null;
  /** Refunded at the register (carton_sales voided): it cannot win. */
  voided?: boolean;
}

const CARTON_COLUMNS = ['c.number', 'c.grid', 'c.buyer', 's.buyer_name', 's.buyer_email', 's.buyer_phone', 's.sale_reference'] as const;

/** Cartons with what the register sold of them. */
const cartonsQuery = (db: Db | Trx, bingoId: number) =>
  db('cartons as c')
    .leftJoin('carton_sales as s', function soldOnly() {
      this.on('s.bingo_id', '=', 'c.bingo_id').andOn('s.number', '=', 'c.number').andOnIn('s.status', ['sold', 'voided']);
    })
    .where('c.bingo_id', bingoId)
    .select([
      ...CARTON_COLUMNS,
      db.raw("coalesce(s.status = 'sold', false) as sold"),
      db.raw("coalesce(s.status = 'voided', false) as voided"),
    ]);

export const listParties = (db: Db | Trx, bingoId: number): Promise<PartieRow[]> =>
  db('parties').where({ bingo_id: bingoId }).orderBy('number').select('number', 'kind', 'prize_ids');

export async function replaceParties(trx: Trx, bingoId: number, parties: { kind: PartieKind; prizeIds: number[] }[]): Promise<void> {
  await trx('parties').where({ bingo_id: bingoId }).del();
  if (parties.length)
    await trx('parties').insert(parties.map((p, i) => ({ bingo_id: bingoId, number: i + 1, kind: p.kind, prize_ids: p.prizeIds })));
}

/** Balls of one partie in the order they were called. */
export async function listBalls(db: Db | Trx, bingoId: number, partie: number): Promise<number[]> {
  const rows: { number: number }[] = await db('balls').where({ bingo_id: bingoId, partie }).orderBy('seq').select('number');
  return rows.map((r) => r.number);
}

export async function insertBall(trx: Trx, bingoId: number, partie: number, seq: number, number: number): Promise<void> {
  await trx('balls').insert({ bingo_id: bingoId, partie, seq, number });
}

export const deleteBall = (trx: Trx, bingoId: number, partie: number, seq: number): Promise<number> =>
  trx('balls').where({ bingo_id: bingoId, partie, seq }).del();

export async function copyBalls(trx: Trx, bingoId: number, from: number, to: number): Promise<void> {
  await trx.raw(
    'insert into balls (bingo_id, partie, seq, number, called_at) select bingo_id, ?, seq, number, called_at from balls where bingo_id = ? and partie = ?',
    [to, bingoId, from],
  );
}

/** Clears the balls of a partie (a new partie starts empty unless the previous balls are kept). */
export const deleteBalls = (trx: Trx, bingoId: number, partie: number): Promise<number> =>
  trx('balls').where({ bingo_id: bingoId, partie }).del();

export async function cartonCount(db: Db | Trx, bingoId: number): Promise<number> {
  const row = await db('cartons').where({ bingo_id: bingoId }).first(db.raw('coalesce(max(number), 0)::int as max'));
  return (row as { max: number }).max;
}

export const existingGridKeys = async (db: Db | Trx, bingoId: number): Promise<Set<string>> =>
  new Set(((await db('cartons').where({ bingo_id: bingoId }).select('grid_key')) as { grid_key: string }[]).map((r) => r.grid_key));

export async function insertCartons(trx: Trx, rows: { bingo_id: number; number: number; grid: Grid; grid_key: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx('cartons').insert(rows.slice(i, i + 500).map((r) => ({ ...r, grid: JSON.stringify(r.grid) })));
  }
}

export const listCartons = (db: Db | Trx, bingoId: number, from: number, to: number): Promise<CartonRow[]> =>
  cartonsQuery(db, bingoId).whereBetween('c.number', [from, to]).orderBy('c.number');

export const findCarton = (db: Db | Trx, bingoId: number, number: number): Promise<CartonRow | undefined> =>
  cartonsQuery(db, bingoId).where('c.number', number).first();

/** Records a winning carton of a partie; false when it was recorded already (checked twice). */
export async function insertWin(trx: Trx, win: { bingoId: number; partie: number; cartonNumber: number }): Promise<boolean> {
  const inserted = await trx('wins')
    .insert({ bingo_id: win.bingoId, partie: win.partie, carton_number: win.cartonNumber })
    .onConflict(['bingo_id', 'partie', 'carton_number'])
    .ignore()
    .returning('carton_number');
  return inserted.length > 0;
}
