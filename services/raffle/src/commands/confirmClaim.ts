import type { Db } from '@kermesse/kit/db';
import { raffleError } from '../errors.ts';
import { confirmHeld, lockClaimStatus } from '../repositories/claims.ts';

/**
 * The register's sale holding this claim is committed: its numbers and bets never expire any more
 * (a NATS outage longer than the claim's lifetime must not show sold numbers as free), whether or not
 * `sale.completed` has arrived yet. Idempotent.
 */
export async function confirmClaim(db: Db, claimId: string, saleId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const status = await lockClaimStatus(trx, claimId);
    if (!status) throw raffleError('CLAIM_NOT_FOUND');
    if (status === 'released' || status === 'expired') throw raffleError('CLAIM_EXPIRED');
    await confirmHeld(trx, claimId, saleId);
  });
}
