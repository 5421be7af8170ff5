import '../events.ts';
import { startConsumer, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { attachWaitingToEvent } from '../commands/attachWaitingToEvent.ts';
import { copyEventRaffles } from '../commands/copyEventRaffles.ts';
import { upsertEvent } from '../repositories/events.ts';

/**
 * `catalog.event.created`: keeps the read model of the register's events and attaches the raffles
 * and gift baskets waiting for an event of that name (the demo ones), which are then published; a
 * duplicated event (`sourceEventId`) gets a copy of its source's raffles (under the name typed in the
 * duplicate dialog, `raffleName`) and gift baskets, once.
 */
export function startEventCreatedConsumer(deps: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer> {
  return startConsumer({
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    name: 'raffle-catalog-event-created',
    type: 'catalog.event.created',
    async handle(event, trx) {
      const { eventId, name, startsOn, sourceEventId, raffleName } = event.payload;
      await upsertEvent(trx, { id: eventId, name, startsOn });
      await attachWaitingToEvent(trx, { id: eventId, name });
      if (sourceEventId !== undefined && sourceEventId !== eventId) await copyEventRaffles(trx, sourceEventId, eventId, raffleName);
      // The configuration events recorded here wake the outbox relay once this transaction commits.
    },
  });
}
