import type { Trx } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { findEvent, listEvents } from '../repositories/events.ts';

/** The event of a new raffle or basket: the one given, else the only one known. */
export async function chooseEvent(trx: Trx, eventId: number | undefined): Promise<number> {
  if (eventId !== undefined) {
    if (!(await findEvent(trx, eventId))) throw raffleError('EVENT_NOT_FOUND');
    return eventId;
  }
  const events = await listEvents(trx);
  if (events.length === 1) return events[0]!.id;
  if (events.length === 0) throw raffleError('NO_EVENT_KNOWN');
  throw raffleError('EVENT_REQUIRED');
}
