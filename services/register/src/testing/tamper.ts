/**
 * Tampering as only a database superuser can: the inaltérabilité triggers (docs/compliance/conditions.md §1)
 * are off for this one transaction (`session_replication_role = replica`), so a test shows that the
 * journal's verification still catches what such a person changed. The service's own role may neither
 * set that nor alter those tables: the change runs on an owner connection of the same database, which
 * also bypasses row-level security (a test's database holds one association).
 */
import { createDb, ownerOf, type Db, type Trx } from '@kermesse/kit/db';

export async function tamperAsSuperuser(db: Db, change: (trx: Trx) => Promise<unknown>): Promise<void> {
  const owner = ownerOf(db);
  if (!owner) throw new Error('tamperAsSuperuser needs a database made by createDb');
  const ownerDb = createDb(owner.url, { schema: owner.schema, role: 'owner', poolMax: 1 });
  try {
    await ownerDb.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await change(trx);
    });
  } finally {
    await ownerDb.destroy();
  }
}
