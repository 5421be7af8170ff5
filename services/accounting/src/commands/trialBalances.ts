/**
 * Trial balances: saved as the treasurer typed or pasted them (`data_csv_raw`), imported into rows
 * all or nothing. A locked trial balance, or one of a closed year, is read-only (409).
 */
import { type Db, type Trx } from '@kermesse/kit/db';
import { badRequest } from '@kermesse/kit/http';
import { decodeCsvBytes, NOT_CSV_MESSAGE, NotCsvError, readCsv } from '@kermesse/kit/csv';
import { plainAmount } from '@kermesse/contracts-common';
import { csvEmpty, csvInvalid, trialBalanceLocked, trialBalanceNotFound, yearLocked } from '../errors.ts';
import { accountTotals, lockJournal } from '../repositories/journal.ts';
import {
  deleteTrialBalance as deleteRecord,
  findTrialBalance,
  generatedTrialBalanceOf,
  insertTrialBalance,
  replaceRows,
  updateTrialBalance as updateRecord,
  type TrialBalanceRecord,
  setRowsYear,
} from '../repositories/trialBalances.ts';
import { isYearLocked } from '../repositories/years.ts';
import { parseTrialBalance } from '../trialBalances/trialBalanceCsv.ts';

export interface TrialBalanceValues {
  financial_year: number;
  data_csv_raw: string;
  locked?: boolean;
  forecast?: boolean;
}

async function writable(trx: Trx, id: number): Promise<TrialBalanceRecord> {
  const record = await findTrialBalance(trx, id, true);
  if (!record) throw trialBalanceNotFound();
  if (record.locked) throw trialBalanceLocked();
  if (record.year_locked) throw yearLocked(record.financial_year);
  return record;
}

async function assertYearOpen(trx: Trx, year: number): Promise<void> {
  if (await isYearLocked(trx, year)) throw yearLocked(year);
}

export async function createTrialBalance(db: Db, values: TrialBalanceValues): Promise<TrialBalanceRecord> {
  if (!values.data_csv_raw.trim()) throw csvEmpty();
  return db.transaction(async (trx) => {
    await assertYearOpen(trx, values.financial_year);
    const id = await insertTrialBalance(trx, {
      financial_year: values.financial_year,
      data_csv_raw: values.data_csv_raw,
      locked: values.locked ?? false,
      forecast: values.forecast ?? false,
      origin: 'manuelle',
    });
    return (await findTrialBalance(trx, id))!;
  });
}

export async function updateTrialBalance(db: Db, id: number, values: TrialBalanceValues): Promise<TrialBalanceRecord> {
  if (!values.data_csv_raw.trim()) throw csvEmpty();
  return db.transaction(async (trx) => {
    const record = await writable(trx, id);
    if (values.financial_year !== record.financial_year) await assertYearOpen(trx, values.financial_year);
    await updateRecord(trx, id, {
      financial_year: values.financial_year,
      data_csv_raw: values.data_csv_raw,
      locked: values.locked ?? false,
      forecast: values.forecast ?? record.forecast,
    });
    if (values.financial_year !== record.financial_year) await setRowsYear(trx, id, values.financial_year);
    return (await findTrialBalance(trx, id))!;
  });
}

export async function deleteTrialBalance(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await writable(trx, id);
    await deleteRecord(trx, id);
  });
}

/**
 * `POST /api/trials/import/{id}`: reads `data_csv_raw` (or the file sent, which then replaces it)
 * and replaces the rows. Every problem is reported with its line and nothing is written.
 */
export async function importTrialBalance(db: Db, id: number, file?: Uint8Array): Promise<{ created: number }> {
  return db.transaction(async (trx) => {
    const record = await writable(trx, id);
    let text = record.data_csv_raw;
    let csv;
    if (file) {
      // Keep what the file says, decoded, so the form shows it as it was imported.
      try {
        text = decodeCsvBytes(file).text.replace(/^\uFEFF/, '');
      } catch (err) {
        if (err instanceof NotCsvError) throw badRequest(NOT_CSV_MESSAGE).withCode('NOT_CSV');
        throw err;
      }
      csv = readCsv(file);
    } else {
      csv = readCsv(new TextEncoder().encode(text));
    }
    if (!text.trim()) throw csvEmpty();
    const parsed = parseTrialBalance(csv);
    if (parsed.errors.length) throw csvInvalid(parsed.errors);
    const created = await replaceRows(trx, id, record.financial_year, parsed.rows);
    await updateRecord(trx, id, { imported_at: new Date(), ...(file ? { data_csv_raw: text } : {}) });
    return { created };
  });
}

/** The CSV « Générer la balance » writes: one line per account of the year's journal. */
export function journalBalanceCsv(
  totals: Array<{ account: string; account_label: string; debit_cents: number; credit_cents: number }>,
): string {
  const lines = ['Compte;Libellé;Débit;Crédit'];
  for (const t of totals)
    lines.push(
      [t.account, t.account_label.replace(/;/g, ','), plainAmount(Number(t.debit_cents)), plainAmount(Number(t.credit_cents))].join(';'),
    );
  return `${lines.join('\n')}\n`;
}

/**
 * « Générer la balance »: the year's trial balance from the journal, written like a file the
 * treasurer would import (so it reads back through the same import), replacing the one generated
 * before unless that one is locked.
 */
export async function generateTrialBalance(db: Db, year: number): Promise<{ record: TrialBalanceRecord; created: number }> {
  return db.transaction(async (trx) => {
    await lockJournal(trx);
    await assertYearOpen(trx, year);
    const csvText = journalBalanceCsv(await accountTotals(trx, year));
    const existing = await generatedTrialBalanceOf(trx, year);
    const id =
      existing ??
      (await insertTrialBalance(trx, { financial_year: year, data_csv_raw: csvText, locked: false, forecast: false, origin: 'journal' }));
    const parsed = parseTrialBalance(readCsv(new TextEncoder().encode(csvText)));
    const created = parsed.errors.length ? 0 : await replaceRows(trx, id, year, parsed.rows);
    await updateRecord(trx, id, { data_csv_raw: csvText, imported_at: new Date() });
    return { record: (await findTrialBalance(trx, id))!, created };
  });
}
