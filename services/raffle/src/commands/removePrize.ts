import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { deletePrize, lockPrize } from '../repositories/prizes.ts';
import { lockRaffleOfPrizes } from '../repositories/raffles.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/** DELETE /api/admin/prizes/{id}; answers the illustration to remove from disk. */
export async function removePrize(db: Db, prizeId: number): Promise<{ illustration: string | null }> {
  return db.transaction(async (trx) => {
    const current = await lockPrize(trx, prizeId);
    if (!current) throw raffleError('PRIZE_NOT_FOUND');
    const raffle = await lockRaffleOfPrizes(trx, current.raffle_id);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (raffle.frozen) throw raffleError('PRIZES_FROZEN');
    await deletePrize(trx, prizeId);
    await recordRaffleConfigured(trx, current.raffle_id);
    return { illustration: current.illustration };
  });
}
