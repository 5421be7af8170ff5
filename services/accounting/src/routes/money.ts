/** Amounts people type (« 30,50 ») or send (30.5), read once for every route. */
import { parseEuros } from '@kermesse/contracts-common';
import { amountInvalid } from '../errors.ts';

/** An amount typed as « 30,50 » or sent as 30.5, in cents; refused in French naming the field. */
export function centsOf(value: string | number, field: string, { allowZero = false } = {}): number {
  const cents = parseEuros(value);
  if (cents === null || (!allowZero && cents === 0)) throw amountInvalid(field);
  return cents;
}
