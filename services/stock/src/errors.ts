/** The stock service's business errors: the contract's code and French message on a kit HttpError. */
import { badRequest, HttpError, notFound } from '@kermesse/kit/http';
import { CsvImportRejected } from '@kermesse/kit/csv';
import {
  importRejectedMessage,
  noteFormulaMessage,
  noteTooLongMessage,
  STOCK_ERRORS,
  type ImportResult,
  type StockErrorCode,
} from '@kermesse/contracts-stock';

const make = (factory: (message: string) => HttpError) => (code: StockErrorCode, details?: Record<string, unknown>) =>
  factory(STOCK_ERRORS[code]).withCode(code, details);

export const eventNotFound = () => make(notFound)('EVENT_NOT_FOUND');
export const noEvent = () => make(notFound)('NO_EVENT');
export const productNotFound = () => make(notFound)('PRODUCT_NOT_FOUND');
export const stockBadRequest = make(badRequest);
export const noteTooLong = (max: number) => badRequest(noteTooLongMessage(max)).withCode('NOTE_TOO_LONG');
export const noteFormula = (note: string) => badRequest(noteFormulaMessage(note)).withCode('NOTE_FORMULA');

/**
 * A real import refused because of errors in the file: nothing was written. The route answers 422
 * with the import result beside `error` and `code` (docs/spec.md §3 « Stock import result »).
 */
export class ImportRejected extends CsvImportRejected<ImportResult> {
  constructor(result: ImportResult) {
    super(importRejectedMessage(result.errors.length), result);
  }
}
