/** The accounting service's known errors: French messages from the contract, with their codes. */
import { badRequest, conflict, HttpError, notFound } from '@kermesse/kit/http';
import { accountingMessage, type CsvLayoutChoices } from '@kermesse/contracts-accounting';
import { formatEuros } from '@kermesse/contracts-common';

export const trialBalanceNotFound = () => notFound(accountingMessage('TRIAL_BALANCE_NOT_FOUND')).withCode('TRIAL_BALANCE_NOT_FOUND');
export const trialBalanceLocked = () => conflict(accountingMessage('TRIAL_BALANCE_LOCKED')).withCode('TRIAL_BALANCE_LOCKED');
export const yearLocked = (year: number) => conflict(accountingMessage('YEAR_LOCKED', { year })).withCode('YEAR_LOCKED', { year });
export const yearAlreadyLocked = (year: number) =>
  conflict(accountingMessage('YEAR_ALREADY_LOCKED', { year })).withCode('YEAR_ALREADY_LOCKED', { year });
export const csvEmpty = () => badRequest(accountingMessage('CSV_EMPTY')).withCode('CSV_EMPTY');
export const eventNotFound = () => notFound(accountingMessage('EVENT_NOT_FOUND')).withCode('EVENT_NOT_FOUND');
export const amountInvalid = (field: string) =>
  badRequest(accountingMessage('AMOUNT_INVALID', { field })).withCode('AMOUNT_INVALID', { field });

/** An import refused as a whole: every problem, each naming its line. */
export function csvInvalid(errors: string[], code: 'CSV_INVALID' | 'DONATIONS_CSV_INVALID' = 'CSV_INVALID') {
  const shown = errors.slice(0, 20);
  const more = errors.length > shown.length ? `\n… et ${errors.length - shown.length} autre(s).` : '';
  return badRequest(`${accountingMessage(code, { count: errors.length })}\n${shown.join('\n')}${more}`).withCode(code, {
    errors,
  });
}

// Donations and tax receipts (docs/tax-receipts.md).
export const receiptsNotAllowed = (reason: string) =>
  conflict(accountingMessage('RECEIPTS_NOT_ALLOWED', { reason })).withCode('RECEIPTS_NOT_ALLOWED');
export const donationNotFound = () => notFound(accountingMessage('DONATION_NOT_FOUND')).withCode('DONATION_NOT_FOUND');
export const donorNotFound = () => notFound(accountingMessage('DONOR_NOT_FOUND')).withCode('DONOR_NOT_FOUND');
export const receiptNotFound = () => notFound(accountingMessage('RECEIPT_NOT_FOUND')).withCode('RECEIPT_NOT_FOUND');
export const donationAlreadyReceipted = (number: string) =>
  conflict(accountingMessage('DONATION_ALREADY_RECEIPTED', { number })).withCode('DONATION_ALREADY_RECEIPTED', { number });
export const donationWithoutDonor = () => badRequest(accountingMessage('DONATION_WITHOUT_DONOR')).withCode('DONATION_WITHOUT_DONOR');
export const donorAddressMissing = () => badRequest(accountingMessage('DONOR_ADDRESS_MISSING')).withCode('DONOR_ADDRESS_MISSING');
export const donorSirenMissing = () => badRequest(accountingMessage('DONOR_SIREN_MISSING')).withCode('DONOR_SIREN_MISSING');
export const nothingToReceipt = (year: number) =>
  conflict(accountingMessage('NOTHING_TO_RECEIPT', { year })).withCode('NOTHING_TO_RECEIPT', { year });
export const noEligibleAmount = () => badRequest(accountingMessage('NO_ELIGIBLE_AMOUNT')).withCode('NO_ELIGIBLE_AMOUNT');
export const receiptAlreadyCancelled = (number: string) =>
  conflict(accountingMessage('RECEIPT_ALREADY_CANCELLED', { number })).withCode('RECEIPT_ALREADY_CANCELLED', { number });
export const counterpartTooHigh = () => badRequest(accountingMessage('COUNTERPART_TOO_HIGH')).withCode('COUNTERPART_TOO_HIGH');

// Memberships (docs/memberships.md).
export const membershipTypeNotFound = () => notFound(accountingMessage('MEMBERSHIP_TYPE_NOT_FOUND')).withCode('MEMBERSHIP_TYPE_NOT_FOUND');
export const membershipTypeExists = (name: string, year: number) =>
  conflict(accountingMessage('MEMBERSHIP_TYPE_EXISTS', { name, year })).withCode('MEMBERSHIP_TYPE_EXISTS');
export const memberNotFound = () => notFound(accountingMessage('MEMBER_NOT_FOUND')).withCode('MEMBER_NOT_FOUND');
export const memberConsentRequired = () => badRequest(accountingMessage('MEMBER_CONSENT_REQUIRED')).withCode('MEMBER_CONSENT_REQUIRED');
export const memberAmountRequired = () => badRequest(accountingMessage('MEMBER_AMOUNT_REQUIRED')).withCode('MEMBER_AMOUNT_REQUIRED');
export const memberAlreadyRenewed = (year: number) =>
  conflict(accountingMessage('MEMBER_ALREADY_RENEWED', { year })).withCode('MEMBER_ALREADY_RENEWED', { year });
export const personErased = () => conflict(accountingMessage('PERSON_ERASED')).withCode('PERSON_ERASED');

// HelloAsso (docs/helloasso.md): an outside service that refuses or fails is named, never a 500.
export const helloAssoNotConfigured = () => conflict(accountingMessage('HELLOASSO_NOT_CONFIGURED')).withCode('HELLOASSO_NOT_CONFIGURED');
// The stored credentials are the association's to correct: a conflict with what HelloAsso holds, not an outage.
export const helloAssoRefused = () => conflict(accountingMessage('HELLOASSO_REFUSED')).withCode('HELLOASSO_REFUSED');
export const helloAssoFormNotFound = (formType: string, formSlug: string) =>
  notFound(accountingMessage('HELLOASSO_FORM_NOT_FOUND', { formType, formSlug })).withCode('HELLOASSO_FORM_NOT_FOUND');
export const helloAssoUnavailable = () =>
  new HttpError(503, accountingMessage('HELLOASSO_UNAVAILABLE'), { 'Retry-After': '60' }).withCode('HELLOASSO_UNAVAILABLE');
// A notification URL whose secret is not the association's: nothing tells a caller whether the path exists.
export const helloAssoNotificationUnknown = () =>
  notFound(accountingMessage('HELLOASSO_NOTIFICATION_UNKNOWN')).withCode('HELLOASSO_NOTIFICATION_UNKNOWN');
export const helloAssoNotificationInvalid = (reason: string) =>
  badRequest(accountingMessage('HELLOASSO_NOTIFICATION_INVALID', { reason })).withCode('HELLOASSO_NOTIFICATION_INVALID');

// The bank (docs/bank.md).
export const bankFileInvalid = (errors: string[]) => {
  const shown = errors.slice(0, 20);
  const more = errors.length > shown.length ? `\n… et ${errors.length - shown.length} autre(s).` : '';
  return badRequest(`${accountingMessage('BANK_FILE_INVALID', { count: errors.length })}\n${shown.join('\n')}${more}`).withCode(
    'BANK_FILE_INVALID',
    { errors },
  );
};
export const bankLineNotFound = () => notFound(accountingMessage('BANK_LINE_NOT_FOUND')).withCode('BANK_LINE_NOT_FOUND');
export const bankEntryNotFound = () => notFound(accountingMessage('BANK_ENTRY_NOT_FOUND')).withCode('BANK_ENTRY_NOT_FOUND');
export const bankAmountMismatch = (entryCents: number, lineCents: number) =>
  badRequest(accountingMessage('BANK_AMOUNT_MISMATCH', { entry: formatEuros(entryCents), line: formatEuros(lineCents) })).withCode(
    'BANK_AMOUNT_MISMATCH',
  );
export const bankLineAlreadyMatched = () => conflict(accountingMessage('BANK_LINE_ALREADY_MATCHED')).withCode('BANK_LINE_ALREADY_MATCHED');
export const bankEntryAlreadyMatched = () =>
  conflict(accountingMessage('BANK_ENTRY_ALREADY_MATCHED')).withCode('BANK_ENTRY_ALREADY_MATCHED');
export const bankLayoutNeeded = (account: string, choices: CsvLayoutChoices) =>
  badRequest(accountingMessage('BANK_LAYOUT_NEEDED', { account })).withCode('BANK_LAYOUT_NEEDED', { ...choices });
export const bankAccountUnknown = (account: string) =>
  badRequest(accountingMessage('BANK_ACCOUNT_UNKNOWN', { account })).withCode('BANK_ACCOUNT_UNKNOWN');
export const chequeSlipEmpty = () => badRequest(accountingMessage('CHEQUE_SLIP_EMPTY')).withCode('CHEQUE_SLIP_EMPTY');
export const chequeNotAvailable = (reference: string) =>
  conflict(accountingMessage('CHEQUE_NOT_AVAILABLE', { reference })).withCode('CHEQUE_NOT_AVAILABLE');
export const chequeSlipNotFound = () => notFound(accountingMessage('CHEQUE_SLIP_NOT_FOUND')).withCode('CHEQUE_SLIP_NOT_FOUND');
export const sumUpNotConfigured = () => badRequest(accountingMessage('SUMUP_NOT_CONFIGURED')).withCode('SUMUP_NOT_CONFIGURED');
export const bankDepositNotCredit = () => badRequest(accountingMessage('BANK_DEPOSIT_NOT_CREDIT')).withCode('BANK_DEPOSIT_NOT_CREDIT');
