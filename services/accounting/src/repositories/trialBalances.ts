/** SQL of trial balances and their rows. Every function takes the transaction (or db) it runs in. */
import type { Knex } from 'knex';
import type { ParsedRow } from '../trialBalances/trialBalanceCsv.ts';

type Q = Knex | Knex.Transaction;

export interface TrialBalanceRecord {
  id: number;
  financial_year: number;
  data_csv_raw: string;
  locked: boolean;
  forecast: boolean;
  origin: 'manuelle' | 'journal';
  imported_at: Date | null;
  rows: number;
  year_locked: boolean;
}

export interface RowRecord {
  account_code: string;
  account_label: string;
  debit_cents: number;
  credit_cents: number;
  financial_year: number;
}

const SELECT = `select t.id, t.financial_year, t.data_csv_raw, t.locked, t.forecast, t.origin, t.imported_at,
  (select count(*) from trial_balance_rows r where r.trial_balance_id = t.id)::int as rows,
  coalesce((select y.locked from financial_years y where y.year = t.financial_year), false) as year_locked
  from trial_balances t`;

export async function listTrialBalances(q: Q): Promise<TrialBalanceRecord[]> {
  return (await q.raw(`${SELECT} order by t.financial_year desc, t.id desc`)).rows as TrialBalanceRecord[];
}

export async function findTrialBalance(q: Q, id: number, forUpdate = false): Promise<TrialBalanceRecord | undefined> {
  if (forUpdate) await q.raw('select id from trial_balances where id = ? for update', [id]);
  return (await q.raw(`${SELECT} where t.id = ?`, [id])).rows[0] as TrialBalanceRecord | undefined;
}

export async function insertTrialBalance(
  q: Q,
  values: { financial_year: number; data_csv_raw: string; locked: boolean; forecast: boolean; origin: 'manuelle' | 'journal' },
): Promise<number> {
  const [row] = await q('trial_balances').insert(values).returning('id');
  return (row as { id: number }).id;
}

export async function updateTrialBalance(
  q: Q,
  id: number,
  values: Partial<{ financial_year: number; data_csv_raw: string; locked: boolean; forecast: boolean; imported_at: Date }>,
): Promise<void> {
  await q('trial_balances')
    .where({ id })
    .update({ ...values, updated_at: q.fn.now() });
}

export async function deleteTrialBalance(q: Q, id: number): Promise<void> {
  await q('trial_balances').where({ id }).delete();
}

/** Replaces the rows of a trial balance (an import is all or nothing: the caller's transaction). */
export async function replaceRows(q: Q, id: number, financialYear: number, rows: ParsedRow[]): Promise<number> {
  await q('trial_balance_rows').where({ trial_balance_id: id }).delete();
  const records = rows.map((row) => ({
    trial_balance_id: id,
    line: row.line,
    account_code: row.accountCode,
    account_label: row.accountLabel,
    debit_cents: row.debitCents,
    credit_cents: row.creditCents,
    financial_year: financialYear,
  }));
  for (let start = 0; start < records.length; start += 1000) await q('trial_balance_rows').insert(records.slice(start, start + 1000));
  return records.length;
}

export async function listRows(q: Q, id: number): Promise<RowRecord[]> {
  return q('trial_balance_rows')
    .where({ trial_balance_id: id })
    .orderBy('line')
    .select('account_code', 'account_label', 'debit_cents', 'credit_cents', 'financial_year');
}

/**
 * The rows a year's reports are made of: those of the year's trial balance imported last (a
 * balance generated from the journal, or the one the treasurer imported after it); with
 * `forecast`, those of the year's budget instead.
 */
export async function rowsOfYear(q: Q, year: number, { forecast = false } = {}): Promise<RowRecord[]> {
  const latest = await q('trial_balances')
    .where({ financial_year: year, forecast })
    .whereNotNull('imported_at')
    .orderBy([
      { column: 'imported_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id');
  if (!latest) return [];
  return listRows(q, (latest as { id: number }).id);
}

/** The unlocked trial balance « Générer la balance » rewrites for a year, if there is one. */
export async function generatedTrialBalanceOf(q: Q, year: number): Promise<number | undefined> {
  const row = await q('trial_balances')
    .where({ financial_year: year, origin: 'journal', locked: false, forecast: false })
    .orderBy('id', 'desc')
    .first('id');
  return (row as { id: number } | undefined)?.id;
}

/** Moves a trial balance's rows to another financial year (the balance itself changed year). */
export async function setRowsYear(q: Q, id: number, financialYear: number): Promise<void> {
  await q('trial_balance_rows').where({ trial_balance_id: id }).update({ financial_year: financialYear });
}
