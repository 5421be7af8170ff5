/** The idle time after which a register locks back to its token form, set per event (issue 11). */
import type { Db } from '@kermesse/kit/db';

/** Used when the register names no event (or an unknown one). */
export const DEFAULT_IDLE_LOCK_MINUTES = 30;

/** `GET /api/cr/settings?eventId=…` (or `?checkoutId=…`): that event's idle lock, else 30 minutes. */
export async function idleLockForRegister(db: Db, query: Record<string, unknown>): Promise<number> {
  const number = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const eventId = number(query.eventId);
  const checkoutId = number(query.checkoutId);
  let row: { idle_lock_minutes: number } | undefined;
  if (eventId !== undefined) {
    row = (await db('events').where({ id: eventId }).first('idle_lock_minutes')) as typeof row;
  } else if (checkoutId !== undefined) {
    row = (await db('checkouts as c')
      .join('events as e', 'e.id', 'c.event_id')
      .where('c.id', checkoutId)
      .first('e.idle_lock_minutes')) as typeof row;
  }
  return row?.idle_lock_minutes ?? DEFAULT_IDLE_LOCK_MINUTES;
}
