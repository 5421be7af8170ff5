/**
 * `npm run journal:restored -- "<motif>"`: run right after restoring the register's database from a
 * backup (docs/deploy.md « Backups and restore »). A restore brings the event log back to the backup's
 * state, so the restore itself is recorded afterwards (docs/compliance/conditions.md §5), followed by
 * a verification of the sales journal, logged too. Against DATABASE_URL; exit 1 when the journal is broken.
 */
import { createDb } from '@kermesse/kit/db';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { schema } from '../../migrations/index.ts';
import { verifyJournal } from '../commands/verifyJournal.ts';
import { readVerifyEnv } from '../env.ts';
import { loadJournalKey } from '../journal/journalKeyStore.ts';
import { logJournalCheck } from './checksLog.ts';
import { logEvent } from './eventLog.ts';

const reason = process.argv.slice(2).join(' ').trim();
if (!reason) {
  process.stderr.write('Usage : npm run journal:restored -- "motif de la restauration (sauvegarde du …)"\n');
  process.exit(2);
}
const db = createDb(readVerifyEnv().databaseUrl, { schema, poolMax: 2 });
try {
  await loadJournalKey(db, secretBoxFromEnv());
  const actor = process.env.USER ? `exploitant (${process.env.USER})` : 'exploitant';
  const { seq } = await logEvent(db, {
    kind: 'backup.restored',
    actor,
    summary: `Sauvegarde restaurée : ${reason.slice(0, 500)}`,
    payload: { reason: reason.slice(0, 500) },
  });
  const result = await verifyJournal(db);
  await logJournalCheck(db, actor, result);
  process.stdout.write(
    `Restauration enregistrée au journal des événements (n° ${seq}). ` +
      (result.ok
        ? `Journal des ventes intact : ${result.records} enregistrements.\n`
        : `Journal des ventes rompu à l'enregistrement n° ${result.firstBroken!.seq} : ${result.firstBroken!.problem}\n`),
  );
  process.exitCode = result.ok ? 0 : 1;
} catch (err) {
  process.stderr.write(`Enregistrement impossible : ${String(err)}\n`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
