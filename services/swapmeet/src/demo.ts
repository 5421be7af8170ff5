import type { Db } from '@kermesse/kit/db';
import { createSwapmeet } from './commands/createSwapmeet.ts';
import { findSwapmeetByName } from './repositories/swapmeets.ts';

export const DEMO_SWAPMEET = 'Vide-grenier de printemps';

/**
 * The demo swap-meet « Vide-grenier de printemps » with three bookings already taken (idempotent).
 * services/swapmeet/samples/vide-grenier-exemple.csv holds other bookings to import into it.
 */
export async function seedDemo({ db }: { db: Db; password?: string }): Promise<void> {
  if (await findSwapmeetByName(db, DEMO_SWAPMEET)) return;
  const year = new Date().getFullYear();
  await createSwapmeet(db, {
    name: DEMO_SWAPMEET,
    heldOn: `${year}-05-17`,
    bookings: [
      { name: 'Martine Lefèvre', phone: '0611223344', space_cm: 300, revenue_cents: 1500, is_payed: true, date_booking: `${year}-03-02` },
      { name: 'Karim Benali', phone: '0698765432', space_cm: 400, revenue_cents: 2000, is_payed: true, date_booking: `${year}-03-05` },
      {
        name: 'Association Les P’tits Loups',
        phone: '0478123456',
        space_cm: 600,
        revenue_cents: 3000,
        is_payed: false,
        date_booking: `${year}-03-09`,
      },
    ],
  });
}
