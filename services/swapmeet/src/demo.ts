import type { Db } from '@kermesse/kit';
import { dedupeKey } from './bookings/bookingsCsv.ts';

export const DEMO_SWAPMEET = 'Vide-grenier de printemps';

/**
 * The demo swap-meet « Vide-grenier de printemps » with three bookings already taken (idempotent).
 * services/swapmeet/samples/vide-grenier-exemple.csv holds other bookings to import into it.
 */
export async function seedDemo({ db }: { db: Db; password?: string }): Promise<void> {
  if (await db('swapmeets').where({ name: DEMO_SWAPMEET }).first('id')) return;
  const year = new Date().getFullYear();
  await db.transaction(async (trx) => {
    const [swapmeet] = await trx('swapmeets').insert({ name: DEMO_SWAPMEET, held_on: `${year}-05-17` }).returning('id');
    const swapmeetId = (swapmeet as { id: number }).id;
    const bookings = [
      { name: 'Martine Lefèvre', phone: '0611223344', space_cm: 300, revenue_cents: 1500, is_payed: true, date_booking: `${year}-03-02` },
      { name: 'Karim Benali', phone: '0698765432', space_cm: 400, revenue_cents: 2000, is_payed: true, date_booking: `${year}-03-05` },
      { name: 'Association Les P’tits Loups', phone: '0478123456', space_cm: 600, revenue_cents: 3000, is_payed: false, date_booking: `${year}-03-09` },
    ];
    await trx('bookings').insert(bookings.map((b) => ({ ...b, swapmeet_id: swapmeetId, dedupe_key: dedupeKey(b.name, b.phone, b.date_booking) })));
  });
}
