/** The periodic job (docs/compliance/conditions.md §2–3): closes every ended period, then archives each association month closed without an archive. */
import type { Db } from '@kermesse/kit/db';
import type { SecretBox } from '@kermesse/kit/secrets';
import { loadTillSigner } from '../compliance/signingKey.ts';
import { periodOf } from '../compliance/periods.ts';
import { monthsWithoutArchive } from '../repositories/archives.ts';
import { closeEndedPeriods } from './closeEndedPeriods.ts';
import { produceArchive } from './produceArchive.ts';

export async function closeAndArchive(
  db: Db,
  secrets: SecretBox | undefined,
  actor = 'système',
): Promise<{ closings: number; archives: number }> {
  const signer = await loadTillSigner(db, secrets);
  const { created } = await closeEndedPeriods(db, signer, { actor });
  let archives = 0;
  for (const month of await monthsWithoutArchive(db)) {
    const { end } = periodOf('month', month);
    const last = new Date(`${end}T00:00:00Z`);
    last.setUTCDate(last.getUTCDate() - 1);
    try {
      await produceArchive(db, signer, { kind: 'month', from: month, last: last.toISOString().slice(0, 10), actor });
      archives += 1;
    } catch (err) {
      // Two replicas archiving the same month: the unique index keeps one, the other stops here.
      if ((err as { code?: string }).code !== '23505') throw err;
    }
  }
  return { closings: created, archives };
}
