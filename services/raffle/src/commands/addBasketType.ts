import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { checkBasketType } from '../rules/basketTypeRules.ts';
import { insertBasketType, lockGiftBasketRow, type BasketTypeRow } from '../repositories/giftBaskets.ts';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';

/** POST /api/admin/gift-basket/{id}/prizes: a basket to win. */
export async function addBasketType(db: Db, basketId: number, input: { name?: unknown; price?: unknown }): Promise<BasketTypeRow> {
  const type = checkBasketType(input);
  return db.transaction(async (trx) => {
    if (!(await lockGiftBasketRow(trx, basketId))) throw raffleError('GIFT_BASKET_NOT_FOUND');
    const row = await insertBasketType(trx, basketId, type);
    await recordGiftBasketConfigured(trx, basketId);
    return row;
  });
}
