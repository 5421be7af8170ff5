import type { Db } from '@kermesse/kit/db';
import type { Tier } from '../rules/tierRules.ts';
import { insertGiftBasket, replaceBasketTiers } from '../repositories/giftBaskets.ts';
import { chooseEvent } from './chooseEvent.ts';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';

/** POST /api/admin/gift-basket: a new gift basket with its tiers (default name « Paniers garnis »). */
export async function createGiftBasket(db: Db, settings: { tiers: Tier[]; eventId?: number; name?: string }): Promise<number> {
  return db.transaction(async (trx) => {
    const eventId = await chooseEvent(trx, settings.eventId);
    const id = await insertGiftBasket(trx, { eventId, name: settings.name ?? 'Paniers garnis' });
    await replaceBasketTiers(trx, id, settings.tiers);
    await recordGiftBasketConfigured(trx, id);
    return id;
  });
}
