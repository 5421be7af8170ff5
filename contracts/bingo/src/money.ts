/** Money of the loto: integer cents inside, euros with two decimals in text at the edge. */

/** « 30,50 », « 30.50 », « 30 », 30.5 → 3050 cents; null when it is not an amount ≥ 0. */
export function parseEuroCents(value: string | number | undefined | null): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  const text = value.trim().replace(/\s|€/g, '').replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 → « 12.50 » (the API's text form). */
export const centsToText = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** 1250 → « 12,50 € » (what a person reads). */
export const formatCents = (cents: number): string => `${centsToText(cents).replace('.', ',')} €`;
