/** docs/spec.md §7 `DELETE /api/swapmeet/api/reset-bookings/{id}`: every booking of a swap-meet goes. */
import type { Db } from '@kermesse/kit/db';
import { deleteBookings } from '../repositories/swapmeets.ts';

/** Deletes the bookings of a swap-meet; returns how many there were. */
export const resetBookings = (db: Db, swapmeetId: number): Promise<number> => deleteBookings(db, swapmeetId);
