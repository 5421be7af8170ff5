/** The swap-meet service's business errors: the contract's code and French message on a kit HttpError. */
import { badRequest, HttpError, notFound } from '@kermesse/kit/http';
import { CsvImportRejected } from '@kermesse/kit/csv';
import { SWAPMEET_ERRORS, type BookingImportResult, type SwapmeetErrorCode } from '@kermesse/contracts-swapmeet';

const make = (factory: (message: string) => HttpError) => (code: SwapmeetErrorCode, details?: Record<string, unknown>) =>
  factory(SWAPMEET_ERRORS[code]).withCode(code, details);

export const swapmeetNotFound = () => make(notFound)('SWAPMEET_NOT_FOUND');
export const swapmeetBadRequest = make(badRequest);

/**
 * A real import refused because of errors: nothing was written. The route answers 422 with the
 * import result beside `error` (its message) and `code` (docs/spec.md §3 « Import result »).
 */
export class ImportRejected extends CsvImportRejected<BookingImportResult> {
  constructor(result: BookingImportResult) {
    super(result.message, result);
  }
}
