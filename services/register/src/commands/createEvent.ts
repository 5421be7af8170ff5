import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { insertCheckout, insertEvent, type CheckoutRow, type EventRow } from '../repositories/events.ts';

/**
 * Creates an event with its registers; the `catalog.*` events that other services (bingo, stock)
 * read are recorded in the same transaction.
 */
export async function createEventWithCheckouts(
  db: Db,
  input: { name: string; startsOn?: string | null; checkouts: string[] },
): Promise<{ event: EventRow; checkouts: CheckoutRow[] }> {
  return db.transaction(async (trx) => {
    const event = await insertEvent(trx, input);
    await recordEvent(trx, 'register', 'catalog.event.created', { eventId: event.id, name: event.name, startsOn: event.starts_on });
    const checkouts: CheckoutRow[] = [];
    for (const name of input.checkouts) {
      const checkout = await insertCheckout(trx, { eventId: event.id, name });
      await recordEvent(trx, 'register', 'catalog.checkout.created', { checkoutId: checkout.id, eventId: event.id, name });
      checkouts.push(checkout);
    }
    return { event, checkouts };
  });
}
