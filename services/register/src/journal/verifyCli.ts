/**
 * `npm run journal:verify [-- --association <id>]`: recomputes the sales journal's chain of one
 * association (by default the single install's) in the database of DATABASE_URL (default the local
 * one) and prints `{ ok, records, firstBroken? }`; exit code 1 when it is broken, 2 when it could not
 * check. Not an NF525 certification (see services/register/API.md).
 */
import { createDb } from '@kermesse/kit/db';
import { secretBoxFromEnv } from '@kermesse/kit/secrets';
import { withAssociation } from '@kermesse/kit/tenancy';
import { schema } from '../../migrations/index.ts';
import { readVerifyEnv } from '../env.ts';
import { verifyJournal } from '../commands/verifyJournal.ts';
import { readAssociationOption } from './cliAssociation.ts';
import { loadJournalKey } from './journalKeyStore.ts';

const option = readAssociationOption(process.argv.slice(2));
if ('error' in option) {
  process.stderr.write(`${option.error}\nUsage : npm run journal:verify -- [--association <uuid>]\n`);
  process.exit(2);
}
const of = option.named ? ` de l'association ${option.associationId}` : '';
const db = createDb(readVerifyEnv().databaseUrl, { schema, poolMax: 2 });
const started = Date.now();
try {
  await withAssociation(option.associationId, async () => {
    // The association's key, sealed in the database (KERMESSE_SECRET_KEY_FILE=.data/secret-key).
    await loadJournalKey(db, secretBoxFromEnv());
    const result = await verifyJournal(db);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.stderr.write(
      result.ok
        ? `Journal${of} intact : ${result.records} enregistrements vérifiés en ${((Date.now() - started) / 1000).toFixed(1)} s.\n`
        : `Journal${of} rompu à l'enregistrement n° ${result.firstBroken!.seq} : ${result.firstBroken!.problem}\n`,
    );
    process.exitCode = result.ok ? 0 : 1;
  });
} catch (err) {
  process.stderr.write(`Vérification impossible : ${String(err)}\n`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
