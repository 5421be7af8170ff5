/** The seating plan of a night (its tables) and the seats reserved on it. */
import type { Db, Trx } from '@kermesse/kit/db';

export interface TableRow {
  table_no: number;
  name: string | null;
  seats: number;
}
export interface ReservationRow {
  table_no: number;
  seat_no: number;
  name: string;
}

export const listTables = (db: Db | Trx, bingoId: number): Promise<TableRow[]> =>
  db('plan_tables').where({ bingo_id: bingoId }).orderBy('table_no').select('table_no', 'name', 'seats');

export const listReservations = (db: Db | Trx, bingoId: number): Promise<ReservationRow[]> =>
  db('reservations').where({ bingo_id: bingoId }).select('table_no', 'seat_no', 'name');

/**
 * Reserves seats: every one or none. `on conflict do nothing` lets the primary key decide between two
 * volunteers taking the same seat at the same moment; the caller rolls back when fewer rows came back.
 */
export async function insertReservations(
  trx: Trx,
  bingoId: number,
  seats: { tableId: number; seatId: number }[],
  name: string,
  by: string | null,
  groupId: string | null,
): Promise<{ table_no: number; seat_no: number }[]> {
  const rows = seats.map((s) => ({ bingo_id: bingoId, table_no: s.tableId, seat_no: s.seatId, name, reserved_by: by, group_id: groupId }));
  return trx('reservations').insert(rows).onConflict(['bingo_id', 'table_no', 'seat_no']).ignore().returning(['table_no', 'seat_no']);
}

export const deleteReservation = (db: Db | Trx, bingoId: number, tableId: number, seatId: number): Promise<number> =>
  db('reservations').where({ bingo_id: bingoId, table_no: tableId, seat_no: seatId }).del();

export async function replaceTables(trx: Trx, bingoId: number, tables: { name: string | null; seats: number }[]): Promise<void> {
  await trx('plan_tables').where({ bingo_id: bingoId }).del();
  await trx('plan_tables').insert(tables.map((t, i) => ({ bingo_id: bingoId, table_no: i + 1, name: t.name, seats: t.seats })));
}

/** Reservations that would fall outside a new plan. */
export const reservationsOutside = (trx: Trx, bingoId: number, tables: { seats: number }[]): Promise<ReservationRow[]> =>
  trx('reservations')
    .where({ bingo_id: bingoId })
    .andWhere((q) => {
      q.where('table_no', '>', tables.length);
      tables.forEach((t, i) => q.orWhere((w) => w.where('table_no', i + 1).andWhere('seat_no', '>', t.seats)));
    })
    .select('table_no', 'seat_no', 'name');

/**
 * Reserves one seat in one statement (the door's hot path): only when the night exists and the seat
 * is inside its plan (the default 30 × 6 when it has none); the primary key settles a race. Returns
 * false when nothing was written — the caller then finds out why. The night's row is share-locked, so
 * a plan being changed (which locks it for update) waits or is waited for.
 */
export async function insertOneReservation(
  db: Db | Trx,
  bingoId: number,
  tableId: number,
  seatId: number,
  name: string,
  by: string | null,
  defaults: { tables: number; seats: number },
): Promise<boolean> {
  const result = await db.raw(
    `insert into reservations (bingo_id, table_no, seat_no, name, reserved_by)
     select n.id, ?::int, ?::int, ?::text, ?::text from nights n
     where n.id = ?::int and ?::int <= coalesce(
       (select seats from plan_tables where bingo_id = n.id and table_no = ?::int),
       case when not exists (select 1 from plan_tables where bingo_id = n.id) and ?::int <= ?::int then ?::int end)
     for share of n
     on conflict do nothing returning seat_no`,
    [tableId, seatId, name, by, bingoId, seatId, tableId, tableId, defaults.tables, defaults.seats],
  );
  return (result as { rows: unknown[] }).rows.length === 1;
}
