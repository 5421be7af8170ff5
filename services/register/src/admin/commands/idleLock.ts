/** The idle time after which a register locks back to its token form, set per event. */
import type { Db } from '@kermesse/kit/db';
import { checkoutIdleLock, eventIdleLock } from '../repositories/backOffice.ts';

/** Used when the register names no event (or an unknown one). */
export const DEFAULT_IDLE_LOCK_MINUTES = 30;

/** `GET /api/cr/settings?eventId=…` (or `?checkoutId=…`): that event's idle lock, else 30 minutes. */
export async function idleLockForRegister(db: Db, query: Record<string, unknown>): Promise<number> {
  const number = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const eventId = number(query.eventId);
  const checkoutId = number(query.checkoutId);
  const minutes =
    eventId !== undefined
      ? await eventIdleLock(db, eventId)
      : checkoutId !== undefined
        ? await checkoutIdleLock(db, checkoutId)
        : undefined;
  return minutes ?? DEFAULT_IDLE_LOCK_MINUTES;
}
