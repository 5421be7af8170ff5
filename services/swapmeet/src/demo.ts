import type { Db } from '@kermesse/kit/db';
import type { DemoVariant } from '@kermesse/kit/tenancy';
import { createSwapmeet } from './commands/createSwapmeet.ts';
import { findSwapmeetByName } from './repositories/swapmeets.ts';

export const DEMO_SWAPMEET = 'Vide-grenier de printemps';

/**
 * The demo swap-meet « Vide-grenier de printemps » with three bookings already taken (idempotent).
 * services/swapmeet/samples/vide-grenier-exemple.csv holds other bookings to import into it.
 */
export async function seedDemo({ db, variant = 'school' }: { db: Db; password?: string; variant?: DemoVariant }): Promise<void> {
  if (variant === 'village') return seedVillageSwapmeet(db);
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

/** The comité des fêtes' demo (hosting): the vide-grenier of its village fête, along the main street. */
export const VILLAGE_SWAPMEET = 'Vide-grenier de la fête du village';

async function seedVillageSwapmeet(db: Db): Promise<void> {
  if (await findSwapmeetByName(db, VILLAGE_SWAPMEET)) return;
  const year = new Date().getFullYear();
  await createSwapmeet(db, {
    name: VILLAGE_SWAPMEET,
    heldOn: `${year}-06-21`,
    bookings: [
      { name: 'Gérard Fontaine', phone: '0612457896', space_cm: 400, revenue_cents: 1200, is_payed: true, date_booking: `${year}-05-02` },
      { name: 'Sylvie Roche', phone: '0687451236', space_cm: 200, revenue_cents: 600, is_payed: true, date_booking: `${year}-05-10` },
      { name: 'Club des aînés', phone: '0475321654', space_cm: 600, revenue_cents: 1800, is_payed: false, date_booking: `${year}-05-18` },
    ],
  });
}
