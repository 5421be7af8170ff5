/** The back office's refusals: the contract's French messages with their codes (the register's `errors.ts`). */
import { CsvImportRejected } from '@kermesse/kit/csv';
import { isUniqueViolation } from '@kermesse/kit/db';
import { cleanEan, isValidEan, MESSAGES, type ProductImportResult } from '@kermesse/contracts-register';
import { invalid } from '../errors.ts';

export { invalid, missing, refused } from '../errors.ts';
/** A name as kept: trimmed, inner blanks collapsed; an empty one is refused naming the field. */
export function cleanName(name: string): string {
  const cleaned = name.replace(/\s+/g, ' ').trim();
  if (!cleaned) throw invalid('NAME_EMPTY');
  return cleaned;
}

/**
 * For a `.catch` on a command that checked the name was free: two requests giving one name at once
 * both pass the check, and the database's unique index refuses the second — the same refusal, not a 500.
 */
export function nameTakenMeanwhile(err: unknown): never {
  if (isUniqueViolation(err)) throw invalid('NAME_TAKEN');
  throw err;
}

/**
 * A barcode as kept: digits only, null for none; refused in French when it is no valid EAN
 * (docs/gate.md §5). `undefined` (not sent) stays undefined.
 */
export function checkEan(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const ean = cleanEan(raw);
  if (!ean) return null;
  if (!isValidEan(ean)) throw invalid('EAN_INVALID', { ean: raw.trim() });
  return ean;
}

/** Optional text: trimmed, empty → null. */
export const cleanText = (text: string | null | undefined): string | null | undefined =>
  text === undefined ? undefined : text === null ? null : text.trim() || null;

/**
 * A product import refused whole (bad lines, or no usable header): nothing was written. The route
 * answers 422 with the import result beside `error` and `code: 'IMPORT_REJECTED'` (kit `answerCsvImport`).
 */
export class ProductImportRejected extends CsvImportRejected<ProductImportResult> {
  constructor(result: ProductImportResult) {
    super(MESSAGES.IMPORT_REJECTED, result);
  }
}
