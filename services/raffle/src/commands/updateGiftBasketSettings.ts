import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import type { Tier } from '../rules/tierRules.ts';
import { lockGiftBasketRow, replaceBasketTiers, touchGiftBasket } from '../repositories/giftBaskets.ts';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';

/** PUT /api/admin/gift-basket/{id}: new tiers (and optionally a new name). */
export async function updateGiftBasketSettings(db: Db, basketId: number, settings: { tiers: Tier[]; name?: string }): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await lockGiftBasketRow(trx, basketId))) throw raffleError('GIFT_BASKET_NOT_FOUND');
    await touchGiftBasket(trx, basketId, { name: settings.name });
    await replaceBasketTiers(trx, basketId, settings.tiers);
    await recordGiftBasketConfigured(trx, basketId);
  });
}
