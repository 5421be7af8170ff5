/** Starts the stock service's durable consumers (inbox-protected, one per event type). */
import '../events.ts';
import { startConsumer, type Bus, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { handleEventCreated, handleEventUpdated, handleProductChanged } from './catalogConsumers.ts';
import { handleSaleCompleted, handleSalesCompleted, SALES_PER_BATCH } from './saleCompletedConsumer.ts';
import { handleSaleRefunded } from './saleRefundedConsumer.ts';

export interface StockConsumersOptions {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Test hook: runs after the commit and before the ack. */
  beforeAck?(event: EventEnvelope): Promise<void> | void;
}

export const CONSUMER_NAMES = {
  saleCompleted: 'stock-sale-completed',
  eventCreated: 'stock-catalog-event-created',
  eventUpdated: 'stock-catalog-event-updated',
  productChanged: 'stock-catalog-product-changed',
  saleRefunded: 'stock-sale-refunded',
} as const;

export async function startStockConsumers(options: StockConsumersOptions): Promise<{ stop(): Promise<void> }> {
  const { db, bus, logger } = options;
  // A stock.alert recorded by a handler leaves at once: recordEvent wakes the relay after the inbox commit.
  const afterCommit = options.beforeAck;
  // A handler takes milliseconds: after a crash, what the dead process held comes back within 10 s.
  const ackWaitMs = 10_000;
  const consumers: EventConsumer[] = [];
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.eventCreated,
      type: 'catalog.event.created',
      handle: handleEventCreated,
      beforeAck: afterCommit,
      ackWaitMs,
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.eventUpdated,
      type: 'catalog.event.updated',
      handle: handleEventUpdated,
      beforeAck: afterCommit,
      ackWaitMs,
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.productChanged,
      type: 'catalog.product.changed',
      handle: handleProductChanged,
      beforeAck: afterCommit,
      ackWaitMs,
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.saleCompleted,
      type: 'sale.completed',
      handle: handleSaleCompleted,
      beforeAck: afterCommit,
      ackWaitMs,
      // Sales queue up at peak time: those waiting are applied together (one transaction, one statement for their lines).
      batchSize: SALES_PER_BATCH,
      handleBatch: handleSalesCompleted,
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: CONSUMER_NAMES.saleRefunded,
      type: 'sale.refunded',
      handle: handleSaleRefunded,
      beforeAck: afterCommit,
      ackWaitMs,
    }),
  );
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
