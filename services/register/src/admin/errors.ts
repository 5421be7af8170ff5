/** The back office's refusals: the contract's French messages with their codes. */
import { badRequest, conflict, notFound } from '@kermesse/kit';
import { MESSAGES, type ErrorCode } from '@kermesse/contracts-register';

export const invalid = (code: ErrorCode, details?: Record<string, unknown>) => badRequest(MESSAGES[code]).withCode(code, details);
export const missing = (code: ErrorCode) => notFound(MESSAGES[code]).withCode(code);
export const refused = (code: ErrorCode, details?: Record<string, unknown>) => conflict(MESSAGES[code]).withCode(code, details);

/** A name as kept: trimmed, inner blanks collapsed; an empty one is refused naming the field. */
export function cleanName(name: string): string {
  const cleaned = name.replace(/\s+/g, ' ').trim();
  if (!cleaned) throw invalid('NAME_EMPTY');
  return cleaned;
}

/** Optional text: trimmed, empty → null. */
export const cleanText = (text: string | null | undefined): string | null | undefined =>
  text === undefined ? undefined : text === null ? null : text.trim() || null;
