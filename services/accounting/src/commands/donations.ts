/**
 * Donations received outside the till (a cheque by post, a transfer), entered by the treasurer: the
 * donation row and its entry in the same transaction (debit the payment's account, credit 7541 Dons
 * manuels), under the journal lock like every other writer. The register's gifts come with their sales
 * (consumers) and are already booked.
 */
import type { Db } from '@kermesse/kit/db';
import {
  DEFAULT_PAYMENT_ACCOUNTS,
  DEFAULT_PURCHASE_PAYMENT_ACCOUNT,
  receiptNumber,
  type DonationMethod,
} from '@kermesse/contracts-accounting';
import { yearOf } from '../dates.ts';
import { counterpartTooHigh, donationAlreadyReceipted, donationNotFound, donorNotFound, yearLocked } from '../errors.ts';
import { findDonation, findDonor, insertDonation, updateDonation, type NewDonation } from '../repositories/donations.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';

const DONATION_ACCOUNT = '7541';

/** The account the money of a gift lands on: the register's accounts for cash, cheque and card, the bank for a transfer. */
export const paymentAccount = (method: DonationMethod): string =>
  method === 'VIR' ? DEFAULT_PURCHASE_PAYMENT_ACCOUNT : DEFAULT_PAYMENT_ACCOUNTS[method];

/** Writes a gift typed in or imported with its entry; returns its id, or null when its source was already known. */
export async function addDonation(db: Db, values: Omit<NewDonation, 'origin'> & { origin: 'manual' | 'import' }): Promise<number | null> {
  if (values.counterpart_cents > values.amount_cents) throw counterpartTooHigh();
  return db.transaction(async (trx) => {
    if (values.donor_id && !(await findDonor(trx, values.donor_id))) throw donorNotFound();
    await lockJournal(trx);
    const year = yearOf(values.donation_date);
    const state = await journalState(trx, year);
    if (state.yearLocked) throw yearLocked(year);
    const id = await insertDonation(trx, values);
    if (id === null) return null;
    const pieceRef = `D-${String(id).padStart(6, '0')}`;
    await appendEntry(
      trx,
      {
        journal: 'OD',
        date: values.donation_date,
        pieceRef,
        label: `Don ${pieceRef}`,
        eventId: null,
        source: `donation:${id}`,
        lines: [
          { account: paymentAccount(values.method), debitCents: values.amount_cents, creditCents: 0 },
          { account: DONATION_ACCOUNT, debitCents: 0, creditCents: values.amount_cents },
        ],
      },
      state,
      { table: 'donations', key: 'id', id },
    );
    return id;
  });
}

/** Attaches a donor or a counterpart to a gift no receipt states yet. */
export async function editDonation(
  db: Db,
  id: number,
  changes: { donorId?: number | null; counterpartCents?: number; counterpartLabel?: string | null },
): Promise<void> {
  await db.transaction(async (trx) => {
    const donation = await findDonation(trx, id, { forUpdate: true });
    if (!donation) throw donationNotFound();
    if (donation.receipt_id) throw donationAlreadyReceipted(receiptNumber(donation.receipt_year!, donation.receipt_number!));
    if (changes.donorId && !(await findDonor(trx, changes.donorId))) throw donorNotFound();
    if (changes.counterpartCents !== undefined && changes.counterpartCents > donation.amount_cents) throw counterpartTooHigh();
    await updateDonation(trx, id, {
      ...(changes.donorId !== undefined ? { donor_id: changes.donorId } : {}),
      ...(changes.counterpartCents !== undefined ? { counterpart_cents: changes.counterpartCents } : {}),
      ...(changes.counterpartLabel !== undefined ? { counterpart_label: changes.counterpartLabel?.trim() || null } : {}),
    });
  });
}
