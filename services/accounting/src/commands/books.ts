/** Closing a year and entering a fair's purchases: writes that the journal and the year lock govern. */
import type { Db } from '@kermesse/kit/db';
import { DEFAULT_PURCHASE_ACCOUNT, DEFAULT_PURCHASE_PAYMENT_ACCOUNT } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import { eventNotFound, yearAlreadyLocked, yearLocked } from '../errors.ts';
import { findEvent, insertPurchase } from '../repositories/fair.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';
import { lockYear } from '../repositories/years.ts';

/** Closes a year: its trial balances and its journal refuse every write from then on. */
export async function closeYear(db: Db, year: number, by: string | null): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await lockYear(trx, year, by))) throw yearAlreadyLocked(year);
  });
}

export interface PurchaseValues {
  eventId: number;
  label: string;
  amountCents: number;
  account?: string;
  date?: string;
  createdBy: string | null;
}

/**
 * A purchase for a fair (crêpes, lots…): an entry in the purchases journal, debit the expense
 * account, credit the bank.
 */
export async function addPurchase(
  db: Db,
  values: PurchaseValues,
): Promise<{ id: number; label: string; account: string; amount_cents: number; purchase_date: string }> {
  return db.transaction(async (trx) => {
    const event = await findEvent(trx, values.eventId);
    if (!event) throw eventNotFound();
    const date = values.date ?? dayInFrance(new Date());
    await lockJournal(trx);
    const state = await journalState(trx, yearOf(date));
    if (state.yearLocked) throw yearLocked(yearOf(date));
    const account = values.account ?? DEFAULT_PURCHASE_ACCOUNT;
    const id = await insertPurchase(trx, {
      event_id: values.eventId,
      label: values.label.trim(),
      account,
      amount_cents: values.amountCents,
      purchase_date: date,
      created_by: values.createdBy,
    });
    await appendEntry(
      trx,
      {
        journal: 'AC',
        date,
        pieceRef: `A-${String(id).padStart(6, '0')}`,
        label: `${values.label.trim()} (${event.name})`,
        eventId: values.eventId,
        source: `purchase:${id}`,
        lines: [
          { account, debitCents: values.amountCents, creditCents: 0 },
          { account: DEFAULT_PURCHASE_PAYMENT_ACCOUNT, debitCents: 0, creditCents: values.amountCents },
        ],
      },
      state,
      { table: 'purchases', key: 'id', id },
    );
    return { id, label: values.label.trim(), account, amount_cents: values.amountCents, purchase_date: date };
  });
}
