import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { lockClaimStatus, releaseHeld } from '../repositories/claims.ts';

/** Frees what a claim holds (its sale failed). Idempotent; a claim already confirmed by a sale stays. */
export async function releaseClaim(db: Db, claimId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const status = await lockClaimStatus(trx, claimId);
    if (!status) return;
    if (status === 'confirmed') throw raffleError('CLAIM_CONFIRMED');
    await releaseHeld(trx, claimId);
  });
}
