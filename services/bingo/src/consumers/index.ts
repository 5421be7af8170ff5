/**
 * Events bingo reads: the register's events (a loto night belongs to one; a duplicated fair gets a
 * copy of its source's nights) and its sales (the cartons sold, to whom) and refunds (the cartons
 * voided). Durable and inbox-protected: a redelivered event changes nothing.
 */
import '../events.ts';
import { startConsumer, type Bus, type EventConsumer, type EventPayloads } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { attachWaitingNights, upsertEvent } from '../repositories/nights.ts';
import { recordCartonSale, voidRefundedCartons } from '../commands/cartonSales.ts';
import { copyEventNights } from '../commands/copyEventNights.ts';
import { recordBingoConfigured } from '../commands/configured.ts';

/** A register's event: kept, given the nights that waited for it, and filled from the fair it duplicates. */
export async function learnEvent(trx: Trx, event: EventPayloads['catalog.event.created']): Promise<void> {
  const { eventId, name, startsOn, sourceEventId } = event;
  await upsertEvent(trx, { id: eventId, name, starts_on: startsOn ?? null });
  // The night's event changed: the register and accounting learn it through its configuration.
  for (const nightId of await attachWaitingNights(trx, { id: eventId, name })) await recordBingoConfigured(trx, nightId);
  if (sourceEventId !== undefined && sourceEventId !== eventId) await copyEventNights(trx, sourceEventId, eventId, startsOn ?? null);
}

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
    handle: (event, trx) => learnEvent(trx, event.payload),
  });
  return {
    async stop() {
      await Promise.all([events.stop(), sales.stop(), refunds.stop()]);
    },
  };
}
