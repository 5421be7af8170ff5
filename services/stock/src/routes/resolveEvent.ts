import { notFound, type Db } from '@kermesse/kit';
import { findEvent, listEvents, type EventRow } from '../repositories/catalog.ts';

export const NO_EVENT_MESSAGE = "Aucun événement n'est encore connu du stock : créez d'abord un événement dans la caisse.";

/**
 * The event an admin request is about: `event_id` when given (404 when unknown), else the most
 * recent event (latest date, then newest), else null when the stock knows no event yet.
 */
export async function resolveEvent(db: Db, eventId: number | undefined): Promise<EventRow | null> {
  if (eventId !== undefined) {
    const event = await findEvent(db, eventId);
    if (!event) throw notFound('Événement introuvable.');
    return event;
  }
  return (await listEvents(db))[0] ?? null;
}

/** Same, for a write: an event is required. */
export async function requireEvent(db: Db, eventId: number | undefined): Promise<EventRow> {
  const event = await resolveEvent(db, eventId);
  if (!event) throw notFound(NO_EVENT_MESSAGE);
  return event;
}
