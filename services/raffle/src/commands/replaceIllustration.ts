import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { lockPrize, setIllustration, type PrizeRow } from '../repositories/prizes.ts';

/** Sets a prize's illustration; answers the prize and the previous file (to remove). */
export async function replaceIllustration(db: Db, prizeId: number, file: string): Promise<{ prize: PrizeRow; previous: string | null }> {
  return db.transaction(async (trx) => {
    const current = await lockPrize(trx, prizeId);
    if (!current) throw raffleError('PRIZE_NOT_FOUND');
    const prize = await setIllustration(trx, prizeId, file);
    return { prize, previous: current.illustration };
  });
}
