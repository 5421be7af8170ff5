import '../events.ts';
import { startConsumer, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { recordCompletedSale } from '../commands/recordCompletedSale.ts';

/** `sale.completed`: confirms the claim and records ticket holders and bettors (inbox-protected). */
export function startSaleCompletedConsumer(deps: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer> {
  return startConsumer({
    ...deps,
    name: 'raffle-sale-completed',
    type: 'sale.completed',
    async handle(event, trx) {
      if (event.payload.tickets.length === 0 && event.payload.bets.length === 0 && !event.payload.claimId) return;
      await recordCompletedSale(trx, event.payload, deps.logger);
    },
  });
}
