/**
 * Money of the loto: integer cents inside, euros with two decimals in text at the edge (« 12.50 »).
 * Written once in `@kermesse/contracts-common`; only what the loto's forms accept is its own.
 */
import { parseEuros } from '@kermesse/contracts-common';

export { decimalAmount, formatEuros } from '@kermesse/contracts-common';

/** The largest amount a loto form takes: 9 999 999,99 € (seven digits of euros). */
const MAX_CENTS = 1_000_000_000;

/** « 30,50 », « 30.50 », « 30 », 30.5 → 3050 cents; null when it is not an amount ≥ 0. */
export function parseEuroCents(value: string | number | undefined | null): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  const cents = parseEuros(value);
  return cents !== null && cents < MAX_CENTS ? cents : null;
}
