/** Seat reservations: one seat or a family's seats, all or none; release; the plan's shape. */
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db } from '@kermesse/kit/db';
import { DEFAULT_SEATS_PER_TABLE, DEFAULT_TABLES, type GroupReserveInput, type PlanInput, type SeatPlan } from '@kermesse/contracts-bingo';
import { bingoBadRequest, bingoConflict, bingoNotFound, seatNotFound } from '../errors.ts';
import { findNight, lockNight } from '../repositories/nights.ts';
import {
  deleteReservation,
  insertOneReservation,
  insertReservations,
  listReservations,
  listTables,
  replaceTables,
  reservationsOutside,
} from '../repositories/plan.ts';
import { planTables, presentPlan } from '../presenters/index.ts';

export async function readPlan(db: Db, bingoId: number): Promise<SeatPlan> {
  if (!(await findNight(db, bingoId))) throw bingoNotFound();
  const [tables, reservations] = await Promise.all([listTables(db, bingoId), listReservations(db, bingoId)]);
  return presentPlan(tables, reservations);
}

/**
 * Reserves every seat of `seats` for `name`, or none: a seat outside the plan is a 404, a seat
 * already taken (even by a volunteer at the other door a millisecond earlier) a 409 naming it.
 */
export async function reserveSeats(db: Db, bingoId: number, input: GroupReserveInput, by: string | null): Promise<void> {
  const name = input.name.trim();
  if (!name) throw bingoBadRequest('NAME_REQUIRED');
  const keys = new Set(input.seats.map((s) => `${s.tableId}:${s.seatId}`));
  if (keys.size !== input.seats.length) throw bingoBadRequest('SEAT_TWICE');
  await db.transaction(async (trx) => {
    if (!(await lockNight(trx, bingoId, 'share'))) throw bingoNotFound();
    const tables = planTables(await listTables(trx, bingoId));
    for (const seat of input.seats) {
      const table = tables.find((t) => t.table_no === seat.tableId);
      if (!table || seat.seatId > table.seats) throw seatNotFound({ tableId: seat.tableId, seatId: seat.seatId });
    }
    let inserted: { table_no: number; seat_no: number }[];
    try {
      inserted = await insertReservations(trx, bingoId, input.seats, name, by, input.seats.length > 1 ? randomUUID() : null);
    } catch (err) {
      if (isUniqueViolation(err)) inserted = [];
      else throw err;
    }
    if (inserted.length !== input.seats.length) {
      const got = new Set(inserted.map((r) => `${r.table_no}:${r.seat_no}`));
      const taken = input.seats.filter((s) => !got.has(`${s.tableId}:${s.seatId}`));
      throw bingoConflict(input.seats.length === 1 ? 'SEAT_TAKEN' : 'SEATS_TAKEN', { taken });
    }
  });
}

/** One seat for `name` (the door's hot path: one statement when it succeeds). */
export async function reserveSeat(
  db: Db,
  bingoId: number,
  seat: { tableId: number; seatId: number },
  name: string,
  by: string | null,
): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed) throw bingoBadRequest('NAME_REQUIRED');
  if (
    await insertOneReservation(db, bingoId, seat.tableId, seat.seatId, trimmed, by, {
      tables: DEFAULT_TABLES,
      seats: DEFAULT_SEATS_PER_TABLE,
    })
  )
    return;
  // Nothing written: say why.
  if (!(await findNight(db, bingoId))) throw bingoNotFound();
  const table = planTables(await listTables(db, bingoId)).find((t) => t.table_no === seat.tableId);
  if (!table || seat.seatId > table.seats) throw seatNotFound(seat);
  throw bingoConflict('SEAT_TAKEN', { taken: [seat] });
}

export async function releaseSeat(db: Db, bingoId: number, tableId: number, seatId: number): Promise<void> {
  if (!(await findNight(db, bingoId))) throw bingoNotFound();
  if ((await deleteReservation(db, bingoId, tableId, seatId)) === 0) throw bingoConflict('SEAT_FREE', { tableId, seatId });
}

/** Replaces the tables of the plan; refused while it would drop a reserved seat. */
export async function setPlan(db: Db, bingoId: number, input: PlanInput): Promise<SeatPlan> {
  await db.transaction(async (trx) => {
    if (!(await lockNight(trx, bingoId))) throw bingoNotFound();
    const lost = await reservationsOutside(trx, bingoId, input.tables);
    if (lost.length)
      throw bingoConflict('PLAN_SEAT_RESERVED', { seats: lost.map((r) => ({ tableId: r.table_no, seatId: r.seat_no, name: r.name })) });
    await replaceTables(
      trx,
      bingoId,
      input.tables.map((t) => ({ name: t.name?.trim() || null, seats: t.seats })),
    );
  });
  return readPlan(db, bingoId);
}
