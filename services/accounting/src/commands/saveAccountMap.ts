import type { AccountMapBody } from '@kermesse/contracts-accounting';
import type { Db } from '@kermesse/kit/db';
import { writeAccountMap } from '../repositories/accountMap.ts';

/** The treasurer's choice of accounts per category and payment method, replaced as a whole. */
export async function saveAccountMap(db: Db, map: AccountMapBody): Promise<void> {
  await db.transaction((trx) => writeAccountMap(trx, map));
}
