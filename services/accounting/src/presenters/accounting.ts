/** Rows → API shapes exactly as docs/spec.md §3 names them (euros with two decimals). */
import { toEuros } from '@kermesse/contracts-common';
import { type TrialBalance, type TrialBalanceRow } from '@kermesse/contracts-accounting';
import type { RowRecord, TrialBalanceRecord } from '../repositories/trialBalances.ts';

export function presentTrialBalance(record: TrialBalanceRecord): TrialBalance {
  return {
    id: record.id,
    financial_year: record.financial_year,
    data_csv_raw: record.data_csv_raw,
    locked: record.locked || record.year_locked,
    forecast: record.forecast,
    origin: record.origin,
    rows: record.rows,
    imported_at: record.imported_at ? new Date(record.imported_at).toISOString() : null,
  };
}

/** balance = debit − credit: expenses positive, revenues negative. */
export function presentRow(row: RowRecord): TrialBalanceRow {
  const debit = Number(row.debit_cents);
  const credit = Number(row.credit_cents);
  return {
    accountCode: row.account_code,
    accountLabel: row.account_label,
    debit: toEuros(debit),
    credit: toEuros(credit),
    balance: toEuros(debit - credit),
    financial_year: row.financial_year,
  };
}
