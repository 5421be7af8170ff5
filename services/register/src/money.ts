/** Euros at the API edge, integer cents inside (never floats for sums). */

/**
 * Euros (a JSON number with at most two decimals) → cents; undefined when the value has more
 * decimals or is not a finite number, so callers can refuse it with their own message.
 */
export function toCents(euros: number): number | undefined {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return undefined;
  const cents = Math.round(euros * 100);
  if (Math.abs(euros * 100 - cents) > 1e-6) return undefined;
  return cents;
}

/** Cents → euros as a JSON number (`350` → `3.5`). */
export const toEuros = (cents: number): number => cents / 100;

/** Cents → `"3.50"` (docs/platform.md `product_price`). */
export const toEuroString = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Cents → `"3,50 €"`, the way the French screens and receipts print amounts. */
export const formatEuros = (cents: number): string => `${toEuroString(cents).replace('.', ',')} €`;
