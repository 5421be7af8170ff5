/**
 * The journal: entries numbered without gaps within their year and chained by hash (each entry's
 * hash covers its content and the previous entry's hash), so any later change shows. Entries are
 * only ever added.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { accountLabel, type JournalLineDraft } from '@kermesse/contracts-accounting';
import { ASSOCIATION_SETTING } from '@kermesse/kit/tenancy';

type Q = Knex | Knex.Transaction;

export const GENESIS_HASH = '0'.repeat(64);

/**
 * The journal lock of the transaction's association: each association has its own chain and its own
 * numbering, so one association's writes never wait for another's.
 */
export const JOURNAL_LOCK_SQL = `pg_advisory_xact_lock(hashtext('accounting.journal:' || coalesce(current_setting('${ASSOCIATION_SETTING}', true), '')))`;

/** Every writer of the journal takes this lock first: one entry at a time, in chain order. */
export async function lockJournal(q: Q): Promise<void> {
  await q.raw(`select ${JOURNAL_LOCK_SQL}`);
}

export interface EntryDraft {
  journal: 'VE' | 'AC' | 'OD';
  /** 'YYYY-MM-DD' */
  date: string;
  pieceRef: string;
  label: string;
  eventId: number | null;
  source: string;
  lines: JournalLineDraft[];
}

export interface EntryContent {
  year: number;
  number: number;
  journal: string;
  date: string;
  pieceRef: string;
  label: string;
  lines: ReadonlyArray<{ account: string; debitCents: number; creditCents: number }>;
}

/** The hash of an entry: its content and the previous hash, in a fixed order. */
export function entryHash(prevHash: string, entry: EntryContent): string {
  const content = JSON.stringify([
    prevHash,
    entry.year,
    entry.number,
    entry.journal,
    entry.date,
    entry.pieceRef,
    entry.label,
    entry.lines.map((line) => [line.account, line.debitCents, line.creditCents]),
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/** Where the journal stands for a year, read in one round trip once the journal lock is held. */
export interface JournalState {
  prevHash: string;
  /** The last number used in the year (0 when none). */
  lastNumber: number;
  yearLocked: boolean;
  /** The account map's saved rows (`payment:ESP` → 530…). */
  mapRows: Array<[key: string, account: string]>;
}

export async function journalState(trx: Knex.Transaction, year: number): Promise<JournalState> {
  const row = (
    await trx.raw(
      `select (select hash from journal_entries order by id desc limit 1) as hash,
            (select coalesce(max(number), 0) from journal_entries where year = ?)::int as number,
            coalesce((select locked from financial_years where year = ?), false) as year_locked,
            coalesce((select json_agg(json_build_array(key, account)) from account_map), '[]') as map`,
      [year, year],
    )
  ).rows[0] as { hash: string | null; number: number; year_locked: boolean; map: Array<[string, string]> };
  return { prevHash: row.hash ?? GENESIS_HASH, lastNumber: row.number, yearLocked: row.year_locked, mapRows: row.map };
}

/**
 * Appends an entry in one statement (entry, its lines, and the link from what wrote it), inside the
 * caller's transaction, after `lockJournal` and `journalState`. Returns its id. The unique source
 * keeps a second entry for the same sale or purchase out, whatever the caller checked before.
 */
export async function appendEntry(
  trx: Knex.Transaction,
  draft: EntryDraft,
  state: JournalState,
  link: {
    table:
      | 'sales'
      | 'purchases'
      | 'refunds'
      | 'till_closings'
      | 'donations'
      | 'memberships'
      | 'helloasso_items'
      | 'helloasso_payouts'
      | 'bank_deposits';
    key: 'sale_id' | 'id' | 'refund_id' | 'session_id';
    id: number | string;
    /** The column that keeps the entry's id (`entry_id`; a HelloAsso item's refund keeps it apart). */
    column?: 'entry_id' | 'refund_entry_id';
  },
): Promise<number> {
  const year = Number(draft.date.slice(0, 4));
  const number = state.lastNumber + 1;
  const hash = entryHash(state.prevHash, {
    year,
    number,
    journal: draft.journal,
    date: draft.date,
    pieceRef: draft.pieceRef,
    label: draft.label,
    lines: draft.lines,
  });
  const lines = draft.lines.map((line, position) => ({
    position,
    account: line.account,
    account_label: accountLabel(line.account),
    debit_cents: line.debitCents,
    credit_cents: line.creditCents,
  }));
  const row = (
    await trx.raw(
      `with e as (
       insert into journal_entries (year, number, journal, entry_date, piece_ref, piece_date, label, event_id, source, prev_hash, hash)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id
     ), l as (
       insert into journal_lines (entry_id, position, account, account_label, debit_cents, credit_cents)
       select e.id, x.position, x.account, x.account_label, x.debit_cents, x.credit_cents
       from e, jsonb_to_recordset(?::jsonb) as x(position int, account text, account_label text, debit_cents bigint, credit_cents bigint)
     )
     update ?? set ?? = e.id from e where ??.?? = ? returning e.id`,
      [
        year,
        number,
        draft.journal,
        draft.date,
        draft.pieceRef,
        draft.date,
        draft.label,
        draft.eventId,
        draft.source,
        state.prevHash,
        hash,
        JSON.stringify(lines),
        link.table,
        link.column ?? 'entry_id',
        link.table,
        link.key,
        link.id,
      ],
    )
  ).rows[0] as { id: number };
  state.prevHash = hash;
  state.lastNumber = number;
  return row.id;
}

export interface StoredEntry {
  id: number;
  year: number;
  number: number;
  journal: string;
  entry_date: string;
  piece_ref: string;
  piece_date: string;
  label: string;
  event_id: number | null;
  prev_hash: string;
  hash: string;
  created_at: Date;
  lines: Array<{ account: string; account_label: string; debit_cents: number; credit_cents: number }>;
}

const ENTRY_SELECT = `select e.id, e.year, e.number, e.journal, e.entry_date, e.piece_ref, e.piece_date, e.label, e.event_id, e.prev_hash, e.hash, e.created_at,
  coalesce((select json_agg(json_build_object('account', l.account, 'account_label', l.account_label, 'debit_cents', l.debit_cents, 'credit_cents', l.credit_cents) order by l.position)
    from journal_lines l where l.entry_id = e.id), '[]') as lines
  from journal_entries e`;

export async function listEntries(q: Q, year: number): Promise<StoredEntry[]> {
  return (await q.raw(`${ENTRY_SELECT} where e.year = ? order by e.number`, [year])).rows as StoredEntry[];
}

/** Recomputes the chain from the first entry; the first entry that does not match, if any. */
export async function verifyChain(q: Q): Promise<{ entries: number; brokenAt: { year: number; number: number } | null }> {
  let prev = GENESIS_HASH;
  let count = 0;
  let afterId = 0;
  for (;;) {
    const batch = (await q.raw(`${ENTRY_SELECT} where e.id > ? order by e.id limit 2000`, [afterId])).rows as StoredEntry[];
    if (batch.length === 0) break;
    for (const entry of batch) {
      const expected = entryHash(prev, {
        year: entry.year,
        number: entry.number,
        journal: entry.journal,
        date: entry.entry_date,
        pieceRef: entry.piece_ref,
        label: entry.label,
        lines: entry.lines.map((l) => ({ account: l.account, debitCents: Number(l.debit_cents), creditCents: Number(l.credit_cents) })),
      });
      if (entry.prev_hash !== prev || entry.hash !== expected)
        return { entries: count, brokenAt: { year: entry.year, number: entry.number } };
      prev = entry.hash;
      count += 1;
      afterId = entry.id;
    }
  }
  return { entries: count, brokenAt: null };
}

/** Debit and credit totals per account of a year's journal (what « Générer la balance » writes). */
export async function accountTotals(
  q: Q,
  year: number,
): Promise<Array<{ account: string; account_label: string; debit_cents: number; credit_cents: number }>> {
  return (
    await q.raw(
      `
    select l.account, min(l.account_label) as account_label, sum(l.debit_cents)::bigint as debit_cents, sum(l.credit_cents)::bigint as credit_cents
    from journal_lines l join journal_entries e on e.id = l.entry_id
    where e.year = ? group by l.account order by l.account`,
      [year],
    )
  ).rows;
}

/** What a batch of entries needs, in one round trip: the chain's last hash, each year's last number, the closed years, the account map. */
export async function journalStateOfYears(
  trx: Knex.Transaction,
  years: readonly number[],
): Promise<{
  hash: string | null;
  numbers: Record<string, number>;
  locked: number[];
  map: Array<[string, string]>;
}> {
  return (
    await trx.raw(
      `select (select hash from journal_entries order by id desc limit 1) as hash,
            coalesce((select json_object_agg(y, n) from (select year as y, max(number) as n from journal_entries where year = any(?::int[]) group by year) m), '{}') as numbers,
            coalesce((select json_agg(year) from financial_years where locked and year = any(?::int[])), '[]') as locked,
            coalesce((select json_agg(json_build_array(key, account)) from account_map), '[]') as map`,
      [[...years], [...years]],
    )
  ).rows[0];
}

/**
 * Writes the sales' entries (VE), their lines and each sale's entry id in one statement. Ids follow
 * the chain order (`ord`), as verification reads the chain by id.
 */
export async function insertSaleEntries(
  trx: Knex.Transaction,
  entries: ReadonlyArray<Record<string, unknown>>,
  lines: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  await trx.raw(
    `with e as (
       insert into journal_entries (year, number, journal, entry_date, piece_ref, piece_date, label, event_id, source, prev_hash, hash)
       select x.year, x.number, 'VE', x.date, x.piece_ref, x.date, x.label, x.event_id, x.source, x.prev_hash, x.hash
       from jsonb_to_recordset(?::jsonb) as x(ord int, year int, number int, date date, piece_ref text, label text, event_id int, source text, prev_hash text, hash text, sale_id int)
       order by x.ord
       returning id, source
     ), l as (
       insert into journal_lines (entry_id, position, account, account_label, debit_cents, credit_cents)
       select e.id, x.position, x.account, x.account_label, x.debit_cents, x.credit_cents
       from e join jsonb_to_recordset(?::jsonb) as x(source text, position int, account text, account_label text, debit_cents bigint, credit_cents bigint) on x.source = e.source
     )
     update sales s set entry_id = e.id from e where s.sale_id = split_part(e.source, ':', 2)::int`,
    [JSON.stringify(entries), JSON.stringify(lines)],
  );
}
