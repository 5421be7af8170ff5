/** Keeps the read models of the register's catalogue and creates the levels of new pairs. */
import type { EventEnvelope } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import { applyDemoLevels, dropForeignLevels, ensureLevelsForEvent, ensureLevelsForProduct } from '../levels/levelChanges.ts';
import { lockCatalog, upsertEvent, upsertProduct } from '../repositories/catalog.ts';

/** catalog.event.created: the event and the levels of its own active products (none of the other events'). */
export async function handleEventCreated(event: EventEnvelope<'catalog.event.created'>, trx: Trx): Promise<void> {
  const { eventId, name, startsOn, endsOn } = event.payload;
  await learnEvent(trx, { id: eventId, name, startsOn: startsOn ?? null, endsOn });
}

/** catalog.event.updated: the event's name and dates as edited in the back office (which fair is current). */
export async function handleEventUpdated(event: EventEnvelope<'catalog.event.updated'>, trx: Trx): Promise<void> {
  const { eventId, name, startsOn, endsOn } = event.payload;
  await learnEvent(trx, { id: eventId, name, startsOn: startsOn ?? null, endsOn: endsOn ?? null });
}

/**
 * An event of the register, told by its announcement or by the register itself when a request named
 * it first (routes/resolveEvent.ts): kept with the levels of its own active products.
 */
export async function learnEvent(
  trx: Trx,
  event: { id: number; name: string; startsOn: string | null; endsOn?: string | null },
): Promise<void> {
  await lockCatalog(trx);
  await upsertEvent(trx, event);
  await ensureLevelsForEvent(trx, event.id);
  // Levels created under a placeholder name (a sale came first) get their demo level now.
  await applyDemoLevels(trx, { eventId: event.id });
}

/** catalog.product.changed: name, category, price and event as the register says, and levels in its event when on sale (ticket products have none). */
export async function handleProductChanged(event: EventEnvelope<'catalog.product.changed'>, trx: Trx): Promise<void> {
  await lockCatalog(trx);
  await upsertProduct(trx, event.payload);
  // A product belongs to one event: empty lines made for it elsewhere (before its event was known) go.
  if (event.payload.eventId !== undefined) await dropForeignLevels(trx, event.payload.productId, event.payload.eventId);
  if (!event.payload.active || (event.payload.kind ?? 'product') !== 'product') return;
  await ensureLevelsForProduct(trx, event.payload.productId);
  await applyDemoLevels(trx, { productId: event.payload.productId });
}
