/**
 * Raffle prizes: added, corrected and removed while tickets sell; once the sales close, the prizes
 * to draw are frozen (no new or removed prize, same rank and quantity) — names, values, providers
 * and illustrations can still be corrected.
 */
import { type Db, type Trx } from '@kermesse/kit';
import { raffleMessage } from '@kermesse/contracts-raffle';
import { raffleError } from '../errors.ts';
import { checkPrize, type PrizeInput } from '../rules/prizeRules.ts';
import { recordRaffleConfigured } from './configure.ts';
import { deletePrize, findPrize, insertPrize, setIllustration, updatePrize, type PrizeRow } from '../repositories/prizes.ts';

export const PRIZES_FROZEN = raffleMessage('PRIZES_FROZEN');

/**
 * Locks the raffle of a prize (for update: its `raffle.configured`, recorded in the same transaction,
 * must see the changes committed before it); answers whether its sales are closed (prizes frozen).
 */
async function lockRaffleOf(trx: Trx, raffleId: number): Promise<{ frozen: boolean }> {
  const raffle = await trx('raffles').where({ id: raffleId }).forUpdate().first('id', 'sales_closed_at');
  if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
  return { frozen: raffle.sales_closed_at !== null };
}

/** POST /api/admin/raffles/{id}/prizes. */
export async function addPrize(db: Db, raffleId: number, input: PrizeInput): Promise<PrizeRow> {
  const check = checkPrize(input);
  if (!check.ok) throw raffleError('PRIZE_INVALID', check.message);
  return db.transaction(async (trx) => {
    if ((await lockRaffleOf(trx, raffleId)).frozen) throw raffleError('PRIZES_FROZEN');
    const prize = await insertPrize(trx, raffleId, check.prize);
    await recordRaffleConfigured(trx, raffleId);
    return prize;
  });
}

/** PUT /api/admin/prizes/{id}: the whole prize is sent; missing fields keep their value. */
export async function correctPrize(db: Db, prizeId: number, input: PrizeInput): Promise<PrizeRow> {
  return db.transaction(async (trx) => {
    const current = await trx('prizes').where({ id: prizeId }).forUpdate().first('*') as PrizeRow | undefined;
    if (!current) throw raffleError('PRIZE_NOT_FOUND');
    const { frozen } = await lockRaffleOf(trx, current.raffle_id);
    const merged: PrizeInput = {
      name: current.name, rank: current.rank, price: current.price_cents / 100, cost: current.cost_cents / 100,
      provider: current.provider, quantity: current.quantity, alcohol: current.alcohol,
    };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    // `label`/`weight` are the SPEC's other names of `name`/`rank`: the one sent wins.
    if (input.label !== undefined && input.name === undefined) merged.name = input.label;
    if (input.weight !== undefined) merged.rank = input.weight;
    const check = checkPrize({ ...merged, weight: undefined, label: undefined });
    if (!check.ok) throw raffleError('PRIZE_INVALID', check.message);
    if (frozen && (check.prize.rank !== current.rank || check.prize.quantity !== current.quantity)) throw raffleError('PRIZES_FROZEN');
    const prize = await updatePrize(trx, prizeId, check.prize);
    await recordRaffleConfigured(trx, current.raffle_id);
    return prize;
  });
}

/** DELETE /api/admin/prizes/{id}; answers the illustration to remove from disk. */
export async function removePrize(db: Db, prizeId: number): Promise<{ illustration: string | null }> {
  return db.transaction(async (trx) => {
    const current = await trx('prizes').where({ id: prizeId }).forUpdate().first('raffle_id', 'illustration');
    if (!current) throw raffleError('PRIZE_NOT_FOUND');
    if ((await lockRaffleOf(trx, current.raffle_id)).frozen) throw raffleError('PRIZES_FROZEN');
    await deletePrize(trx, prizeId);
    await recordRaffleConfigured(trx, current.raffle_id as number);
    return { illustration: current.illustration as string | null };
  });
}

/** Sets a prize's illustration; answers the prize and the previous file (to remove). */
export async function replaceIllustration(db: Db, prizeId: number, file: string): Promise<{ prize: PrizeRow; previous: string | null }> {
  return db.transaction(async (trx) => {
    const current = await trx('prizes').where({ id: prizeId }).forUpdate().first('illustration');
    if (!current) throw raffleError('PRIZE_NOT_FOUND');
    const prize = await setIllustration(trx, prizeId, file);
    return { prize, previous: current.illustration as string | null };
  });
}

export { findPrize };
