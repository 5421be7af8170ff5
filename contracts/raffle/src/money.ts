/**
 * The raffle's amounts at the API edge: forms send euros as a number (`12.5`) or as typed text
 * (« 12,50 », « 3 »), read here into integer cents with contracts/common (no float drift, two
 * decimals at most). Negative amounts are read (the rules refuse them with their own message).
 */
import { parseEuros, toCents } from '@kermesse/contracts-common';

/** Largest amount a form may send: 999 999 999,99 €. */
const MAX_CENTS = 1e11;

/** `12.5`, `"12,50"`, `"-2"` → cents; undefined when not an amount with at most two decimals. */
export function amountToCents(value: unknown): number | undefined {
  let cents: number | null | undefined;
  if (typeof value === 'number') {
    // 1e-7, 0.30000000000000004: not something a person types as a price.
    if (!/^-?\d+(\.\d{1,2})?$/.test(String(value))) return undefined;
    cents = toCents(value);
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (!/^-?\d+([.,]\d{1,2})?$/.test(text)) return undefined;
    const negative = text.startsWith('-');
    cents = parseEuros(negative ? text.slice(1) : text);
    if (cents !== null && negative) cents = -cents;
  }
  if (cents === null || cents === undefined || Math.abs(cents) >= MAX_CENTS) return undefined;
  return cents;
}
