/** Starts the stock service's durable consumers (inbox-protected, one per event type). */
import {
  startConsumer, type Bus, type Db, type EventConsumer, type EventEnvelope, type EventType, type Logger, type OutboxRelay, type Trx,
} from '@kermesse/kit';
import { recordedEvents } from '../commands/levels.ts';
import { handleEventCreated, handleProductChanged } from './catalogConsumers.ts';
import { handleSaleCompleted, handleSalesCompleted, SALES_PER_BATCH } from './saleCompletedConsumer.ts';
import { handleSaleRefunded } from './saleRefundedConsumer.ts';

export interface StockConsumersOptions {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** Woken after each handled event, so a stock.alert it recorded leaves at once. */
  relay?: OutboxRelay;
  /** Test hook: runs after the commit and before the ack. */
  beforeAck?(event: EventEnvelope): Promise<void> | void;
}

export const CONSUMER_NAMES = {
  saleCompleted: 'stock-sale-completed',
  eventCreated: 'stock-catalog-event-created',
  productChanged: 'stock-catalog-product-changed',
  saleRefunded: 'stock-sale-refunded',
} as const;

export async function startStockConsumers(options: StockConsumersOptions): Promise<{ stop(): Promise<void> }> {
  const { db, bus, logger, relay } = options;
  // Events whose handling recorded a stock.alert: the relay is woken once they are committed.
  const toPublish = new Set<string>();
  const watch = <T extends EventType>(handle: (event: EventEnvelope<T>, trx: Trx) => Promise<void>) =>
    async (event: EventEnvelope<T>, trx: Trx) => {
      await handle(event, trx);
      if (recordedEvents(trx)) toPublish.add(event.id);
    };
  const watchBatch = <T extends EventType>(handle: (events: EventEnvelope<T>[], trx: Trx) => Promise<void>) =>
    async (events: EventEnvelope<T>[], trx: Trx) => {
      await handle(events, trx);
      if (recordedEvents(trx)) for (const event of events) toPublish.add(event.id);
    };
  const afterCommit = async (event: EventEnvelope) => {
    if (toPublish.delete(event.id)) relay?.wake();
    await options.beforeAck?.(event);
  };
  // A handler takes milliseconds: after a crash, what the dead process held comes back within 10 s.
  const ackWaitMs = 10_000;
  const consumers: EventConsumer[] = [];
  consumers.push(await startConsumer({ db, bus, logger, name: CONSUMER_NAMES.eventCreated, type: 'catalog.event.created', handle: watch(handleEventCreated), beforeAck: afterCommit, ackWaitMs }));
  consumers.push(await startConsumer({ db, bus, logger, name: CONSUMER_NAMES.productChanged, type: 'catalog.product.changed', handle: watch(handleProductChanged), beforeAck: afterCommit, ackWaitMs }));
  consumers.push(await startConsumer({ db, bus, logger, name: CONSUMER_NAMES.saleCompleted, type: 'sale.completed', handle: watch(handleSaleCompleted), beforeAck: afterCommit, ackWaitMs,
    // Sales queue up at peak time: those waiting are applied together (one transaction, one statement for their lines).
    batchSize: SALES_PER_BATCH, handleBatch: watchBatch(handleSalesCompleted),
  }));
  consumers.push(await startConsumer({ db, bus, logger, name: CONSUMER_NAMES.saleRefunded, type: 'sale.refunded', handle: watch(handleSaleRefunded), beforeAck: afterCommit, ackWaitMs }));
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
