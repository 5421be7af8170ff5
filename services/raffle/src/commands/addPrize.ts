import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { checkPrize, type PrizeInput } from '@kermesse/contracts-raffle';
import { insertPrize, type PrizeRow } from '../repositories/prizes.ts';
import { lockRaffleOfPrizes } from '../repositories/raffles.ts';
import { recordRaffleConfigured } from './recordRaffleConfigured.ts';

/** POST /api/admin/raffles/{id}/prizes. */
export async function addPrize(db: Db, raffleId: number, input: PrizeInput): Promise<PrizeRow> {
  const check = checkPrize(input);
  if (!check.ok) throw raffleError('PRIZE_INVALID', check.message);
  return db.transaction(async (trx) => {
    const raffle = await lockRaffleOfPrizes(trx, raffleId);
    if (!raffle) throw raffleError('RAFFLE_NOT_FOUND');
    if (raffle.frozen) throw raffleError('PRIZES_FROZEN');
    const prize = await insertPrize(trx, raffleId, check.prize);
    await recordRaffleConfigured(trx, raffleId);
    return prize;
  });
}
