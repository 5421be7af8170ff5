/** The accounting service's known errors: French messages from the contract, with their codes. */
import { badRequest, conflict, notFound } from '@kermesse/kit/http';
import { accountingMessage } from '@kermesse/contracts-accounting';

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
export function csvInvalid(errors: string[]) {
  const shown = errors.slice(0, 20);
  const more = errors.length > shown.length ? `\n… et ${errors.length - shown.length} autre(s).` : '';
  return badRequest(`${accountingMessage('CSV_INVALID', { count: errors.length })}\n${shown.join('\n')}${more}`).withCode('CSV_INVALID', {
    errors,
  });
}
