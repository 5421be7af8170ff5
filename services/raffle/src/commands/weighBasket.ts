import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { countLiveHeldBets, findBasketType, lockBasketType, setRealWeight, type BasketTypeRow } from '../repositories/giftBaskets.ts';
import { lockGiftBasketExclusive } from '../repositories/locks.ts';

/** Records (or corrects) the real weight of a basket; bets on it close. */
export async function weighBasket(db: Db, basketId: number, typeId: number, weight: number): Promise<BasketTypeRow> {
  return db.transaction(async (trx) => {
    const type = await findBasketType(trx, typeId);
    if (!type || type.gift_basket_id !== basketId) throw raffleError('BASKET_TYPE_NOT_FOUND');
    await lockBasketType(trx, typeId);
    // Waits for the claims in progress on this basket; later ones will find it weighed.
    await lockGiftBasketExclusive(trx, basketId);
    if ((await countLiveHeldBets(trx, typeId)) > 0) throw raffleError('BETS_BEING_SOLD');
    return setRealWeight(trx, typeId, weight);
  });
}
