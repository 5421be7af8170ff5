/** docs/compliance/conditions.md §5: the event log records each software version the register starts with (an update, once). */
import type { Db } from '@kermesse/kit/db';
import { logEvent, readEventLog } from './eventLog.ts';
import { softwareVersion } from './version.ts';

export async function recordSoftwareVersion(db: Db): Promise<void> {
  const version = softwareVersion();
  const [last] = await readEventLog(db, { kinds: ['software.updated'], limit: 1 });
  const previous = last ? (JSON.parse(last.payload) as { version?: string }).version : undefined;
  if (previous === version) return;
  await logEvent(db, {
    kind: 'software.updated',
    actor: 'système',
    summary: previous ? `Logiciel mis à jour : version ${previous} → ${version}.` : `Logiciel installé : version ${version}.`,
    payload: { version, previous: previous ?? null },
  });
}
