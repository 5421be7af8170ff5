/**
 * Produces the signed archive of a period (docs/compliance/conditions.md §3): its journal records,
 * closings and event log, as compliance/archive.ts lays them out, stored in `archives` (never altered)
 * and logged. A month's archive is made once, after its closing; an archive on demand covers any
 * days the administrator asks for.
 */
import type { Db } from '@kermesse/kit/db';
import { buildArchive } from '../compliance/archive.ts';
import { sha256Hex } from '../compliance/closingRecord.ts';
import { logEvent } from '../compliance/eventLog.ts';
import { nextDay, PERIOD_TIME_ZONE } from '../compliance/periods.ts';
import type { TillSigner } from '../compliance/signingKey.ts';
import { softwareVersion } from '../compliance/version.ts';
import { closingsOfPeriod, eventLogOfPeriod, insertArchive, journalOfPeriod } from '../repositories/archives.ts';

export interface ProducedArchive {
  id: number;
  fileName: string;
  sha256: string;
  size: number;
}

/** `from` and `last` are local days, both included. */
export async function produceArchive(
  db: Db,
  signer: TillSigner,
  input: { kind: 'month' | 'on-demand'; from: string; last: string; actor: string },
): Promise<ProducedArchive> {
  const to = nextDay(input.last);
  const [journal, closings, eventLog] = await Promise.all([
    journalOfPeriod(db, input.from, to),
    closingsOfPeriod(db, input.from, to),
    eventLogOfPeriod(db, input.from, to),
  ]);
  const { bytes, manifest } = await buildArchive(
    {
      period: { from: input.from, last: input.last, timeZone: PERIOD_TIME_ZONE },
      software: softwareVersion(),
      journal,
      closings,
      eventLog,
    },
    signer,
  );
  const fileName =
    input.kind === 'month' ? `kermesse-archive-${input.from.slice(0, 7)}.tar` : `kermesse-archive-${input.from}_${input.last}.tar`;
  const sha256 = sha256Hex(bytes);
  const id = await db.transaction(async (trx) => {
    const archiveId = await insertArchive(trx, {
      kind: input.kind,
      period_start: input.from,
      period_end: to,
      file_name: fileName,
      sha256,
      size: bytes.length,
      content: bytes,
      created_by: input.actor,
    });
    await logEvent(trx, {
      kind: 'archive.produced',
      actor: input.actor,
      summary: `Archive ${fileName} produite (${journal.length} enregistrements du journal, ${closings.length} clôtures, du ${input.from} au ${input.last}).`,
      payload: { archiveId, fileName, sha256, keyId: manifest.keyId },
    });
    return archiveId;
  });
  return { id, fileName, sha256, size: bytes.length };
}
