/**
 * Euros at the API edge (JSON numbers, 2 decimals), integer cents in the register: the conversions of
 * `@kermesse/contracts-common`, read leniently here (a string such as "3.50" too; anything
 * unreadable is 0) because they only read the register service's own answers.
 */
import { toCents as exactCents, toEuros } from '@kermesse/contracts-common';

export { toEuros };

/** 3.5 → 350; a string such as "3.50" is read too. */
export function toCents(euros: number | string): number {
  const value = typeof euros === 'string' ? Number(euros) : euros;
  return Number.isFinite(value) ? (exactCents(value) ?? Math.round(value * 100)) : 0;
}
