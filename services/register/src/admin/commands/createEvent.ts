/** A back-office command: its rules here, its SQL in ../repositories/backOffice.ts. */
import '../../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import type { EventInput } from '@kermesse/contracts-register';
import { cleanName, cleanText } from '../errors.ts';
import { insertAdminEvent, type AdminEventRow } from '../repositories/backOffice.ts';
import { checkDates, loadEvent } from '../eventLoaders.ts';

export async function createEvent(db: Db, input: EventInput): Promise<AdminEventRow> {
  const name = cleanName(input.name);
  checkDates(input.startsOn, input.endsOn);
  return db.transaction(async (trx) => {
    const id = await insertAdminEvent(trx, {
      name,
      starts_on: input.startsOn ?? null,
      ends_on: input.endsOn ?? null,
      place: cleanText(input.place) ?? null,
      description: cleanText(input.description) ?? null,
      ...(input.idleLockMinutes !== undefined ? { idle_lock_minutes: input.idleLockMinutes } : {}),
    });
    await recordEvent(trx, 'register', 'catalog.event.created', {
      eventId: id,
      name,
      startsOn: input.startsOn ?? null,
      endsOn: input.endsOn ?? null,
    });
    return loadEvent(trx, id);
  });
}
