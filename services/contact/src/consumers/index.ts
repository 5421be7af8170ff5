/**
 * Events contact reads: a completed sale whose buyer asked for a receipt, and a receipt asked for
 * after the sale. Durable and inbox-protected: a redelivered event queues nothing more.
 */
import type { EventConsumer } from '@kermesse/kit/bus';
import { startReceiptRequestedConsumer } from './receiptRequestedConsumer.ts';
import { startSaleCompletedConsumer, type SaleCompletedDeps } from './saleCompletedConsumer.ts';

export type ContactConsumersDeps = SaleCompletedDeps;

export async function startContactConsumers(deps: ContactConsumersDeps): Promise<EventConsumer[]> {
  return [await startSaleCompletedConsumer(deps), await startReceiptRequestedConsumer(deps)];
}
