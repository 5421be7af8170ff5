import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { deleteBasketType, lockBasketType, typeHasBets } from '../repositories/giftBaskets.ts';
import { recordGiftBasketConfigured } from './recordGiftBasketConfigured.ts';

/** DELETE /api/admin/gift-basket/types/{id}: only a basket neither weighed nor bet on. */
export async function removeBasketType(db: Db, typeId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await lockBasketType(trx, typeId);
    if (!current) throw raffleError('BASKET_TYPE_NOT_FOUND');
    if (current.real_weight !== null) throw raffleError('BASKET_WEIGHED', current.name);
    if (await typeHasBets(trx, typeId)) throw raffleError('BASKET_HAS_BETS', current.name);
    await deleteBasketType(trx, typeId);
    await recordGiftBasketConfigured(trx, current.gift_basket_id);
  });
}
