/** Euros at the API edge (JSON numbers, 2 decimals), integer cents in the register. */

/** 3.5 → 350; a string such as "3.50" is read too. */
export function toCents(euros: number | string): number {
  const value = typeof euros === 'string' ? Number(euros) : euros;
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** 350 → 3.5 (exact for whole cents: the division result is the closest double to the decimal). */
export function toEuros(cents: number): number {
  return cents / 100;
}

/** 350 → "3.50", as SPEC's messages write amounts with 2 decimals. */
export function twoDecimals(cents: number): string {
  return (cents / 100).toFixed(2);
}
