/** The raffle service's consumers: the register's sales and refunds, its events (catalog), and HelloAsso's tickets. */
import type { Bus, EventConsumer } from '@kermesse/kit/bus';
import type { Db } from '@kermesse/kit/db';
import type { Logger } from '@kermesse/kit/http';
import { startEventCreatedConsumer } from './eventCreatedConsumer.ts';
import { startHelloAssoTicketConsumers } from './helloAssoTicketsConsumer.ts';
import { startSaleCompletedConsumer } from './saleCompletedConsumer.ts';
import { startSaleRefundedConsumer } from './saleRefundedConsumer.ts';

export function startRaffleConsumers(deps: { db: Db; bus: Bus; logger: Logger }): Promise<EventConsumer[]> {
  const consumers = Promise.all([startSaleCompletedConsumer(deps), startSaleRefundedConsumer(deps), startEventCreatedConsumer(deps)]);
  return Promise.all([consumers, startHelloAssoTicketConsumers(deps)]).then((all) => all.flat());
}
