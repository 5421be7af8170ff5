/**
 * Records the daily, monthly and yearly closings of every period that has ended (docs/compliance/
 * conditions.md §2), per register and for the association, each chained to the previous one and
 * signed; then the archive of each association month just closed (§3). Run by a job every few
 * minutes and by the administrator's « Clôturer les périodes terminées »; running it twice records
 * nothing more.
 */
import type { Db } from '@kermesse/kit/db';
import { closingText, sha256Hex } from '../compliance/closingRecord.ts';
import { logEvent } from '../compliance/eventLog.ts';
import { closingsDue, localDay } from '../compliance/periods.ts';
import type { TillSigner } from '../compliance/signingKey.ts';
import { journalHead } from '../repositories/journal.ts';
import {
  checkoutNames,
  closedPeriodKeys,
  closingKey,
  dayMoneyBefore,
  insertClosings,
  lastClosing,
  lockClosings,
  type ClosingRow,
} from '../repositories/closings.ts';

/** A sale commits a moment after its time is taken: a day is closed once this much of the next has passed. */
const GRACE_MS = 10 * 60_000;

export interface ClosingsRecorded {
  created: number;
  /** The association months closed by this run (`YYYY-MM-01`), whose archive is due. */
  monthsClosed: string[];
}

export async function closeEndedPeriods(
  db: Db,
  signer: TillSigner,
  options: { now?: Date; actor?: string } = {},
): Promise<ClosingsRecorded> {
  const now = options.now ?? new Date();
  const today = localDay(new Date(now.getTime() - GRACE_MS));
  return db.transaction(async (trx) => {
    await lockClosings(trx);
    const done = await closedPeriodKeys(trx);
    const due = closingsDue(await dayMoneyBefore(trx, today), today).filter(
      (d) => !done.has(closingKey(d.kind, d.scope, d.checkoutId, d.periodStart)),
    );
    if (!due.length) return { created: 0, monthsClosed: [] };
    const names = await checkoutNames(trx);
    const journal = await journalHead(trx);
    let { seq, hash: prevHash } = await lastClosing(trx);
    const closedAt = new Date();
    const rows: ClosingRow[] = due.map((draft) => {
      seq += 1;
      const payload = closingText(draft, {
        seq,
        checkoutName: draft.checkoutId === null ? null : (names.get(draft.checkoutId) ?? null),
        journal,
        closedAt,
        prevHash,
        keyId: signer.keyId,
      });
      const row: ClosingRow = {
        seq,
        kind: draft.kind,
        scope: draft.scope,
        checkout_id: draft.checkoutId,
        period_start: draft.periodStart,
        period_end: draft.periodEnd,
        payload,
        prev_hash: prevHash,
        hash: sha256Hex(payload),
        signature: signer.sign(payload),
        key_id: signer.keyId,
        closed_at: closedAt,
      };
      prevHash = row.hash;
      return row;
    });
    await insertClosings(trx, rows);
    const monthsClosed = due.filter((d) => d.kind === 'month' && d.scope === 'association').map((d) => d.periodStart);
    const periods = due.filter((d) => d.scope === 'association').map((d) => `${d.kind} ${d.periodStart}`);
    await logEvent(trx, {
      kind: 'closings.recorded',
      actor: options.actor ?? 'système',
      summary: `${rows.length} clôture${rows.length > 1 ? 's' : ''} signée${rows.length > 1 ? 's' : ''} (n° ${rows[0]!.seq} à ${seq}).`,
      payload: { from: rows[0]!.seq, to: seq, associationPeriods: periods.slice(0, 50) },
    });
    return { created: rows.length, monthsClosed };
  });
}
