/**
 * The technical event log (docs/compliance/conditions.md §5): sign-ins and their failures, changes of
 * prices, products, the meal deal, registers and accounts, till openings and closings, period closings,
 * archives, journal and archive verifications, duplicates printed, software versions and restores —
 * each a record chained like the sales journal (HMAC-SHA256 with the journal's key over its number,
 * kind, actor, time, summary, payload and the previous record's hash), read by the administrator.
 * An append takes the head row's lock until its transaction ends: records follow the commits' order.
 */
import type { Db, Trx } from '@kermesse/kit/db';
import { journalHash } from '../journal/journal.ts';
import { ensureJournalKey } from '../journal/journalKeyStore.ts';

export type EventLogKind =
  | 'signin.succeeded'
  | 'signin.failed'
  | 'account.changed'
  | 'product.changed'
  | 'price.changed'
  | 'mealdeal.changed'
  | 'register.changed'
  | 'till.opened'
  | 'till.closed'
  | 'closings.recorded'
  | 'archive.produced'
  | 'journal.verified'
  | 'archive.verified'
  | 'duplicate.printed'
  | 'settings.changed'
  | 'software.updated'
  | 'backup.restored';

export interface EventLogEntry {
  kind: EventLogKind;
  /** Who did it: an account id, `système`, or for a failed sign-in the address typed. */
  actor: string;
  /** What happened, in French, for the administrator. */
  summary: string;
  payload?: Record<string, unknown>;
  at?: Date;
}

/** The exact text a record's hash covers. */
export function eventLogContent(
  seq: number,
  kind: string,
  actor: string,
  recordedAt: string,
  summary: string,
  payload: string,
  prevHash: string,
) {
  return `${seq}\n${kind}\n${actor}\n${recordedAt}\n${summary}\n${payload}\n${prevHash}`;
}

/**
 * Locks the association's log head until the transaction ends (made at its first record: each
 * association has its own log, numbered from 1), and answers it.
 */
export async function lockEventLogHead(trx: Trx): Promise<{ seq: string | number; hash: string }> {
  await trx.raw(`insert into event_log_head (id, seq, hash) values (1, 0, repeat('0', 64)) on conflict (association_id, id) do nothing`);
  return trx('event_log_head').where({ id: 1 }).forUpdate().first('seq', 'hash');
}

async function appendIn(trx: Trx, entry: EventLogEntry): Promise<{ seq: number; hash: string }> {
  await ensureJournalKey();
  const head = await lockEventLogHead(trx);
  const seq = Number(head.seq) + 1;
  const recordedAt = (entry.at ?? new Date()).toISOString();
  const payload = JSON.stringify(entry.payload ?? {});
  const hash = journalHash(eventLogContent(seq, entry.kind, entry.actor, recordedAt, entry.summary, payload, head.hash));
  await trx('event_log').insert({
    seq,
    kind: entry.kind,
    actor: entry.actor,
    summary: entry.summary,
    payload,
    prev_hash: head.hash,
    hash,
    recorded_at: recordedAt,
  });
  await trx('event_log_head').where({ id: 1 }).update({ seq, hash });
  return { seq, hash };
}

/** Appends a record in the caller's transaction (with the change it records), or in one of its own. */
export function logEvent(q: Db | Trx, entry: EventLogEntry): Promise<{ seq: number; hash: string }> {
  return q.isTransaction ? appendIn(q as Trx, entry) : (q as Db).transaction((trx) => appendIn(trx, entry));
}

export interface EventLogRow {
  seq: number;
  kind: string;
  actor: string;
  summary: string;
  payload: string;
  prev_hash: string;
  hash: string;
  recorded_at: Date;
}

/** The newest records first, optionally of some kinds, before a number (paging). */
export function readEventLog(q: Db | Trx, filter: { kinds?: string[]; before?: number; limit?: number } = {}): Promise<EventLogRow[]> {
  const query = q('event_log')
    .orderBy('seq', 'desc')
    .limit(filter.limit ?? 100);
  if (filter.kinds?.length) query.whereIn('kind', filter.kinds);
  if (filter.before) query.where('seq', '<', filter.before);
  return query;
}

/** Every record, oldest first, from `afterSeq` (the archive and the verification). */
export const eventLogAfter = (q: Db | Trx, afterSeq: number, limit: number): Promise<EventLogRow[]> =>
  q('event_log').where('seq', '>', afterSeq).orderBy('seq').limit(limit);

/** Recomputes the log's chain; the first broken record in French, or ok. */
export async function verifyEventLog(q: Db | Trx): Promise<{ ok: boolean; records: number; problem?: string }> {
  await ensureJournalKey();
  let prev = '0'.repeat(64);
  let expected = 1;
  for (;;) {
    const rows = await eventLogAfter(q, expected - 1, 5000);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expected)
        return { ok: false, records: expected - 1, problem: `Enregistrement n° ${expected} du journal des événements manquant.` };
      const at = new Date(row.recorded_at).toISOString();
      if (
        row.prev_hash !== prev ||
        journalHash(eventLogContent(seq, row.kind, row.actor, at, row.summary, row.payload, row.prev_hash)) !== row.hash
      )
        return { ok: false, records: expected - 1, problem: `L'enregistrement n° ${seq} du journal des événements a été modifié.` };
      prev = row.hash;
      expected = seq + 1;
    }
    if (rows.length < 5000) break;
  }
  const head: { seq: string | number; hash: string } | undefined = await q('event_log_head').where({ id: 1 }).first('seq', 'hash');
  // No head: the association has logged nothing yet (its head comes with its first record).
  if (head ? Number(head.seq) !== expected - 1 || head.hash !== prev : expected > 1)
    return { ok: false, records: expected - 1, problem: 'Les derniers enregistrements du journal des événements ont été supprimés.' };
  return { ok: true, records: expected - 1 };
}
