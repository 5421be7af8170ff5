/**
 * The sales journal's key at rest. A deployment gives `JOURNAL_HMAC_KEY` (docs/deploy.md): one key for
 * the whole install, nothing stored. Otherwise — the embedded install behind `npm start`, or a host
 * without it — each association's key lives in its own `journal_key` row, sealed with
 * KERMESSE_SECRET_KEY (`@kermesse/kit/secrets`): created before the association's first record,
 * sealed again under a new secret key when the previous one is given (rotation). A journal that
 * already holds records without any stored key was chained with the development key: that key is the
 * one stored, so the chain from its first record still verifies. Why a key per association:
 * docs/decisions/journal-keys-per-association.md.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@kermesse/kit/db';
import type { SecretBox } from '@kermesse/kit/secrets';
import { currentAssociation } from '@kermesse/kit/tenancy';
import { readJournalKey } from '../env.ts';
import { DEVELOPMENT_JOURNAL_KEY, hasStoredJournalKey, useStoredJournalKey } from './journal.ts';

/** Where the associations' keys are read and made, once loadJournalKey has been given a secret key. */
let store: { db: Db; secrets: SecretBox } | undefined;

/**
 * At start: keys are kept in `db`, sealed with `secrets` (none when JOURNAL_HMAC_KEY is set or no
 * secret key is given). The current association's key (a single install's) is read or made now.
 */
export async function loadJournalKey(db: Db, secrets: SecretBox | undefined): Promise<void> {
  store = readJournalKey().key || !secrets ? undefined : { db, secrets };
  const association = currentAssociation();
  if (store && association) useStoredJournalKey(await keyOf(store), association);
}

/**
 * Makes sure the current association's key is known before its chain is written or checked: read
 * (or made) once per association and process. Called before every append and verification.
 */
export async function ensureJournalKey(): Promise<void> {
  const association = currentAssociation();
  if (!store || !association || hasStoredJournalKey(association)) return;
  useStoredJournalKey(await keyOf(store), association);
}

/** Forgets every key and the store (tests start each case as a new process would). */
export function forgetJournalKeys(): void {
  store = undefined;
  useStoredJournalKey(undefined);
}

/** The current association's key, read or made on a connection of its own (never the caller's transaction). */
function keyOf({ db, secrets }: { db: Db; secrets: SecretBox }): Promise<string> {
  return db.transaction(async (trx) => {
    const row: { sealed: string } | undefined = await trx('journal_key').where({ id: 1 }).forUpdate().first('sealed');
    if (row) {
      const plain = secrets.open(row.sealed);
      if (!secrets.isCurrent(row.sealed))
        await trx('journal_key')
          .where({ id: 1 })
          .update({ sealed: secrets.seal(plain) });
      return plain;
    }
    const chained = await trx('journal').first('seq');
    const plain = chained ? DEVELOPMENT_JOURNAL_KEY : randomBytes(32).toString('hex');
    // Two replicas making the first key at once: one row wins, both read it back.
    await trx('journal_key')
      .insert({ id: 1, sealed: secrets.seal(plain) })
      .onConflict(['association_id', 'id'])
      .ignore();
    const stored: { sealed: string } = await trx('journal_key').where({ id: 1 }).first('sealed');
    return secrets.open(stored.sealed);
  });
}
