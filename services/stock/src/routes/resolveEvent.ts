import type { Db } from '@kermesse/kit/db';
import type { EventCheck } from '@kermesse/kit/http';
import { eventNotFound, noEvent } from '../errors.ts';
import { findEvent, listEvents, type EventRow } from '../repositories/catalog.ts';

/** Today's date in France (YYYY-MM-DD): a fair is on « today » for the people running it. */
export const todayInFrance = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Paris' }).format(now);

/**
 * The fair a stock screen opens on when none is asked for: the one on today (a fair held over several
 * days is on until its last day, `ends_on`) or the next one by date; when every dated fair is past,
 * the latest; an undated fair only when none has a date (then the newest). Not the one created last:
 * duplicating a fair to prepare next year's must not move the volunteers' screens off the fair they
 * are running (docs/spec.md).
 */
export function currentEvent<E extends Pick<EventRow, 'id' | 'starts_on'> & { ends_on?: string | null }>(
  events: readonly E[],
  today: string,
): E | undefined {
  const dated = events.filter((e): e is E & { starts_on: string } => e.starts_on !== null);
  const byDate = (a: { id: number; starts_on: string }, b: { id: number; starts_on: string }) =>
    a.starts_on.localeCompare(b.starts_on) || a.id - b.id;
  const lastDay = (e: E & { starts_on: string }) => (e.ends_on && e.ends_on > e.starts_on ? e.ends_on : e.starts_on);
  const upcoming = dated.filter((e) => lastDay(e) >= today).sort(byDate);
  if (upcoming.length) return upcoming[0];
  const past = dated.sort((a, b) => byDate(b, a));
  if (past.length) return past[0];
  return [...events].sort((a, b) => b.id - a.id)[0];
}

/**
 * Who to ask about an event id the read model does not know: the register (the kit's event check,
 * docs/platform.md « Events of a fair »), with the caller's own token.
 */
export interface EventAsker {
  events: EventCheck;
  bearer: string | undefined;
}

/**
 * The event a request is about: `event_id` when given (the register asked when the read model does
 * not know it yet, 404 when neither does), else the current one (`currentEvent`), else null when the
 * stock knows no event yet.
 */
export async function resolveEvent(
  db: Db,
  eventId: number | undefined,
  asker: EventAsker,
  today = todayInFrance(),
): Promise<EventRow | null> {
  if (eventId !== undefined) {
    await asker.events.require(eventId, asker.bearer);
    const event = await findEvent(db, eventId);
    if (!event) throw eventNotFound();
    return event;
  }
  return currentEvent(await listEvents(db), today) ?? null;
}

/** Same, for a write: an event is required. */
export async function requireEvent(db: Db, eventId: number | undefined, asker: EventAsker): Promise<EventRow> {
  const event = await resolveEvent(db, eventId, asker);
  if (!event) throw noEvent();
  return event;
}
