import '../events.ts';
import { startConsumer, type Bus, type EventConsumer } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import { voidRefundedNumbers } from '../commands/voidRefundedNumbers.ts';

/** `sale.refunded`: voids the refunded tickets and bets (inbox-protected). */
export function startSaleRefundedConsumer(deps: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer> {
  return startConsumer({
    ...deps,
    name: 'raffle-sale-refunded',
    type: 'sale.refunded',
    async handle(event, trx) {
      if (event.payload.tickets.length === 0 && event.payload.bets.length === 0) return;
      await voidRefundedNumbers(trx, event.payload, deps.logger);
    },
  });
}
