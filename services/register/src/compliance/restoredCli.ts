/**
 * `npm run journal:restored -- [--association <id>] "<motif>"`: run right after restoring the register's database from a
 * backup (docs/deploy.md « Backups and restore »). A restore brings the event log back to the backup's
 * state, so the restore itself is recorded afterwards (docs/compliance/conditions.md §5), followed by
 * a verification of the sales journal, logged too. Against DATABASE_URL, for one association (by
 * default the single install's; on a host, once for each association the backup holds); exit 1 when
 * the journal is broken.
 */
import { createDb } from '@kermesse/kit/db';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { withAssociation } from '@kermesse/kit/tenancy';
import { schema } from '../../migrations/index.ts';
import { verifyJournal } from '../commands/verifyJournal.ts';
import { readVerifyEnv } from '../env.ts';
import { readAssociationOption } from '../journal/cliAssociation.ts';
import { loadJournalKey } from '../journal/journalKeyStore.ts';
import { logJournalCheck } from './checksLog.ts';
import { logEvent } from './eventLog.ts';

const usage = 'Usage : npm run journal:restored -- [--association <uuid>] "motif de la restauration (sauvegarde du …)"\n';
const option = readAssociationOption(process.argv.slice(2));
if ('error' in option) {
  process.stderr.write(`${option.error}\n${usage}`);
  process.exit(2);
}
const reason = option.rest.join(' ').trim();
if (!reason) {
  process.stderr.write(usage);
  process.exit(2);
}
const db = createDb(readVerifyEnv().databaseUrl, { schema, poolMax: 2 });
try {
  await withAssociation(option.associationId, () => record(reason));
} catch (err) {
  process.stderr.write(`Enregistrement impossible : ${String(err)}\n`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}

/** Logs the restore and the journal's check that follows it, in the association's own log. */
async function record(reason: string): Promise<void> {
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
}
