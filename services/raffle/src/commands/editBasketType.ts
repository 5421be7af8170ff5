import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { checkBasketType } from '../rules/basketTypeRules.ts';
import { lockBasketType, updateBasketType, type BasketTypeRow } from '../repositories/giftBaskets.ts';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';

/** PUT /api/admin/gift-basket/types/{id}: its name and price. */
export async function editBasketType(db: Db, typeId: number, input: { name?: unknown; price?: unknown }): Promise<BasketTypeRow> {
  const type = checkBasketType(input);
  return db.transaction(async (trx) => {
    const current = await lockBasketType(trx, typeId);
    if (!current) throw raffleError('BASKET_TYPE_NOT_FOUND');
    const row = await updateBasketType(trx, typeId, type);
    await recordGiftBasketConfigured(trx, current.gift_basket_id);
    return row;
  });
}
