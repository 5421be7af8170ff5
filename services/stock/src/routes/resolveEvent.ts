import type { Db } from '@kermesse/kit/db';
import { eventNotFound, noEvent } from '../errors.ts';
import { findEvent, listEvents, type EventRow } from '../repositories/catalog.ts';

/**
 * The event an admin request is about: `event_id` when given (404 when unknown), else the most
 * recent event (latest date, then newest), else null when the stock knows no event yet.
 */
export async function resolveEvent(db: Db, eventId: number | undefined): Promise<EventRow | null> {
  if (eventId !== undefined) {
    const event = await findEvent(db, eventId);
    if (!event) throw eventNotFound();
    return event;
  }
  return (await listEvents(db))[0] ?? null;
}

/** Same, for a write: an event is required. */
export async function requireEvent(db: Db, eventId: number | undefined): Promise<EventRow> {
  const event = await resolveEvent(db, eventId);
  if (!event) throw noEvent();
  return event;
}
