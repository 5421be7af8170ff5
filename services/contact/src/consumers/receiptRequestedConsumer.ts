import '../events.ts';
import { startConsumer, type EventConsumer, type EventEnvelope } from '@kermesse/kit/bus';
import { type Trx } from '@kermesse/kit/db';
import { type Logger } from '@kermesse/kit/http';
import type { ReceiptSettings } from '../receipts/render.ts';
import { queueReceiptMessage, settingsNow, type SaleCompletedDeps } from './saleCompletedConsumer.ts';

/**
 * Queues the receipt a cashier asked for after the sale (order detail « Envoyer reçu ») in the
 * same transaction as the inbox row: a redelivered event queues nothing more (inbox, and the
 * unique `request_id`), while a second request — a new `requestId` — sends again.
 */
export function startReceiptRequestedConsumer(deps: SaleCompletedDeps): Promise<EventConsumer> {
  return startConsumer({
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    name: 'contact-receipt-requested',
    type: 'receipt.requested',
    async handle(event, trx) {
      const queued = await queueRequestedReceipt(event, trx, await settingsNow(deps.receipt), deps.logger);
      if (queued && deps.onQueued) void trx.executionPromise.then(deps.onQueued, () => undefined);
    },
  });
}

/** The consumer's effect, on its own for tests: returns true when a job was queued. */
export function queueRequestedReceipt(
  event: EventEnvelope<'receipt.requested'>,
  trx: Trx,
  settings: ReceiptSettings,
  logger: Logger,
): Promise<boolean> {
  const request = event.payload;
  return queueReceiptMessage(trx, request, { channel: request.method, to: request.to, requestId: request.requestId }, settings, logger);
}
