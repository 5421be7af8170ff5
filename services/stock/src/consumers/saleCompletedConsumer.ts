/** sale.completed: each product line of a sale lowers the stock of its product, exactly once. */
import type { EventEnvelope, Trx } from '@kermesse/kit';
import { changeStock, ensureLevelsForEvent, ensureLevelsForProduct, ensureLevelsOf } from '../commands/levels.ts';
import { ensureEventKnown, ensureProductKnown } from '../repositories/catalog.ts';
import { lockCatalog } from './catalogConsumers.ts';

/** Payment status 5: the payment failed, nothing left the stall. */
const FAILED = 5;

/**
 * Runs inside the inbox transaction (a redelivered event never gets here twice). Each movement
 * also carries the sale id and the line's position, unique together: the same sale published
 * again under another event id still lowers the stock once.
 */
export async function handleSaleCompleted(event: EventEnvelope<'sale.completed'>, trx: Trx): Promise<void> {
  const sale = event.payload;
  if (sale.paymentStatus === FAILED) return;
  const lines = sale.lines
    .map((line, index) => ({ ...line, index }))
    .filter((line) => line.kind === 'product' && line.productId > 0)
    // Levels are changed in product order, like every other writer (no deadlock).
    .sort((a, b) => a.productId - b.productId || a.index - b.index);
  if (lines.length === 0) return;
  const productIds = [...new Set(lines.map((line) => line.productId))];

  // What this service already knows: the event, the products, and lines of this sale already applied.
  const known = (await trx.raw(
    `select exists(select 1 from events where id = ?) as event_known,
            array(select id from products where id = any(?::int[])) as products,
            array(select product_id from levels where event_id = ? and product_id = any(?::int[])) as levels,
            array(select sale_line from movements where sale_id = ?) as applied_lines`,
    [sale.eventId, productIds, sale.eventId, productIds, sale.saleId],
  )).rows[0] as { event_known: boolean; products: number[]; levels: number[]; applied_lines: number[] };

  // A sale may arrive before the catalog events that describe its event or products.
  const unknownProducts = lines.filter((line) => !known.products.includes(line.productId));
  if (!known.event_known || unknownProducts.length) {
    await lockCatalog(trx);
    if (await ensureEventKnown(trx, sale.eventId)) await ensureLevelsForEvent(trx, sale.eventId);
    for (const line of unknownProducts) if (await ensureProductKnown(trx, line)) await ensureLevelsForProduct(trx, line.productId);
  }
  if (productIds.some((id) => !known.levels.includes(id))) await ensureLevelsOf(trx, sale.eventId, productIds);

  const applied = new Set(known.applied_lines);
  for (const line of lines) {
    if (applied.has(line.index)) continue;
    await changeStock(trx, {
      eventId: sale.eventId,
      productId: line.productId,
      variation: -line.quantity,
      kind: 'sale',
      note: `Vente ${sale.reference}`,
      saleId: sale.saleId,
      saleReference: sale.reference,
      saleLine: line.index,
    });
  }
}
