/**
 * Money, written once for every domain, the server and the browser: integer cents inside, euros
 * (a JSON number with at most two decimals) at the API edge, and one French way of writing an
 * amount for a person — « 1 234,50 € » — with the same characters as `Intl.NumberFormat('fr-FR')`
 * (narrow no-break space between thousands, no-break space before €), so a receipt, a server
 * message and a screen never disagree.
 */

const THOUSANDS = '\u202f';
const BEFORE_EURO = '\u00a0';

/** Euros (`12.5`) → cents (`1250`); undefined when not a finite number with at most two decimals. */
export function toCents(euros: number): number | undefined {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return undefined;
  const cents = Math.round(euros * 100);
  if (Math.abs(euros * 100 - cents) > 1e-6) return undefined;
  return cents;
}

/** Cents → euros as a JSON number (`350` → `3.5`). */
export const toEuros = (cents: number): number => Math.round(cents) / 100;

function split(cents: number): { sign: string; whole: number; fraction: string } {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  return { sign: rounded < 0 ? '-' : '', whole: Math.floor(abs / 100), fraction: String(abs % 100).padStart(2, '0') };
}

/** « 1 234,56 » as a French accountant writes it (no currency sign: tables, reports). */
export function formatAmount(cents: number): string {
  const { sign, whole, fraction } = split(cents);
  return `${sign}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS)},${fraction}`;
}

/** « 1 234,56 € »: what a person reads on a screen, a receipt or in a message. */
export function formatEuros(cents: number): string {
  return `${formatAmount(cents)}${BEFORE_EURO}€`;
}

/** « 1234,56 »: the decimal comma, no thousands separator (money fields, FEC, spreadsheet CSV). */
export function plainAmount(cents: number): string {
  const { sign, whole, fraction } = split(cents);
  return `${sign}${whole},${fraction}`;
}

/** « 3.50 »: the API's and payment providers' text form of an amount. */
export function decimalAmount(cents: number): string {
  const { sign, whole, fraction } = split(cents);
  return `${sign}${whole}.${fraction}`;
}

/**
 * Reads an amount a volunteer types (« 12 », « 12,5 », « 12.50 », « 12,50 € », « 1 234,50 ») as
 * integer cents. Null for anything else — empty text, a sign, more than two decimals — so the
 * caller refuses it in French and never multiplies silently.
 */
export function parseEuros(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Reads an amount written in a file (« 30,50 », « 1 234,50 », « 1.234,50 », « 1,234.50 », « -12 »,
 * « 12 € ») as integer cents, sign included; null when it is not an amount with at most two
 * significant decimals.
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
