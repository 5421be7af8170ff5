/**
 * `bingo.configured` → the night's read model, its category and its carton products, inside
 * the consumer's transaction; a configuration older than the one applied changes nothing.
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { bingoCategoryName, ensureBingoCategory, isBingoNewerThan, syncCartonProducts, upsertBingo } from '../repositories/bingoCatalog.ts';

export async function applyBingoConfigured(
  trx: Trx,
  event: EventPayloads['bingo.configured'],
  occurredAt = new Date().toISOString(),
): Promise<void> {
  if (await isBingoNewerThan(trx, event.bingoId, occurredAt)) return;
  // Older events (accounting's prize costs only) carry no price: one carton at 0 € is never sold.
  const tiers = event.tiers ?? (event.cartonPriceCents !== undefined ? [{ nb: 1, priceCents: event.cartonPriceCents }] : []);
  const open = (event.salesOpen ?? true) && event.eventId !== null && tiers.length > 0;
  const categoryName = bingoCategoryName(event.name);
  const categoryId = await ensureBingoCategory(trx, event.bingoId, categoryName, event.eventId);
  await upsertBingo(
    trx,
    event.bingoId,
    {
      event_id: event.eventId,
      name: event.name,
      total_cartons: event.totalCartons ?? 0,
      tiers: JSON.stringify(tiers),
      sales_open: open,
      updated_at: occurredAt,
    },
    categoryId,
  );
  await syncCartonProducts(trx, categoryId, categoryName, event.eventId, tiers, open);
}
