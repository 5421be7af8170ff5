/** What the screens say when a call fails: docs/spec.md §8's sentence, then the server's own French reason. */
import { ApiError } from '@kermesse/ui-kit';

export function failureText(prefix: string, failure: unknown): string {
  const reason = failure instanceof ApiError || failure instanceof Error ? failure.message : '';
  return reason && reason !== prefix ? `${prefix} : ${reason}` : prefix;
}

/** The current year (what a treasurer means by « cette année »). */
export const currentYear = () => new Date().getFullYear();
