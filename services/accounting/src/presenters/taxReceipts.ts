/** Rows of donations, donors, receipts and the association → the contract's shapes (euros at the edge). */
import {
  eligibleCents,
  receiptModel,
  receiptNumber,
  type AssociationSettings,
  type Donation,
  type Donor,
  type TaxReceipt,
} from '@kermesse/contracts-accounting';
import { toEuros } from '@kermesse/contracts-common';
import type { AssociationRow, DonationRow, DonorRow, ReceiptRow } from '../repositories/donations.ts';

export function presentAssociation(row: AssociationRow): AssociationSettings {
  return {
    name: row.name,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    purpose: row.purpose,
    siren: row.siren,
    eligibility: row.eligibility,
    rupDecreeDate: row.rup_decree_date,
    signatory: row.signatory,
    counterpartCap: toEuros(row.counterpart_cap_cents),
  };
}

export function presentDonor(row: DonorRow): Donor {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    firstName: row.first_name,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    email: row.email,
    siren: row.siren,
  };
}

/** A donor's name as printed and listed: « Dupont Claire », or the company's name. */
export const donorName = (donor: Pick<DonorRow, 'name' | 'first_name'>): string => [donor.name, donor.first_name].filter(Boolean).join(' ');

export function presentDonation(row: DonationRow, donors: ReadonlyMap<number, DonorRow>, capCents: number): Donation {
  const donor = row.donor_id ? donors.get(row.donor_id) : undefined;
  return {
    id: row.id,
    origin: row.origin,
    date: row.donation_date,
    amount: toEuros(row.amount_cents),
    method: row.method,
    counterpart: toEuros(row.counterpart_cents),
    counterpartLabel: row.counterpart_label,
    refunded: toEuros(row.refunded_cents),
    eligible: toEuros(eligibleCents(row.amount_cents - row.refunded_cents, row.counterpart_cents, capCents)),
    donor: donor ? presentDonor(donor) : null,
    buyerName: row.buyer_name,
    receipt: row.receipt_id ? { id: row.receipt_id, number: receiptNumber(row.receipt_year!, row.receipt_number!) } : null,
  };
}

export function presentReceipt(row: ReceiptRow): TaxReceipt {
  return {
    id: row.id,
    year: row.year,
    number: receiptNumber(row.year, row.number),
    kind: row.kind,
    model: receiptModel(row.donor.kind),
    donorName: donorName(row.donor),
    donorId: row.donor_id,
    amount: toEuros(row.amount_cents),
    issuedOn: row.issued_on,
    cancelled: row.cancelled_on !== null,
    cancelledOn: row.cancelled_on,
    cancelReason: row.cancel_reason,
  };
}
