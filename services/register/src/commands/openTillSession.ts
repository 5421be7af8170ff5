/** `POST /api/cr/checkouts/{id}/session/open {float: {cash}}`: a till session with its counted float. */
import type { Db } from '@kermesse/kit/db';
import { cents, loadCheckout, presentSession, tillError, ZERO } from '../till/closing.ts';
import { openSession } from '../repositories/tillSessions.ts';

/** 409 when one is open already. */
export async function openTillSession(db: Db, checkoutId: number, floatCash: number, userId: string) {
  const floatCashCents = cents(floatCash);
  const checkout = await loadCheckout(db, checkoutId);
  if (checkout.event_archived) throw tillError('badRequest', 'EVENT_ARCHIVED');
  if (checkout.checkout_archived) throw tillError('badRequest', 'CHECKOUT_ARCHIVED');
  const session = await openSession(db, { checkoutId, eventId: checkout.event_id, floatCashCents, automatic: false, userId });
  if (!session) throw tillError('conflict', 'SESSION_ALREADY_OPEN');
  return {
    open: true,
    session: presentSession(session, { taken: ZERO, refunded: ZERO, salesCount: 0, salesTotalCents: 0, refundsTotalCents: 0 }),
  };
}
