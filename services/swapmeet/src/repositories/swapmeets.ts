/** Swap-meets and their bookings. */
import type { Db, Trx } from '@kermesse/kit/db';

export interface SwapmeetRow {
  id: number;
  name: string;
  held_on: string | null;
}
export interface BookingRow {
  id: number;
  swapmeet_id: number;
  name: string;
  phone: string;
  space_cm: number;
  revenue_cents: number;
  is_payed: boolean;
  date_booking: string;
}
export interface BookingTotals {
  count: number;
  space_cm: number;
  revenue_cents: number;
  paid: number;
  unpaid: number;
}

export const findSwapmeet = (db: Db | Trx, id: number): Promise<SwapmeetRow | undefined> =>
  db('swapmeets').where({ id }).first('id', 'name', 'held_on');

export const listSwapmeets = (db: Db): Promise<(SwapmeetRow & { bookings_count: number })[]> =>
  db('swapmeets as s')
    .leftJoin('bookings as b', 'b.swapmeet_id', 's.id')
    .groupBy('s.id')
    .orderBy([
      { column: 's.held_on', order: 'desc', nulls: 'last' },
      { column: 's.id', order: 'desc' },
    ])
    .select('s.id', 's.name', 's.held_on', db.raw('count(b.id)::int as bookings_count'));

export async function insertSwapmeet(db: Db | Trx, swapmeet: { name: string; heldOn: string | null }): Promise<SwapmeetRow> {
  const [row] = await db('swapmeets').insert({ name: swapmeet.name, held_on: swapmeet.heldOn }).returning(['id', 'name', 'held_on']);
  return row as SwapmeetRow;
}

const BOOKING_COLUMNS = ['id', 'swapmeet_id', 'name', 'phone', 'space_cm', 'revenue_cents', 'is_payed', 'date_booking'];

/** The first `limit` bookings by booking date, then name. */
export const listBookings = (db: Db | Trx, swapmeetId: number, limit: number): Promise<BookingRow[]> =>
  db('bookings')
    .where({ swapmeet_id: swapmeetId })
    .orderBy([{ column: 'date_booking' }, { column: 'name' }, { column: 'id' }])
    .limit(limit)
    .select(BOOKING_COLUMNS);

/** Totals over every booking of a swap-meet (not only the listed ones). */
export async function bookingTotals(db: Db | Trx, swapmeetId: number): Promise<BookingTotals> {
  const row = await db('bookings')
    .where({ swapmeet_id: swapmeetId })
    .first(
      db.raw('count(*)::int as count'),
      db.raw('coalesce(sum(space_cm), 0)::int as space_cm'),
      db.raw('coalesce(sum(revenue_cents), 0)::bigint as revenue_cents'),
      db.raw('(count(*) filter (where is_payed))::int as paid'),
      db.raw('(count(*) filter (where not is_payed))::int as unpaid'),
    );
  return row as BookingTotals;
}

export async function existingKeys(db: Db | Trx, swapmeetId: number): Promise<Set<string>> {
  const rows: { dedupe_key: string }[] = await db('bookings').where({ swapmeet_id: swapmeetId }).select('dedupe_key');
  return new Set(rows.map((r) => r.dedupe_key));
}

export interface BookingInsert extends Omit<BookingRow, 'id'> {
  dedupe_key: string;
  import_id: number | null;
}

export async function insertBookings(trx: Trx, rows: BookingInsert[]): Promise<BookingRow[]> {
  const created: BookingRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    created.push(
      ...((await trx('bookings')
        .insert(rows.slice(i, i + 1000))
        .returning(BOOKING_COLUMNS)) as BookingRow[]),
    );
  }
  return created;
}

export const deleteBookings = (trx: Trx | Db, swapmeetId: number): Promise<number> =>
  trx('bookings').where({ swapmeet_id: swapmeetId }).del();

/** One import at a time per swap-meet (until the transaction ends), so the duplicate check sees what the other one wrote. */
export async function lockImports(trx: Trx, swapmeetId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`swapmeet.import.${swapmeetId}`]);
}

/** Records an import (its bookings point to it); returns its id. */
export async function insertImport(
  trx: Trx,
  row: { swapmeet_id: number; file_name: string; bookings: number; created_by: string | null },
): Promise<number> {
  const [created] = await trx('imports').insert(row).returning('id');
  return (created as { id: number }).id;
}

/** Finds a swap-meet by name (the demo seeds one). */
export const findSwapmeetByName = (db: Db | Trx, name: string): Promise<{ id: number } | undefined> =>
  db('swapmeets').where({ name }).first('id');
