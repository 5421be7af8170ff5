/**
 * What the register adds to an association's export, import and erase (docs/hosting-portability.md):
 * its product pictures travel with its rows; the export hands over a signed archive of the whole
 * sales journal (docs/compliance/conditions.md §3–4); and an erase is refused while a journal record
 * is newer than the host console's last export — the till law's records never go before the
 * association has received them.
 */
import type { Db } from '@kermesse/kit/db';
import type { SecretBox } from '@kermesse/kit/secrets';
import { associationFolder, type PortableDocument, type ServicePortability } from '@kermesse/kit/tenancy';
import { produceArchive } from './commands/produceArchive.ts';
import { localDay } from './compliance/periods.ts';
import { loadTillSigner } from './compliance/signingKey.ts';

/** Who the journal's event log names as the archive's author: the host console, not a person of the association. */
const HOST_ACTOR = 'hébergeur (exportation)';

export function registerPortability({ uploadsDir, secrets }: { uploadsDir: string; secrets?: SecretBox }): ServicePortability {
  return {
    filesDir: (associationId) => associationFolder(uploadsDir, associationId),
    async lastRecordAt(db: Db) {
      const row = await db('journal').max('recorded_at as last').first();
      return row?.last ? new Date(row.last as string) : null;
    },
    async documents(db: Db): Promise<PortableDocument[]> {
      const first = await db('journal').min('recorded_at as first').first();
      if (!first?.first) return [];
      const archive = await produceArchive(db, await loadTillSigner(db, secrets), {
        kind: 'on-demand',
        from: localDay(new Date(first.first as string)),
        last: localDay(new Date()),
        actor: HOST_ACTOR,
      });
      const row = await db('archives').where({ id: archive.id }).first('content');
      return [{ path: `journal/${archive.fileName}`, content: row.content as Buffer }];
    },
  };
}
