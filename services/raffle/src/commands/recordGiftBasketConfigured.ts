import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Trx } from '@kermesse/kit/db';
import { findGiftBasket, listBasketTiers, listBasketTypes, lockGiftBasketRow } from '../repositories/giftBaskets.ts';
import { SOURCE } from './recordRaffleConfigured.ts';

/** Records `giftbasket.configured` for a basket whose event is known; false otherwise. */
export async function recordGiftBasketConfigured(trx: Trx, basketId: number): Promise<boolean> {
  // Locked first: concurrent changes of its types publish in turn, the later with both (latest wins).
  await lockGiftBasketRow(trx, basketId);
  const basket = await findGiftBasket(trx, basketId);
  if (!basket || basket.event_id === null) return false;
  const [tiers, types] = await Promise.all([listBasketTiers(trx, basketId), listBasketTypes(trx, basketId)]);
  await recordEvent(trx, SOURCE, 'giftbasket.configured', {
    giftBasketId: basketId,
    eventId: basket.event_id,
    name: basket.name,
    tiers: tiers.map((t) => ({ nb: t.nb, priceCents: t.priceCents })),
    types: types.map((t) => ({ id: t.id, name: t.name, priceCents: t.price_cents })),
  });
  return true;
}
