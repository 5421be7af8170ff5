import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { checkPrize, type PrizeInput } from '@kermesse/contracts-raffle';
import { lockPrize, updatePrize, type PrizeRow } from '../repositories/prizes.ts';
import { lockRaffleOfPrizes } from '../repositories/raffles.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/** PUT /api/admin/prizes/{id}: the whole prize is sent; missing fields keep their value. */
export async function correctPrize(db: Db, prizeId: number, input: PrizeInput): Promise<PrizeRow> {
  return db.transaction(async (trx) => {
    const current = await lockPrize(trx, prizeId);
    if (!current) throw raffleError('PRIZE_NOT_FOUND');
    const raffle = await lockRaffleOfPrizes(trx, current.raffle_id);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    const merged: PrizeInput = {
      name: current.name,
      rank: current.rank,
      price: current.price_cents / 100,
      cost: current.cost_cents / 100,
      provider: current.provider,
      quantity: current.quantity,
      alcohol: current.alcohol,
    };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    // `label`/`weight` are the spec's other names of `name`/`rank`: the one sent wins.
    if (input.label !== undefined && input.name === undefined) merged.name = input.label;
    if (input.weight !== undefined) merged.rank = input.weight;
    const check = checkPrize({ ...merged, weight: undefined, label: undefined });
    if (!check.ok) throw raffleError('PRIZE_INVALID', check.message);
    if (raffle.frozen && (check.prize.rank !== current.rank || check.prize.quantity !== current.quantity))
      throw raffleError('PRIZES_FROZEN');
    const prize = await updatePrize(trx, prizeId, check.prize);
    await recordRaffleConfigured(trx, current.raffle_id);
    return prize;
  });
}
