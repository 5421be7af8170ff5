/**
 * Events bingo reads: the register's events (a loto night belongs to one; a duplicated fair gets a
 * copy of its source's nights) and its sales (the cartons sold, to whom) and refunds (the cartons
 * voided). Durable and inbox-protected: a redelivered event changes nothing.
 */
import '../events.ts';
import { startConsumer, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { upsertEvent } from '../repositories/nights.ts';
import { recordCartonSale, voidRefundedCartons } from '../commands/cartonSales.ts';
import { copyEventNights } from '../commands/copyEventNights.ts';

export async function startBingoConsumers({ db, bus, logger }: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer> {
  const sales = await startConsumer({
    db,
    bus,
    logger,
    name: 'bingo-sale-completed',
    type: 'sale.completed',
    handle: async (event, trx) => {
      await recordCartonSale(trx, event.payload);
    },
  });
  const refunds = await startConsumer({
    db,
    bus,
    logger,
    name: 'bingo-sale-refunded',
    type: 'sale.refunded',
    handle: async (event, trx) => {
      await voidRefundedCartons(trx, event.payload);
    },
  });
  const events = await startConsumer({
    db,
    bus,
    logger,
    name: 'bingo-catalog-event-created',
    type: 'catalog.event.created',
    handle: async (event, trx) => {
      const { eventId, name, startsOn, sourceEventId } = event.payload;
      await upsertEvent(trx, { id: eventId, name, starts_on: startsOn ?? null });
      if (sourceEventId !== undefined && sourceEventId !== eventId) await copyEventNights(trx, sourceEventId, eventId, startsOn ?? null);
    },
  });
  return {
    async stop() {
      await Promise.all([events.stop(), sales.stop(), refunds.stop()]);
    },
  };
}
