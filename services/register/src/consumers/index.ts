/**
 * The events the register reads (ARCHITECTURE §2): raffle and gift-basket configurations become
 * ticket products, loto nights (`bingo.configured`) carton products, stock alerts flag product tiles. Each consumer is durable and inbox-protected,
 * so a redelivered event changes nothing.
 */
import { startConsumer, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { applyGiftBasketConfigured, applyRaffleConfigured, applyStockAlert } from '../commands/applyTicketCatalog.ts';
import { applyBingoConfigured } from '../bingo/catalog.ts';

export interface RegisterConsumers {
  stop(): Promise<void>;
}

export async function startRegisterConsumers(deps: { db: Db; bus: Bus; logger: Logger }): Promise<RegisterConsumers> {
  const { db, bus, logger } = deps;
  const consumers: EventConsumer[] = [];
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: 'register-raffle-configured',
      type: 'raffle.configured',
      async handle(event, trx) {
        await applyRaffleConfigured(trx, event.payload, event.occurredAt);
      },
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: 'register-giftbasket-configured',
      type: 'giftbasket.configured',
      async handle(event, trx) {
        await applyGiftBasketConfigured(trx, event.payload, event.occurredAt);
      },
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: 'register-bingo-configured',
      type: 'bingo.configured',
      async handle(event, trx) {
        await applyBingoConfigured(trx, event.payload, event.occurredAt);
      },
    }),
  );
  consumers.push(
    await startConsumer({
      db,
      bus,
      logger,
      name: 'register-stock-alert',
      type: 'stock.alert',
      async handle(event, trx) {
        await applyStockAlert(trx, event.payload);
      },
    }),
  );
  return {
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
