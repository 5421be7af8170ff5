/** The journal's rows (journal/journal.ts is the chain they form): appending, the head, and the reads a verification makes. */
import type { Db, Trx } from '@kermesse/kit/db';
import { journalBindings, journalCtes, type JournalEntry } from '../journal/journal.ts';
import { ensureJournalKey } from '../journal/journalKeyStore.ts';

/**
 * Waits until everything committed so far is on disk: a transaction that commits synchronously
 * flushes the WAL up to its commit record. A statement that appends to the journal may commit
 * asynchronously (`set_config('synchronous_commit', 'off', true)`), so the journal head's lock is not
 * held through the flush (which would serialise every sale on one fsync); it then calls this before
 * answering, and concurrent callers share one flush. A crash loses a suffix of the WAL, never a record
 * in the middle of the chain.
 */
export async function waitDurable(db: Db): Promise<void> {
  // A transactional WAL record gives the transaction an id and a commit record that is flushed.
  await db.raw("select pg_logical_emit_message(true, 'kermesse.durable', '')");
}

const APPEND = `with ${journalCtes()} select seq, hash from jh`;

/**
 * Appends a record; call it inside the transaction that writes what it records (the head row stays
 * locked until that transaction ends).
 */
export async function appendJournal(q: Db | Trx, entry: JournalEntry): Promise<{ seq: number; hash: string }> {
  await ensureJournalKey();
  const { rows } = (await q.raw(APPEND, journalBindings(entry))) as { rows: Array<{ seq: number; hash: string }> };
  const row = rows[0];
  if (!row) throw new Error('the journal record was not appended');
  return { seq: Number(row.seq), hash: row.hash };
}

/** The last record (seq, hash) — what a closing stores as its anchor. */
export async function journalHead(q: Db | Trx): Promise<{ seq: number; hash: string }> {
  const row = await journalHeadRow(q);
  // An association's head is made by its first record: before it, the chain's start.
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: '0'.repeat(64) };
}

// ---------------------------------------------------------------------------------------------------
// Verification

/** A journal record as stored. */
export interface JournalRow {
  seq: number;
  kind: string;
  reference: string;
  payload: string;
  prev_hash: string;
  hash: string;
  recorded_at: Date;
}

/** A sale as it is now, as its journal record describes it. */
export interface SaleNow {
  id: number;
  reference: string;
  total_cents: number;
  payment_mode: number;
  /** [productId, name, quantity, unitPriceCents, totalCents] in position order (arrays: a quarter faster to read than objects). */
  lines: Array<[number, string, number, number, number]>;
}

/**
 * A transaction that is one read-only snapshot (records written meanwhile are not seen). Given to
 * knex so the mode is on the BEGIN itself: the kit's first statement in every transaction (the
 * association's setting) would make a later SET TRANSACTION too late.
 */
export const READ_ONLY_SNAPSHOT = { isolationLevel: 'repeatable read', readOnly: true } as const;

/** The closings' anchors: the journal record each closed session printed. */
export async function journalAnchors(q: Db | Trx): Promise<Array<{ id: number; seq: number; hash: string }>> {
  const rows: Array<{ id: number; seq: number | string; hash: string }> = await q('till_sessions')
    .whereNotNull('last_journal_seq')
    .select('id', 'last_journal_seq as seq', 'last_journal_hash as hash');
  return rows.map((a) => ({ ...a, seq: Number(a.seq) }));
}

/** Up to `limit` records after `afterSeq`, in order. */
export const journalRecordsAfter = (q: Db | Trx, afterSeq: number, limit: number): Promise<JournalRow[]> =>
  q('journal')
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .select('seq', 'kind', 'reference', 'payload', 'prev_hash', 'hash', 'recorded_at');

/** These sales as they are now (total, mode, reference, lines). */
export async function salesNow(q: Db | Trx, references: string[]): Promise<SaleNow[]> {
  const { rows } = (await q.raw(
    `
        select s.id, s.reference, s.total_cents, s.payment_mode,
          coalesce((select json_agg(json_build_array(l.product_id, l.name, l.quantity, l.unit_price_cents, l.total_cents) order by l.position)
                    from sale_lines l where l.sale_id = s.id), '[]'::json) as lines
        from sales s where s.reference = any(?::text[])`,
    [references],
  )) as { rows: SaleNow[] };
  return rows;
}

/** The association's journal head row (undefined before its first record, or if it was deleted). */
export const journalHeadRow = (q: Db | Trx): Promise<{ seq: number | string; hash: string } | undefined> =>
  q('journal_head').where({ id: 1 }).first('seq', 'hash');
