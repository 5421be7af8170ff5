/** Money of the accounts: integer cents inside, euros with two decimals (a number) at the API edge. */

/** 1234 → 12.34 */
export const toEuros = (cents: number): number => Math.round(cents) / 100;

/** 12.34 → 1234, without binary floating-point drift (12.345 is never produced by the API). */
export const toCents = (euros: number): number => Math.round(euros * 100);

/** « 1 234,56 » as a French accountant writes it (no currency sign, for tables and CSV). */
export function formatAmount(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${negative ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** « 1234,56 » — the decimal comma, no thousands separator (FEC, CSV for spreadsheets). */
export function plainAmount(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  return `${negative ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Reads an amount typed by a person or written in a file (« 30,50 », « 1 234,50 », « 1.234,50 »,
 * « 30.50 », « -12 », « 12 € ») as integer cents; null when it is not an amount with at most two
 * decimals.
 */
export function parseAmount(raw: string): number | null {
  let text = raw.replace(/[\s\u00A0\u202F€]/g, '');
  if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(text)) text = text.replace(/\./g, '');
  else if (/^[+-]?\d{1,3}(,\d{3})+\.\d+$/.test(text)) text = text.replace(/,/g, '');
  const match = /^([+-]?)(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' ? -cents : cents;
}
