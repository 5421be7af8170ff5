import type { Db } from '@kermesse/kit/db';
import { expireHeld } from '../repositories/claims.ts';

/** Frees the numbers and weights of claims past their expiry (run periodically; correctness does not depend on it). */
export function expireClaims(db: Db): Promise<number> {
  return db.transaction((trx) => expireHeld(trx));
}
