/**
 * Issuing and cancelling tax receipts (docs/tax-receipts.md): each in one transaction, the gifts it
 * states locked, the year's counter row taken in the same transaction so numbers have no gap.
 */
import type { Db } from '@kermesse/kit/db';
import { eligibleCents, receiptNumber, receiptRefusal, type IssueReceiptBody } from '@kermesse/contracts-accounting';
import { dayInFrance, yearOf } from '../dates.ts';
import {
  donationAlreadyReceipted,
  donationNotFound,
  donationWithoutDonor,
  donorAddressMissing,
  donorNotFound,
  donorSirenMissing,
  noEligibleAmount,
  nothingToReceipt,
  receiptAlreadyCancelled,
  receiptNotFound,
  receiptsNotAllowed,
} from '../errors.ts';
import { presentAssociation } from '../presenters/taxReceipts.ts';
import {
  findDonation,
  findDonor,
  findReceipt,
  insertReceipt,
  lockUnreceiptedDonations,
  markReceiptCancelled,
  nextReceiptNumber,
  readAssociation,
  type DonorRow,
  type ReceiptRow,
} from '../repositories/donations.ts';

/** A donor whose receipt can be printed: an address, and a SIREN for a company. */
function checkDonor(donor: DonorRow | undefined): DonorRow {
  if (!donor) throw donorNotFound();
  if (!donor.address.trim() || !donor.postal_code.trim() || !donor.city.trim()) throw donorAddressMissing();
  if (donor.kind === 'company' && !donor.siren) throw donorSirenMissing();
  return donor;
}

/** Issues a receipt for one gift, or the annual receipt of a donor's gifts of a year not receipted yet. */
export async function issueReceipt(db: Db, body: IssueReceiptBody, by: string | null): Promise<ReceiptRow> {
  return db.transaction(async (trx) => {
    const association = await readAssociation(trx);
    const refusal = receiptRefusal(presentAssociation(association));
    if (refusal) throw receiptsNotAllowed(refusal);
    const cap = association.counterpart_cap_cents;
    let donor: DonorRow;
    let year: number;
    let gifts: Array<{ id: number; eligibleCents: number }>;
    if (body.kind === 'gift') {
      const donation = await findDonation(trx, body.donationId, { forUpdate: true });
      if (!donation) throw donationNotFound();
      if (donation.receipt_id) throw donationAlreadyReceipted(receiptNumber(donation.receipt_year!, donation.receipt_number!));
      if (!donation.donor_id) throw donationWithoutDonor();
      donor = checkDonor(await findDonor(trx, donation.donor_id));
      const eligible = eligibleCents(donation.amount_cents - donation.refunded_cents, donation.counterpart_cents, cap);
      if (eligible <= 0) throw noEligibleAmount();
      year = yearOf(donation.donation_date);
      gifts = [{ id: donation.id, eligibleCents: eligible }];
    } else {
      donor = checkDonor(await findDonor(trx, body.donorId));
      year = body.year;
      gifts = (await lockUnreceiptedDonations(trx, donor.id, year))
        .map((d) => ({ id: d.id, eligibleCents: eligibleCents(d.amount_cents - d.refunded_cents, d.counterpart_cents, cap) }))
        .filter((d) => d.eligibleCents > 0);
      if (gifts.length === 0) throw nothingToReceipt(year);
    }
    const number = await nextReceiptNumber(trx, year);
    const values = {
      year,
      number,
      kind: body.kind,
      donor_id: donor.id,
      donor,
      association,
      amount_cents: gifts.reduce((sum, g) => sum + g.eligibleCents, 0),
      issued_on: dayInFrance(new Date()),
      issued_by: by,
    };
    const id = await insertReceipt(trx, values, gifts);
    return (await findReceipt(trx, id))!;
  });
}

/** Cancels a receipt: it keeps its number and is marked « Annulé »; its gifts may get a new receipt. */
export async function cancelReceipt(db: Db, id: number, reason: string): Promise<ReceiptRow> {
  return db.transaction(async (trx) => {
    const receipt = await findReceipt(trx, id, { forUpdate: true });
    if (!receipt) throw receiptNotFound();
    if (receipt.cancelled_on) throw receiptAlreadyCancelled(receiptNumber(receipt.year, receipt.number));
    await markReceiptCancelled(trx, id, dayInFrance(new Date()), reason.trim());
    return (await findReceipt(trx, id))!;
  });
}
