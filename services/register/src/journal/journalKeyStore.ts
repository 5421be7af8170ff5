/**
 * The sales journal's key at rest. A deployment gives `JOURNAL_HMAC_KEY` (docs/deploy.md) and nothing
 * is stored. Otherwise — the embedded install behind `npm start` — the key lives in `journal_key`,
 * sealed with KERMESSE_SECRET_KEY (`@kermesse/kit/secrets`): created at the first start, sealed again
 * under a new secret key when the previous one is given (rotation). A journal that already holds
 * records without any stored key was chained with the development key: that key is the one stored,
 * so the chain from its first record still verifies.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import type { SecretBox } from '@kermesse/kit/secrets';
import { readJournalKey } from '../env.ts';
import { DEVELOPMENT_JOURNAL_KEY, useStoredJournalKey } from './journal.ts';

export async function loadJournalKey(db: Db, secrets: SecretBox | undefined): Promise<void> {
  if (readJournalKey().key || !secrets) return;
  const key = await db.transaction(async (trx) => {
    // The head's lock: no record is appended while the key is chosen, and two replicas choose one key.
    const head: { seq: number } = await trx('journal_head').where({ id: 1 }).forUpdate().first('seq');
    const row: { sealed: string } | undefined = await trx('journal_key').where({ id: 1 }).first('sealed');
    if (row) {
      const plain = secrets.open(row.sealed);
      if (!secrets.isCurrent(row.sealed))
        await trx('journal_key')
          .where({ id: 1 })
          .update({ sealed: secrets.seal(plain) });
      return plain;
    }
    const plain = Number(head.seq) > 0 ? DEVELOPMENT_JOURNAL_KEY : randomBytes(32).toString('hex');
    await trx('journal_key').insert({ id: 1, sealed: secrets.seal(plain) });
    return plain;
  });
  useStoredJournalKey(key);
}
