/** Starts the accounting service's durable consumers (inbox-protected, one per event type). */
import '../events.ts';
import { startConsumer, type Bus, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { recordSaleRefunded, recordTillClosed } from '../commands/postRefund.ts';
import { recordSaleSettled } from '../commands/postSale.ts';
import { recordSalesCompleted } from '../commands/postSales.ts';
import { upsertEvent } from '../repositories/fair.ts';
import { applyBingoConfigured, applyGiftBasketConfigured, applyRaffleConfigured } from './prizeCosts.ts';

export interface AccountingConsumersOptions {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Test hook: runs after the commit and before the ack. */
  beforeAck?(event: EventEnvelope): Promise<void> | void;
}

export const CONSUMER_NAMES = {
  saleCompleted: 'accounting-sale-completed',
  saleSettled: 'accounting-sale-settled',
  eventCreated: 'accounting-catalog-event-created',
  raffleConfigured: 'accounting-raffle-configured',
  giftBasketConfigured: 'accounting-giftbasket-configured',
  bingoConfigured: 'accounting-bingo-configured',
  saleRefunded: 'accounting-sale-refunded',
  tillClosed: 'accounting-till-closed',
} as const;

export async function startAccountingConsumers(options: AccountingConsumersOptions): Promise<{ stop(): Promise<void> }> {
  const { db, bus, logger, beforeAck } = options;
  const ackWaitMs = 10_000;
  const consumers: EventConsumer[] = [];
  consumers.push(
    await startConsumer<'catalog.event.created'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.eventCreated,
      type: 'catalog.event.created',
      beforeAck,
      ackWaitMs,
      handle: (event, trx) =>
        upsertEvent(trx, { id: event.payload.eventId, name: event.payload.name, startsOn: event.payload.startsOn ?? null }),
    }),
  );
  // Sales are taken in batches (a fair's catch-up after an outage, a busy fair): the sales waiting when
  // the previous batch commits are written together, their inbox rows and journal entries in one
  // transaction — a few statements per batch instead of a few per sale (see postSales.ts).
  // A message may wait behind a batch or two before its own: a longer ack wait avoids needless redeliveries.
  consumers.push(
    await startConsumer<'sale.completed'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.saleCompleted,
      type: 'sale.completed',
      beforeAck,
      ackWaitMs: 60_000,
      batchSize: 500,
      handle: (event, trx) => recordSalesCompleted(trx, [event.payload]),
      handleBatch: (events, trx) =>
        recordSalesCompleted(
          trx,
          events.map((event) => event.payload),
        ),
    }),
  );
  consumers.push(
    await startConsumer<'sale.settled'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.saleSettled,
      type: 'sale.settled',
      beforeAck,
      ackWaitMs,
      handle: (event, trx) => recordSaleSettled(trx, event.payload),
    }),
  );
  // Prize costs of raffle, gift baskets and loto (« Résultat de la fête »): see prizeCosts.ts.
  consumers.push(
    await startConsumer<'raffle.configured'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.raffleConfigured,
      type: 'raffle.configured',
      beforeAck,
      ackWaitMs,
      handle: applyRaffleConfigured,
    }),
  );
  consumers.push(
    await startConsumer<'giftbasket.configured'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.giftBasketConfigured,
      type: 'giftbasket.configured',
      beforeAck,
      ackWaitMs,
      handle: applyGiftBasketConfigured,
    }),
  );
  consumers.push(
    await startConsumer<'bingo.configured'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.bingoConfigured,
      type: 'bingo.configured',
      beforeAck,
      ackWaitMs,
      handle: applyBingoConfigured,
    }),
  );
  // Refunds (the reverse of a sale) and till closings (differences to 658 / 758), see postRefund.ts.
  consumers.push(
    await startConsumer<'sale.refunded'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.saleRefunded,
      type: 'sale.refunded',
      beforeAck,
      ackWaitMs,
      handle: (event, trx) => recordSaleRefunded(trx, event.payload),
    }),
  );
  consumers.push(
    await startConsumer<'till.closed'>({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.tillClosed,
      type: 'till.closed',
      beforeAck,
      ackWaitMs,
      handle: (event, trx) => recordTillClosed(trx, event.payload),
    }),
  );
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
