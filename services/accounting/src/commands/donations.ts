/**
 * Donations received outside the till (a cheque by post, a transfer), entered by the treasurer: the
 * donation row and its entry in the same transaction (debit the payment's account, credit 7541 Dons
 * manuels), under the journal lock like every other writer. The register's gifts come with their sales
 * (consumers) and are already booked.
 */
import type { Knex } from 'knex';
import type { Db } from '@kermesse/kit/db';
import {
  DEFAULT_PAYMENT_ACCOUNTS,
  DEFAULT_PURCHASE_PAYMENT_ACCOUNT,
  receiptNumber,
  type DonationMethod,
} from '@kermesse/contracts-accounting';
import { yearOf } from '../dates.ts';
import { counterpartTooHigh, donationAlreadyReceipted, donationNotFound, donorNotFound, yearLocked } from '../errors.ts';
import type { ImportedGift } from '../donations/donationCsv.ts';
import {
  findDonation,
  findDonor,
  findSameDonor,
  insertDonation,
  insertDonor,
  updateDonation,
  type NewDonation,
} from '../repositories/donations.ts';
import { appendEntry, journalState, lockJournal } from '../repositories/journal.ts';

const DONATION_ACCOUNT = '7541';

/** The account the money of a gift lands on: the register's accounts for cash, cheque and card, the bank for a transfer. */
export const paymentAccount = (method: DonationMethod): string =>
  method === 'VIR' ? DEFAULT_PURCHASE_PAYMENT_ACCOUNT : DEFAULT_PAYMENT_ACCOUNTS[method];

/** Writes a gift typed in or imported with its entry; returns its id, or null when its source was already known. */
export async function addDonation(db: Db, values: NewGift): Promise<number | null> {
  return db.transaction((trx) => writeDonation(trx, values));
}

type NewGift = Omit<NewDonation, 'origin'> & { origin: 'manual' | 'import' };

/** `addDonation` inside the caller's transaction (an import writes all its gifts or none). */
export async function writeDonation(trx: Knex.Transaction, values: NewGift): Promise<number | null> {
  if (values.counterpart_cents > values.amount_cents) throw counterpartTooHigh();
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
}

/**
 * Imports the gifts of a CSV (docs/tax-receipts.md §2) in one transaction: each line's donor found again
 * (same kind, name, first name and postal code) or added, each gift written with its entry. Keyed by the
 * file's content and the line: the same file sent again writes nothing more. A test run rolls back.
 */
export async function importDonations(
  db: Db,
  fileKey: string,
  gifts: readonly ImportedGift[],
  dryRun: boolean,
): Promise<{ donations: number; donors: number; alreadyImported: number }> {
  const counts = { donations: 0, donors: 0, alreadyImported: 0 };
  const run = async (trx: Knex.Transaction) => {
    for (const gift of gifts) {
      const donor = { ...gift.donor, first_name: gift.donor.firstName, postal_code: gift.donor.postalCode };
      let donorId = await findSameDonor(trx, donor);
      if (donorId === null) {
        donorId = await insertDonor(trx, {
          kind: donor.kind,
          name: donor.name,
          first_name: donor.first_name,
          address: donor.address,
          postal_code: donor.postal_code,
          city: donor.city,
          email: donor.email,
          siren: donor.siren,
        });
        counts.donors += 1;
      }
      const id = await writeDonation(trx, {
        source: `import:${fileKey}:${gift.line}`,
        origin: 'import',
        donation_date: gift.date,
        amount_cents: gift.amountCents,
        method: gift.method,
        counterpart_cents: gift.counterpartCents,
        counterpart_label: gift.counterpartLabel,
        donor_id: donorId,
      });
      if (id === null) counts.alreadyImported += 1;
      else counts.donations += 1;
    }
  };
  if (!dryRun) {
    await db.transaction(run);
    return counts;
  }
  await db
    .transaction(async (trx) => {
      await run(trx);
      throw new DryRunDone();
    })
    .catch((err: unknown) => {
      if (!(err instanceof DryRunDone)) throw err;
    });
  return counts;
}

/** Ends a test run's transaction: everything it wrote is rolled back. */
class DryRunDone extends Error {}

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
