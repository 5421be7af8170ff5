/** Gift-basket types (the baskets to win: name and value) and their weighing. */
import { badRequest, conflict, notFound, type Db } from '@kermesse/kit';
import { eurosToCents } from '../money.ts';
import {
  deleteBasketType, findBasketType, insertBasketType, setRealWeight, updateBasketType, type BasketTypeRow,
} from '../repositories/giftBaskets.ts';
import { GIFT_BASKET_LOCK_CLASS } from './claims.ts';
import { recordGiftBasketConfigured } from './configure.ts';

export const TYPE_REQUIRED = 'Le nom et le prix sont requis.';

/** SPEC §5: name and price must be non-empty. */
export function checkBasketType(input: { name?: unknown; price?: unknown }): { name: string; priceCents: number } {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const empty = input.price === undefined || input.price === null || (typeof input.price === 'string' && input.price.trim() === '');
  if (!name || empty) throw badRequest(TYPE_REQUIRED);
  if (name.length > 200) throw badRequest('Le nom ne doit pas dépasser 200 caractères.');
  const priceCents = eurosToCents(input.price);
  if (priceCents === undefined || priceCents < 0) throw badRequest('Le prix doit être un montant positif en euros (deux décimales au plus).');
  return { name, priceCents };
}

export async function addBasketType(db: Db, basketId: number, input: { name?: unknown; price?: unknown }): Promise<BasketTypeRow> {
  const type = checkBasketType(input);
  return db.transaction(async (trx) => {
    const basket = await trx('gift_baskets').where({ id: basketId }).forUpdate().first('id');
    if (!basket) throw notFound('Panier garni introuvable.');
    const row = await insertBasketType(trx, basketId, type);
    await recordGiftBasketConfigured(trx, basketId);
    return row;
  });
}

export async function editBasketType(db: Db, typeId: number, input: { name?: unknown; price?: unknown }): Promise<BasketTypeRow> {
  const type = checkBasketType(input);
  return db.transaction(async (trx) => {
    const current = await trx('gift_basket_types').where({ id: typeId }).forUpdate().first('gift_basket_id');
    if (!current) throw notFound('Type de panier introuvable.');
    const row = await updateBasketType(trx, typeId, type);
    await recordGiftBasketConfigured(trx, current.gift_basket_id as number);
    return row;
  });
}

export async function removeBasketType(db: Db, typeId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await trx('gift_basket_types').where({ id: typeId }).forUpdate().first('gift_basket_id', 'name', 'real_weight');
    if (!current) throw notFound('Type de panier introuvable.');
    if (current.real_weight !== null) throw conflict(`« ${current.name as string} » a déjà été pesé : ce panier ne peut plus être supprimé.`);
    const bets = await trx('bets').where({ type_id: typeId }).first('weight');
    if (bets) throw conflict(`Des paris ont déjà été pris sur « ${current.name as string} » : ce panier ne peut plus être supprimé.`);
    await deleteBasketType(trx, typeId);
    await recordGiftBasketConfigured(trx, current.gift_basket_id as number);
  });
}

/** Records (or corrects) the real weight of a basket; bets on it close. */
export async function weighBasket(db: Db, basketId: number, typeId: number, weight: number): Promise<BasketTypeRow> {
  return db.transaction(async (trx) => {
    const type = await findBasketType(trx, typeId);
    if (!type || type.gift_basket_id !== basketId) throw notFound('Type de panier introuvable.');
    await trx('gift_basket_types').where({ id: typeId }).forUpdate().first('id');
    // Waits for the claims in progress on this basket; later ones will find it weighed.
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [GIFT_BASKET_LOCK_CLASS, basketId]);
    const [pending] = await trx('bets').where({ type_id: typeId, status: 'held' }).where('expires_at', '>', trx.fn.now()).select(trx.raw('count(*)::int as n'));
    if ((pending as { n: number }).n > 0) throw conflict('Des paris sur ce panier sont en cours de vente sur une caisse. Réessayez dans quelques instants.');
    return setRealWeight(trx, typeId, weight);
  });
}
