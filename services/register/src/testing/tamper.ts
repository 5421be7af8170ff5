/**
 * Tampering as only a database superuser can: the inaltérabilité triggers (docs/compliance/conditions.md §1)
 * are off for this one transaction (`session_replication_role = replica`), so a test shows that the
 * journal's verification still catches what such a person changed.
 */
import type { Db, Trx } from '@kermesse/kit/db';

export async function tamperAsSuperuser(db: Db, change: (trx: Trx) => Promise<unknown>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await change(trx);
  });
}
