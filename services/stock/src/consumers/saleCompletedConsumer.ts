/** sale.completed: each product line of a sale lowers the stock of its product, exactly once. */
import type { EventEnvelope } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import {
  applySaleLines,
  ensureLevelsForEvent,
  ensureLevelsForProduct,
  ensureLevelsOf,
  type SaleLineChange,
} from '../levels/levelChanges.ts';
import { ensureEventKnown, ensureProductKnown, knownIds, lockCatalog } from '../repositories/catalog.ts';

/** Payment status 5: the payment failed, nothing left the stall. */
const FAILED = 5;

/** Up to this many sale.completed events are applied in one transaction when they queue up. */
export const SALES_PER_BATCH = 200;

type SaleLine = EventEnvelope<'sale.completed'>['payload']['lines'][number];

/** Runs inside the inbox transaction (a redelivered event never gets here twice). */
export function handleSaleCompleted(event: EventEnvelope<'sale.completed'>, trx: Trx): Promise<void> {
  return handleSalesCompleted([event], trx);
}

/**
 * Applies the sales of a batch (new to the inbox, in delivery order). Usually one statement,
 * whatever their number: every line whose level exists, except lines already applied. Each
 * movement carries the sale id and the line's position, unique together: the same sale published
 * again under another event id (in an earlier batch or in this one) still lowers the stock once.
 * A sale may arrive before the catalog events that describe its event or products: those lines
 * wait for their event, product and level to be created (a rare second round), then are applied.
 */
export async function handleSalesCompleted(events: EventEnvelope<'sale.completed'>[], trx: Trx): Promise<void> {
  const lines: SaleLineChange[] = [];
  const saleLines = new Map<SaleLineChange, SaleLine>();
  const seen = new Set<string>();
  for (const { payload: sale } of events) {
    if (sale.paymentStatus === FAILED) continue;
    sale.lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => line.kind === 'product' && line.productId > 0)
      // Within a sale, in product order as before (movement ids follow this order).
      .sort((a, b) => a.line.productId - b.line.productId || a.index - b.index)
      .forEach(({ line, index }) => {
        // The same sale twice in this batch (published again under another event id): once.
        const key = `${sale.saleId}:${index}`;
        if (seen.has(key)) return;
        seen.add(key);
        const change: SaleLineChange = {
          eventId: sale.eventId,
          productId: line.productId,
          variation: -line.quantity,
          saleId: sale.saleId,
          saleReference: sale.reference,
          saleLine: index,
          note: `Vente ${sale.reference}`,
        };
        lines.push(change);
        saleLines.set(change, line);
      });
  }
  if (lines.length === 0) return;
  const { withoutLevel } = await applySaleLines(trx, lines);
  if (withoutLevel.length === 0) return;

  // Lines without a level: make their event, product and level known, then apply them.
  const eventIds = [...new Set(withoutLevel.map((l) => l.eventId))];
  const productIds = [...new Set(withoutLevel.map((l) => l.productId))];
  const known = await knownIds(trx, eventIds, productIds);
  const unknownEvents = eventIds.filter((id) => !known.events.includes(id));
  const unknownProducts = [
    ...new Map(withoutLevel.filter((l) => !known.products.includes(l.productId)).map((l) => [l.productId, saleLines.get(l)!])).values(),
  ];
  if (unknownEvents.length || unknownProducts.length) {
    await lockCatalog(trx);
    for (const eventId of unknownEvents) if (await ensureEventKnown(trx, eventId)) await ensureLevelsForEvent(trx, eventId);
    for (const line of unknownProducts) if (await ensureProductKnown(trx, line)) await ensureLevelsForProduct(trx, line.productId);
  }
  for (const eventId of eventIds) {
    await ensureLevelsOf(trx, eventId, [...new Set(withoutLevel.filter((l) => l.eventId === eventId).map((l) => l.productId))]);
  }
  const second = await applySaleLines(trx, withoutLevel);
  if (second.withoutLevel.length) throw new Error(`no stock level for ${second.withoutLevel.length} sale line(s)`);
}
