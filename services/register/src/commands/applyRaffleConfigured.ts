/**
 * How raffles and gift baskets become sellable: each one known from the raffle service's
 * `raffle.configured` / `giftbasket.configured` events gets one product category (kind `raffle` /
 * `giftbasket`) holding one product per price tier {nb, p} — « 5 tickets » at p. A cart line of
 * such a product pays for quantity × nb tickets (docs/spec.md §9). New ticket products are offered by every
 * register of the raffle's event; a tier that disappears withdraws its product (`active` false), and
 * a raffle whose sales are closed withdraws them all. Runs inside the consumer's transaction.
 */
import type { EventPayloads } from '@kermesse/kit/bus';
import type { Trx } from '@kermesse/kit/db';
import {
  ensureCategory,
  isStale,
  syncTicketProducts,
  ticketCategoryName,
  upsertRaffle,
  type TicketCatalogInput,
} from '../repositories/ticketCatalog.ts';

/** `raffle.configured` → the raffle's read model, its category and its tier products. */
export async function applyRaffleConfigured(
  trx: Trx,
  event: EventPayloads['raffle.configured'],
  occurredAt = new Date().toISOString(),
): Promise<void> {
  if (await isStale(trx, 'raffles', event.raffleId, occurredAt)) return;
  const input: TicketCatalogInput = {
    kind: 'raffle',
    ownerId: event.raffleId,
    eventId: event.eventId,
    name: event.name,
    tiers: event.tiers,
    open: event.salesOpen ?? true,
  };
  const categoryId = await ensureCategory(trx, input);
  await upsertRaffle(trx, event, input.open, categoryId, occurredAt);
  await syncTicketProducts(trx, input, categoryId, ticketCategoryName('raffle', event.name));
}
