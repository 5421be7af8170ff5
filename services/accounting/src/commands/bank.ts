/**
 * The bank reconciled (docs/bank.md): a statement's lines kept once, each line matched by the
 * treasurer to the entry of 512 that the books wrote for it (proposed: same amount within five days),
 * a match undone, and the year's reconciliation: the bank's and the books' figures, what stays
 * unmatched on either side. A match is fixed once the year of its line or its entry is closed.
 */
import type { Db } from '@kermesse/kit/db';
import {
  DEFAULT_BANK_ACCOUNT,
  DEFAULT_PAYMENT_ACCOUNTS,
  DEPOSIT_SOURCE_LABELS,
  proposeEntries,
  type BankAccount,
  type BankLine,
  type BookEntry,
  type CsvLayout,
  type DepositSource,
  type Reconciliation,
  type ReconciliationMonth,
} from '@kermesse/contracts-accounting';
import { toEuros } from '@kermesse/contracts-common';
import type { Statement } from '../bank/statement.ts';
import { yearOf } from '../dates.ts';
import { accountMapOf } from '../repositories/accountMap.ts';
import { insertSlipItems, type ChequeRow } from '../repositories/chequeSlips.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';
import {
  bankAmountMismatch,
  bankDepositNotCredit,
  bankEntryAlreadyMatched,
  bankEntryNotFound,
  bankLineAlreadyMatched,
  bankLineNotFound,
  chequeNotAvailable,
  yearLocked,
} from '../errors.ts';
import {
  bankEntriesBetween,
  bankLinesBetween,
  findBankEntry,
  findBankLine,
  insertBankLines,
  isYearLocked,
  lineMatchedTo,
  listBankAccounts,
  matchedEntryIds,
  saveCsvLayout,
  setBankMatch,
  type BankAccountRow,
  type BankEntryRow,
  type BankLineRow,
} from '../repositories/bank.ts';

/**
 * Keeps a statement's new lines in the account (a test run rolls back); the counts and the days it
 * covers. The CSV columns the treasurer chose are kept for the account's next statements.
 */
export async function importStatement(
  db: Db,
  values: { fileName: string; account: string; statement: Statement; dryRun: boolean; keepLayout?: CsvLayout },
): Promise<{ lines: number; alreadyImported: number; from: string | null; to: string | null }> {
  const { fileName, account, statement, dryRun } = values;
  const days = statement.lines.map((line) => line.date).sort();
  const span = { from: days[0] ?? null, to: days.at(-1) ?? null };
  let kept = 0;
  await db
    .transaction(async (trx) => {
      kept = await insertBankLines(trx, fileName, account, statement.lines);
      if (values.keepLayout) await saveCsvLayout(trx, account, values.keepLayout);
      if (dryRun) throw new DryRunDone();
    })
    .catch((err: unknown) => {
      if (!(err instanceof DryRunDone)) throw err;
    });
  return { lines: kept, alreadyImported: statement.lines.length - kept, ...span };
}

/** Ends a test run's transaction: everything it wrote is rolled back. */
class DryRunDone extends Error {}

const presentEntry = (e: BankEntryRow): BookEntry => ({
  entryId: e.entry_id,
  date: e.entry_date,
  pieceRef: e.piece_ref,
  label: e.label,
  amount: toEuros(e.amount_cents),
});

/** An entry as the reconciliation shows it (its effect on the bank account). */
export async function bookEntry(db: Db, account: string, entryId: number): Promise<BookEntry | undefined> {
  const entry = await findBankEntry(db, account, entryId);
  return entry && presentEntry(entry);
}

const shiftDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const presentBankAccount = (row: BankAccountRow): BankAccount => ({
  account: row.account,
  name: row.name,
  csvLayout: row.csv_layout,
});

/** The year's reconciliation of one bank account (docs/bank.md §3–4). */
export async function reconciliation(
  db: Db,
  year: number,
  account: string = DEFAULT_BANK_ACCOUNT,
  onlyLine?: number,
): Promise<Reconciliation> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const [lines, entries, locked, accounts] = await Promise.all([
    bankLinesBetween(db, account, from, to),
    // A line of 2 January may be the deposit written on 30 December: entries around the year are proposed too.
    bankEntriesBetween(db, account, shiftDays(from, -5), shiftDays(to, 5)),
    isYearLocked(db, year),
    listBankAccounts(db),
  ]);
  // An entry matched to a line of another year (a deposit of 30 December on the 2 January statement) is not free either.
  const taken = await matchedEntryIds(
    db,
    account,
    entries.map((e) => e.entry_id),
  );
  const byId = new Map(entries.map((e) => [e.entry_id, e]));
  for (const line of lines) {
    if (line.entry_id === null || byId.has(line.entry_id)) continue;
    const far = await findBankEntry(db, account, line.entry_id);
    if (far) byId.set(far.entry_id, far);
  }
  const free = entries
    .filter((e) => !taken.has(e.entry_id))
    .map((e) => ({ ...e, entryId: e.entry_id, date: e.entry_date, amountCents: e.amount_cents }));
  const present = (line: BankLineRow): BankLine => {
    const matched = line.entry_id === null ? null : (byId.get(line.entry_id) ?? null);
    return {
      id: line.id,
      date: line.line_date,
      label: line.label,
      amount: toEuros(line.amount_cents),
      matched: matched && presentEntry(matched),
      proposals:
        line.entry_id === null ? proposeEntries({ date: line.line_date, amountCents: line.amount_cents }, free).map(presentEntry) : [],
    };
  };
  const ofYear = entries.filter((e) => e.entry_date >= from && e.entry_date <= to);
  const months = new Map<string, ReconciliationMonth>();
  const month = (day: string) => {
    const key = day.slice(0, 7);
    const found = months.get(key) ?? { month: key, bank: 0, books: 0, unmatchedLines: 0, unmatchedEntries: 0 };
    months.set(key, found);
    return found;
  };
  // Sums in cents first, euros at the end: no float adds up a year of lines.
  const cents = new Map<string, { bank: number; books: number }>();
  for (const line of lines) {
    const m = month(line.line_date);
    const c = cents.get(m.month) ?? { bank: 0, books: 0 };
    c.bank += line.amount_cents;
    cents.set(m.month, c);
    if (line.entry_id === null) m.unmatchedLines += 1;
  }
  for (const entry of ofYear) {
    const m = month(entry.entry_date);
    const c = cents.get(m.month) ?? { bank: 0, books: 0 };
    c.books += entry.amount_cents;
    cents.set(m.month, c);
    if (!taken.has(entry.entry_id)) m.unmatchedEntries += 1;
  }
  for (const m of months.values()) {
    m.bank = toEuros(cents.get(m.month)?.bank ?? 0);
    m.books = toEuros(cents.get(m.month)?.books ?? 0);
  }
  return {
    year,
    account,
    accounts: accounts.map(presentBankAccount),
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    bankBalance: toEuros(lines.reduce((sum, l) => sum + l.amount_cents, 0)),
    booksBalance: toEuros(ofYear.reduce((sum, e) => sum + e.amount_cents, 0)),
    lines: lines.filter((l) => onlyLine === undefined || l.id === onlyLine).map(present),
    unmatchedEntries: ofYear.filter((e) => !taken.has(e.entry_id)).map(presentEntry),
    yearLocked: locked,
  };
}

/** Matches a line to an entry of its bank account of the same amount; refused once either's year is closed. */
export async function matchBankLine(
  db: Db,
  lineId: number,
  entryId: number,
  by: string | null,
): Promise<{ year: number; account: string }> {
  return db.transaction(async (trx) => {
    const line = await findBankLine(trx, lineId, { forUpdate: true });
    if (!line) throw bankLineNotFound();
    if (line.entry_id !== null) throw bankLineAlreadyMatched();
    const entry = await findBankEntry(trx, line.account, entryId);
    if (!entry) throw bankEntryNotFound();
    if (entry.amount_cents !== line.amount_cents) throw bankAmountMismatch(entry.amount_cents, line.amount_cents);
    for (const year of new Set([yearOf(line.line_date), entry.year])) if (await isYearLocked(trx, year)) throw yearLocked(year);
    if ((await lineMatchedTo(trx, line.account, entryId)) !== null) throw bankEntryAlreadyMatched();
    await setBankMatch(trx, lineId, entryId, by).catch((err: { code?: string }) => {
      // Two treasurers matching the same entry at once: the unique index keeps one.
      if (err.code === '23505') throw bankEntryAlreadyMatched();
      throw err;
    });
    return { year: yearOf(line.line_date), account: line.account };
  });
}

/** Undoes a match while both years are open. */
export async function unmatchBankLine(db: Db, lineId: number): Promise<{ year: number; account: string }> {
  return db.transaction(async (trx) => {
    const line = await findBankLine(trx, lineId, { forUpdate: true });
    if (!line) throw bankLineNotFound();
    if (line.entry_id === null) return { year: yearOf(line.line_date), account: line.account };
    const entry = await findBankEntry(trx, line.account, line.entry_id);
    for (const year of new Set([yearOf(line.line_date), entry?.year ?? yearOf(line.line_date)]))
      if (await isYearLocked(trx, year)) throw yearLocked(year);
    await setBankMatch(trx, lineId, null, null);
    return { year: yearOf(line.line_date), account: line.account };
  });
}

/**
 * A deposit to the bank written in the books (docs/bank.md §2), in one transaction under the journal
 * lock: debit 512 with what reached the bank and 627 with the fees, credit the account the money was
 * waiting on (the account map's 530, 5112 or 5115). Given a statement line, it is matched to it at once.
 */
export async function recordDeposit(
  db: Db,
  values: {
    date: string;
    source: DepositSource;
    amountCents: number;
    feesCents: number;
    lineId?: number;
    account?: string;
    /** A cheque slip: the fair it was made for and its cheques, each on one slip only. */
    eventId?: number;
    cheques?: readonly ChequeRow[];
    by: string | null;
  },
): Promise<{ entryId: number; year: number; account: string; depositId: number; pieceRef: string }> {
  return db.transaction(async (trx) => {
    const line = values.lineId === undefined ? undefined : await findBankLine(trx, values.lineId, { forUpdate: true });
    // The money reached the account of the statement line it is matched to.
    const bank = line?.account ?? values.account ?? DEFAULT_BANK_ACCOUNT;
    if (values.lineId !== undefined) {
      if (!line) throw bankLineNotFound();
      if (line.entry_id !== null) throw bankLineAlreadyMatched();
      if (line.amount_cents <= 0) throw bankDepositNotCredit();
      if (line.amount_cents !== values.amountCents) throw bankAmountMismatch(values.amountCents, line.amount_cents);
      if (await isYearLocked(trx, yearOf(line.line_date))) throw yearLocked(yearOf(line.line_date));
    }
    await lockJournal(trx);
    const year = yearOf(values.date);
    const state = await journalState(trx, year);
    if (state.yearLocked) throw yearLocked(year);
    const [row] = (await trx('bank_deposits')
      .insert({
        deposit_date: values.date,
        source: values.source,
        amount_cents: values.amountCents,
        fees_cents: values.feesCents,
        event_id: values.eventId ?? null,
        created_by: values.by,
      })
      .returning('id')) as Array<{ id: number }>;
    const pieceRef = `R-${String(row!.id).padStart(6, '0')}`;
    if (values.cheques)
      await insertSlipItems(trx, row!.id, values.cheques).catch((err: { code?: string; detail?: string }) => {
        // Another slip took one of these cheques meanwhile: the unique index keeps each cheque on one slip.
        if (err.code === '23505')
          throw chequeNotAvailable(
            values.cheques!.find((c) => err.detail?.includes(`, ${c.sale_id}, ${c.payment_index})`))?.sale_reference ?? '',
          );
        throw err;
      });
    const waiting = accountMapOf(state.mapRows).payments[values.source] ?? DEFAULT_PAYMENT_ACCOUNTS[values.source];
    const entryId = await appendEntry(
      trx,
      {
        journal: 'OD',
        date: values.date,
        pieceRef,
        label: `${DEPOSIT_SOURCE_LABELS[values.source]} ${pieceRef}`,
        eventId: null,
        source: `deposit:${row!.id}`,
        lines: [
          { account: bank, debitCents: values.amountCents, creditCents: 0 },
          ...(values.feesCents > 0 ? [{ account: '627', debitCents: values.feesCents, creditCents: 0 }] : []),
          { account: waiting, debitCents: 0, creditCents: values.amountCents + values.feesCents },
        ],
      },
      state,
      { table: 'bank_deposits', key: 'id', id: row!.id },
    );
    if (line) await setBankMatch(trx, line.id, entryId, values.by);
    return { entryId, year: line ? yearOf(line.line_date) : year, account: bank, depositId: row!.id, pieceRef };
  });
}
