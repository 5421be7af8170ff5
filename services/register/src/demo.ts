import type { Db } from '@kermesse/kit';
import { createEventWithCheckouts } from './commands/createEvent.ts';
import { findEventByName } from './repositories/events.ts';

export const DEMO_EVENT = 'Kermesse de printemps';
export const DEMO_CHECKOUTS = ['Caisse Buvette', 'Caisse Tombola', 'Caisse Entrée'];

/** The demo event « Kermesse de printemps » with three registers (idempotent). */
export async function seedDemo({ db }: { db: Db; password?: string }): Promise<void> {
  if (await findEventByName(db, DEMO_EVENT)) return;
  const year = new Date().getFullYear();
  await createEventWithCheckouts(db, { name: DEMO_EVENT, startsOn: `${year}-05-16`, checkouts: DEMO_CHECKOUTS });
}
