/** docs/compliance/conditions.md §5: every verification of the journal or of an archive is logged with its outcome. */
import type { Db } from '@kermesse/kit/db';
import type { JournalVerification } from '../journal/journal.ts';
import { logEvent } from './eventLog.ts';

export function logJournalCheck(db: Db, actor: string, result: JournalVerification) {
  return logEvent(db, {
    kind: 'journal.verified',
    actor,
    summary: result.ok
      ? `Journal des ventes vérifié : intact, ${result.records} enregistrements.`
      : `Journal des ventes vérifié : rompu à l'enregistrement n° ${result.firstBroken!.seq} (${result.firstBroken!.problem})`,
    payload: { ok: result.ok, records: result.records, firstBroken: result.firstBroken ?? null },
  });
}

export function logArchiveCheck(
  db: Db,
  actor: string,
  archive: { id: number | null; fileName: string },
  result: { ok: boolean; problems: string[] },
) {
  return logEvent(db, {
    kind: 'archive.verified',
    actor,
    summary: result.ok
      ? `Archive ${archive.fileName} vérifiée : intacte.`
      : `Archive ${archive.fileName} vérifiée : altérée (${result.problems.slice(0, 3).join(' ; ')}).`,
    payload: { ok: result.ok, archiveId: archive.id, fileName: archive.fileName, problems: result.problems.slice(0, 20) },
  });
}
