/** What the register knows of the stock: a product in alert shows so on its tile. Runs inside the consumer's transaction. */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { upsertStockAlert } from '../repositories/ticketCatalog.ts';

/** `stock.alert` → whether a product is in stock alert for an event (shown on the product tiles). */
export async function applyStockAlert(trx: Trx, event: EventPayloads['stock.alert']): Promise<void> {
  const row = {
    event_id: event.eventId,
    product_id: event.productId,
    is_alert: event.isAlert,
    stock: event.stock,
    alert_threshold: event.alertThreshold,
  };
  await upsertStockAlert(trx, row);
}
