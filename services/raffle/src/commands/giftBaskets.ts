/** Gift-basket types (the baskets to win: name and value) and their weighing. */
import { type Db } from '@kermesse/kit';
import { amountToCents, raffleMessage } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import {
  deleteBasketType, findBasketType, insertBasketType, setRealWeight, updateBasketType, type BasketTypeRow,
} from '../repositories/giftBaskets.ts';
import { lockGiftBasketExclusive } from '../repositories/locks.ts';
import { recordGiftBasketConfigured } from './configure.ts';

export const TYPE_REQUIRED = raffleMessage('BASKET_TYPE_REQUIRED');

/** SPEC §5: name and price must be non-empty. */
export function checkBasketType(input: { name?: unknown; price?: unknown }): { name: string; priceCents: number } {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const empty = input.price === undefined || input.price === null || (typeof input.price === 'string' && input.price.trim() === '');
  if (!name || empty) throw raffleError('BASKET_TYPE_REQUIRED');
  if (name.length > 200) throw raffleError('BASKET_TYPE_INVALID', 'Le nom ne doit pas dépasser 200 caractères.');
  const priceCents = amountToCents(input.price);
  if (priceCents === undefined || priceCents < 0) throw raffleError('BASKET_TYPE_INVALID', 'Le prix doit être un montant positif en euros (deux décimales au plus).');
  return { name, priceCents };
}

export async function addBasketType(db: Db, basketId: number, input: { name?: unknown; price?: unknown }): Promise<BasketTypeRow> {
  const type = checkBasketType(input);
  return db.transaction(async (trx) => {
    const basket = await trx('gift_baskets').where({ id: basketId }).forUpdate().first('id');
    if (!basket) throw raffleError('GIFT_BASKET_NOT_FOUND');
    const row = await insertBasketType(trx, basketId, type);
    await recordGiftBasketConfigured(trx, basketId);
    return row;
  });
}

export async function editBasketType(db: Db, typeId: number, input: { name?: unknown; price?: unknown }): Promise<BasketTypeRow> {
  const type = checkBasketType(input);
  return db.transaction(async (trx) => {
    const current = await trx('gift_basket_types').where({ id: typeId }).forUpdate().first('gift_basket_id');
    if (!current) throw raffleError('BASKET_TYPE_NOT_FOUND');
    const row = await updateBasketType(trx, typeId, type);
    await recordGiftBasketConfigured(trx, current.gift_basket_id as number);
    return row;
  });
}

export async function removeBasketType(db: Db, typeId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await trx('gift_basket_types').where({ id: typeId }).forUpdate().first('gift_basket_id', 'name', 'real_weight');
    if (!current) throw raffleError('BASKET_TYPE_NOT_FOUND');
    if (current.real_weight !== null) throw raffleError('BASKET_WEIGHED', current.name as string);
    const bets = await trx('bets').where({ type_id: typeId }).first('weight');
    if (bets) throw raffleError('BASKET_HAS_BETS', current.name as string);
    await deleteBasketType(trx, typeId);
    await recordGiftBasketConfigured(trx, current.gift_basket_id as number);
  });
}

/** Records (or corrects) the real weight of a basket; bets on it close. */
export async function weighBasket(db: Db, basketId: number, typeId: number, weight: number): Promise<BasketTypeRow> {
  return db.transaction(async (trx) => {
    const type = await findBasketType(trx, typeId);
    if (!type || type.gift_basket_id !== basketId) throw raffleError('BASKET_TYPE_NOT_FOUND');
    await trx('gift_basket_types').where({ id: typeId }).forUpdate().first('id');
    // Waits for the claims in progress on this basket; later ones will find it weighed.
    await lockGiftBasketExclusive(trx, basketId);
    const [pending] = await trx('bets').where({ type_id: typeId, status: 'held' }).where('expires_at', '>', trx.fn.now()).select(trx.raw('count(*)::int as n'));
    if ((pending as { n: number }).n > 0) throw raffleError('BETS_BEING_SOLD');
    return setRealWeight(trx, typeId, weight);
  });
}
