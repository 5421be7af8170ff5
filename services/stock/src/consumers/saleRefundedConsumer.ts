/**
 * sale.refunded: each refunded product line puts its quantity back in stock, exactly
 * once (the consumer's inbox drops a redelivered event). The movement is a correction whose note
 * names the sale (« Remboursement de la vente … »), so the ledger explains the level. A refund may
 * arrive before the sale's own event or the catalog events: the missing event, product and level
 * are created the way a sale creates them.
 */
import type { EventEnvelope } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { changeStock, ensureLevelsForEvent, ensureLevelsForProduct, ensureLevelsOf } from '../levels/levelChanges.ts';
import { ensureEventKnown, ensureProductKnown, knownIds, lockCatalog } from '../repositories/catalog.ts';

export const refundNote = (reference: string) => `Remboursement de la vente ${reference}`;

/** Runs inside the inbox transaction. */
export async function handleSaleRefunded(event: EventEnvelope<'sale.refunded'>, trx: Trx): Promise<void> {
  const refund = event.payload;
  // Per product, in product order (the lock order of every other writer of levels).
  const quantities = new Map<number, number>();
  for (const line of refund.lines) {
    if (line.kind !== 'product' || line.productId <= 0) continue;
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  if (quantities.size === 0) return;
  const productIds = [...quantities.keys()].sort((a, b) => a - b);

  const known = await knownIds(trx, [refund.eventId], productIds);
  const eventKnown = known.events.length > 0;
  const unknownProducts = productIds.filter((id) => !known.products.includes(id));
  if (!eventKnown || unknownProducts.length) {
    await lockCatalog(trx);
    if (!eventKnown && (await ensureEventKnown(trx, refund.eventId))) await ensureLevelsForEvent(trx, refund.eventId);
    for (const id of unknownProducts) {
      const line = refund.lines.find((l) => l.productId === id)!;
      if (await ensureProductKnown(trx, line)) await ensureLevelsForProduct(trx, id);
    }
  }
  await ensureLevelsOf(trx, refund.eventId, productIds);
  for (const productId of productIds) {
    await changeStock(trx, {
      eventId: refund.eventId,
      productId,
      variation: quantities.get(productId)!,
      kind: 'correction',
      note: refundNote(refund.reference),
      saleReference: refund.reference,
    });
  }
}
