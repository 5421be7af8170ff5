/** The bank statements' lines and the entries of the bank account they are matched to (docs/bank.md). */
import type { Knex } from 'knex';
import { DEFAULT_BANK_ACCOUNT, type CsvLayout } from '@kermesse/contracts-accounting';

type Q = Knex | Knex.Transaction;

export interface BankLineRow {
  id: number;
  account: string;
  line_date: string;
  label: string;
  amount_cents: number;
  entry_id: number | null;
}

/** Keeps the lines not known yet (same fingerprint in this association); the number kept. */
export async function insertBankLines(
  q: Q,
  fileName: string,
  account: string,
  lines: ReadonlyArray<{ date: string; label: string; amountCents: number; fingerprint: string }>,
): Promise<number> {
  let kept = 0;
  // In slices: a year of statements is a few thousand lines, well under Postgres' parameter limit per slice.
  for (let i = 0; i < lines.length; i += 500) {
    const rows = lines.slice(i, i + 500).map((line) => ({
      line_date: line.date,
      label: line.label,
      amount_cents: line.amountCents,
      fingerprint: line.fingerprint,
      file_name: fileName,
      account,
    }));
    const inserted = (await q('bank_lines')
      .insert(rows)
      .onConflict(['association_id', 'account', 'fingerprint'])
      .ignore()
      .returning('id')) as unknown[];
    kept += inserted.length;
  }
  return kept;
}

const LINE_COLUMNS = ['id', 'account', 'label', 'entry_id'] as const;

export async function bankLinesBetween(q: Q, account: string, from: string, to: string): Promise<BankLineRow[]> {
  const rows = (await q('bank_lines')
    .where({ account })
    .whereBetween('line_date', [from, to])
    .select(...LINE_COLUMNS, q.raw("to_char(line_date, 'YYYY-MM-DD') as line_date"), 'amount_cents')
    .orderBy([{ column: 'line_date' }, { column: 'id' }])) as Array<
    BankLineRow & { amount_cents: string; id: string; entry_id: string | null }
  >;
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount_cents: Number(r.amount_cents),
    entry_id: r.entry_id === null ? null : Number(r.entry_id),
  }));
}

export async function findBankLine(q: Q, id: number, { forUpdate = false } = {}): Promise<BankLineRow | undefined> {
  const query = q('bank_lines')
    .where({ id })
    .first(...LINE_COLUMNS, q.raw("to_char(line_date, 'YYYY-MM-DD') as line_date"), 'amount_cents');
  if (forUpdate) void query.forUpdate();
  const row = (await query) as (BankLineRow & { amount_cents: string; id: string; entry_id: string | null }) | undefined;
  return (
    row && {
      ...row,
      id: Number(row.id),
      amount_cents: Number(row.amount_cents),
      entry_id: row.entry_id === null ? null : Number(row.entry_id),
    }
  );
}

export async function setBankMatch(q: Q, id: number, entryId: number | null, by: string | null): Promise<void> {
  await q('bank_lines')
    .where({ id })
    .update({ entry_id: entryId, matched_at: entryId === null ? null : q.fn.now(), matched_by: entryId === null ? null : by });
}

export async function lineMatchedTo(q: Q, account: string, entryId: number): Promise<number | null> {
  const row = (await q('bank_lines').where({ account, entry_id: entryId }).first('id')) as { id: string } | undefined;
  return row ? Number(row.id) : null;
}

/** Which of these entries a line of the account is matched to. */
export async function matchedEntryIds(q: Q, account: string, entryIds: readonly number[]): Promise<Set<number>> {
  if (entryIds.length === 0) return new Set();
  const rows = (await q('bank_lines')
    .where({ account })
    .whereIn('entry_id', [...entryIds])
    .select('entry_id')) as Array<{ entry_id: string }>;
  return new Set(rows.map((r) => Number(r.entry_id)));
}

export interface BankEntryRow {
  entry_id: number;
  year: number;
  entry_date: string;
  piece_ref: string;
  label: string;
  /** The entry's effect on the bank account: debit minus credit. */
  amount_cents: number;
}

const ENTRY_OF_ACCOUNT = `select e.id as entry_id, e.year, to_char(e.entry_date, 'YYYY-MM-DD') as entry_date, e.piece_ref, e.label,
    sum(l.debit_cents - l.credit_cents)::bigint as amount_cents
  from journal_entries e join journal_lines l on l.entry_id = e.id and l.account = ?`;

const toEntry = (r: BankEntryRow & { amount_cents: string | number; entry_id: string | number }): BankEntryRow => ({
  ...r,
  entry_id: Number(r.entry_id),
  amount_cents: Number(r.amount_cents),
});

/** The entries that moved the bank account between two days (both included), oldest first. */
export async function bankEntriesBetween(q: Q, account: string, from: string, to: string): Promise<BankEntryRow[]> {
  const { rows } = await q.raw(
    `${ENTRY_OF_ACCOUNT} where e.entry_date between ? and ? group by e.id having sum(l.debit_cents - l.credit_cents) <> 0 order by e.entry_date, e.id`,
    [account, from, to],
  );
  return (rows as Array<BankEntryRow & { amount_cents: string; entry_id: string }>).map(toEntry);
}

export async function findBankEntry(q: Q, account: string, entryId: number): Promise<BankEntryRow | undefined> {
  const { rows } = await q.raw(`${ENTRY_OF_ACCOUNT} where e.id = ? group by e.id`, [account, entryId]);
  const row = (rows as Array<BankEntryRow & { amount_cents: string; entry_id: string }>)[0];
  return row && toEntry(row);
}

export async function isYearLocked(q: Q, year: number): Promise<boolean> {
  const row = (await q('financial_years').where({ year }).first('locked')) as { locked: boolean } | undefined;
  return row?.locked ?? false;
}

export interface BankAccountRow {
  account: string;
  name: string;
  csv_layout: CsvLayout | null;
}

/** The association's bank accounts, 512 first; 512 « Banque » is there even before it is named. */
export async function listBankAccounts(q: Q): Promise<BankAccountRow[]> {
  const rows = (await q('bank_accounts').select('account', 'name', 'csv_layout').orderBy('account')) as BankAccountRow[];
  return rows.some((row) => row.account === DEFAULT_BANK_ACCOUNT)
    ? rows
    : [{ account: DEFAULT_BANK_ACCOUNT, name: 'Banque', csv_layout: null }, ...rows];
}

export async function findBankAccount(q: Q, account: string): Promise<BankAccountRow | undefined> {
  return (await listBankAccounts(q)).find((row) => row.account === account);
}

/** Names an account (adding it the first time). */
export async function saveBankAccount(q: Q, account: string, name: string): Promise<void> {
  await q('bank_accounts').insert({ account, name }).onConflict(['association_id', 'account']).merge({ name, updated_at: q.fn.now() });
}

/** Keeps the CSV columns chosen for the account's bank. */
export async function saveCsvLayout(q: Q, account: string, layout: CsvLayout): Promise<void> {
  await q('bank_accounts')
    .insert({ account, name: account === DEFAULT_BANK_ACCOUNT ? 'Banque' : account, csv_layout: JSON.stringify(layout) })
    .onConflict(['association_id', 'account'])
    .merge({ csv_layout: JSON.stringify(layout), updated_at: q.fn.now() });
}
