/** A swap-meet created from the importer page (the spec only knows its id), or by the demo with bookings already taken. */
import type { Db } from '@kermesse/kit/db';
import { dedupeKey } from '../bookings/bookingsCsv.ts';
import { insertBookings, insertSwapmeet, type BookingRow, type SwapmeetRow } from '../repositories/swapmeets.ts';

export type NewBooking = Omit<BookingRow, 'id' | 'swapmeet_id'>;

/** Creates a swap-meet and its bookings (none from the importer page), in one transaction. */
export async function createSwapmeet(
  db: Db,
  swapmeet: { name: string; heldOn: string | null; bookings?: NewBooking[] },
): Promise<SwapmeetRow> {
  if (!swapmeet.bookings?.length) return insertSwapmeet(db, swapmeet);
  const bookings = swapmeet.bookings;
  return db.transaction(async (trx) => {
    const created = await insertSwapmeet(trx, swapmeet);
    await insertBookings(
      trx,
      bookings.map((b) => ({
        ...b,
        swapmeet_id: created.id,
        dedupe_key: dedupeKey(b.name, b.phone, b.date_booking),
        import_id: null,
      })),
    );
    return created;
  });
}
