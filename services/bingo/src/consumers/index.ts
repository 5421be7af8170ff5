/** Events bingo reads: the register's events (a loto night belongs to one). */
import { startConsumer, type Bus, type Db, type EventConsumer, type Logger } from '@kermesse/kit';
import { upsertEvent } from '../repositories/nights.ts';

export async function startBingoConsumers({ db, bus, logger }: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer> {
  const consumer = await startConsumer({
    db, bus, logger, name: 'bingo-catalog-event-created', type: 'catalog.event.created',
    handle: async (event, trx) => {
      await upsertEvent(trx, { id: event.payload.eventId, name: event.payload.name, starts_on: event.payload.startsOn ?? null });
    },
  });
  return consumer;
}
