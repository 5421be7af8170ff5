import '../events.ts';
import { randomUUID } from 'node:crypto';
import { startConsumer, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { findEvent } from '../repositories/events.ts';
import { cancelImportedGatePass, insertImportedGatePass } from '../repositories/gatePasses.ts';

/** Who issued a ticket sold on HelloAsso, as the gate's lists show it. */
const ISSUED_BY = 'HelloAsso';

/**
 * `helloasso.ticket.sold` and `helloasso.ticket.refunded` (docs/gate.md §1): an event ticket of a
 * HelloAsso order becomes a pre-sold ticket with its signed code, once per item id (inbox, and the
 * unique source and id); refunded on HelloAsso, it is cancelled and the gate no longer lets it in.
 */
export function startHelloAssoTicketConsumers(deps: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer[]> {
  return Promise.all([
    startConsumer({
      ...deps,
      name: 'raffle-helloasso-ticket-sold',
      type: 'helloasso.ticket.sold',
      async handle(event, trx) {
        const { itemId, eventId, holder, label, quantity } = event.payload;
        // The fair's announcement may still be on its way: handled again later, never a ticket for an unknown fair.
        if (!(await findEvent(trx, eventId))) throw new Error(`événement ${eventId} inconnu de la tombola`);
        await insertImportedGatePass(trx, {
          id: randomUUID(),
          event_id: eventId,
          holder,
          label,
          quantity,
          issued_by: ISSUED_BY,
          source: 'helloasso',
          source_id: String(itemId),
        });
      },
    }),
    startConsumer({
      ...deps,
      name: 'raffle-helloasso-ticket-refunded',
      type: 'helloasso.ticket.refunded',
      async handle(event, trx) {
        await cancelImportedGatePass(trx, 'helloasso', String(event.payload.itemId));
      },
    }),
  ]);
}
