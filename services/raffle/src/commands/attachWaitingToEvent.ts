import type { Trx } from '@kermesse/kit/db';
import { attachWaitingGiftBaskets } from '../repositories/giftBaskets.ts';
import { attachWaitingRaffles } from '../repositories/raffles.ts';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/**
 * `catalog.event.created`: the raffles and baskets waiting for an event of that name (the demo
 * data, seeded before the register's event id is known) are attached to it and published.
 */
export async function attachWaitingToEvent(trx: Trx, event: { id: number; name: string }): Promise<{ raffles: number; baskets: number }> {
  const raffles = await attachWaitingRaffles(trx, event);
  for (const id of raffles) await recordRaffleConfigured(trx, id);
  const baskets = await attachWaitingGiftBaskets(trx, event);
  for (const id of baskets) await recordGiftBasketConfigured(trx, id);
  return { raffles: raffles.length, baskets: baskets.length };
}
