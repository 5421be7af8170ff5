/**
 * Money, written once for every domain, the server and the browser (docs/formats.md §1): integer cents
 * inside, one reader of what a person or a client sends (`parseEuros`), one French way of writing an
 * amount for a person — « 1 234,50 € » — with the same characters as `Intl.NumberFormat('fr-FR')`
 * (narrow no-break space between thousands, no-break space before €), so a receipt, a server
 * message and a screen never disagree.
 */

const THOUSANDS = '\u202f';
const BEFORE_EURO = '\u00a0';

/** The French refusals of `readEuros`, for a caller that shows them as they are. */
export const MONEY_MESSAGES = {
  empty: 'Saisissez un montant.',
  notAnAmount: "Ce n'est pas un montant en euros (ex. 30,50).",
  negative: 'Le montant ne peut pas être négatif.',
  decimals: 'Un montant a au plus deux décimales (ex. 30,50).',
  tooLarge: (maxCents: number): string => `Le montant ne peut pas dépasser ${formatEuros(maxCents)}.`,
} as const;

/** What `readEuros` accepts beyond a positive amount or zero. */
export interface EurosRules {
  /** A sign is read (a correction, a file's debit); refused otherwise. */
  negative?: boolean;
  /** The largest absolute value, in cents. */
  maxCents?: number;
}

/** Either the amount in cents or why it is refused, in French. */
export type EurosReading = { cents: number; error?: undefined } | { cents?: undefined; error: string };

const refuse = (error: string): EurosReading => ({ error });

/** A JSON number of euros: finite, and whole cents once the binary noise (0.1 + 0.2) is rounded off. */
function readNumber(euros: number): EurosReading {
  if (!Number.isFinite(euros)) return refuse(MONEY_MESSAGES.notAnAmount);
  const cents = Math.round(euros * 100);
  if (Math.abs(euros * 100 - cents) > 1e-6) return refuse(MONEY_MESSAGES.decimals);
  return { cents: cents === 0 ? 0 : cents };
}

/**
 * Text as a volunteer types it or a file holds it: « 30,50 », « 30.5 », « 30 », « 30,50 € »,
 * « 1 234,50 », « 1.234,50 », « 1,234.50 », « -12 » (U+2212 too).
 */
function readText(raw: string): EurosReading {
  let text = raw
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^€|€$/g, '')
    .replace(/^\u2212/, '-');
  if (text === '') return refuse(MONEY_MESSAGES.empty);
  const sign = /^[+-]/.test(text) ? text.charAt(0) : '';
  text = text.slice(sign.length);
  // Thousands grouped by the other separator than the decimal one.
  if (/^\d{1,3}(\.\d{3})+,\d*$/.test(text)) text = text.replace(/\./g, '');
  else if (/^\d{1,3}(,\d{3})+\.\d*$/.test(text)) text = text.replace(/,/g, '');
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) return refuse(MONEY_MESSAGES.notAnAmount);
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return refuse(MONEY_MESSAGES.decimals);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return refuse(MONEY_MESSAGES.notAnAmount);
  return { cents: sign === '-' && cents !== 0 ? -cents : cents };
}

/**
 * Reads an amount a person or a client sends — text (« 30,50 », « 30.50 », « 30 ») or a JSON number of
 * euros (`30.5`) — as integer cents, or says in French why not: empty, not an amount, more than two
 * decimals, negative when `rules.negative` is not set, above `rules.maxCents`.
 */
export function readEuros(value: unknown, rules: EurosRules = {}): EurosReading {
  let reading: EurosReading;
  if (typeof value === 'number') reading = readNumber(value);
  else if (typeof value === 'string') reading = readText(value);
  else if (value === null || value === undefined) reading = refuse(MONEY_MESSAGES.empty);
  else reading = refuse(MONEY_MESSAGES.notAnAmount);
  if (reading.cents === undefined) return reading;
  if (reading.cents < 0 && !rules.negative) return refuse(MONEY_MESSAGES.negative);
  if (rules.maxCents !== undefined && Math.abs(reading.cents) > rules.maxCents) return refuse(MONEY_MESSAGES.tooLarge(rules.maxCents));
  return reading;
}

/** `readEuros` for a caller with its own message: the cents, or null when refused. */
export function parseEuros(value: unknown, rules: EurosRules = {}): number | null {
  return readEuros(value, rules).cents ?? null;
}

/**
 * Euros of an API answer (`3.5`, or « 3.50 » where a path answers decimal text) → cents, rounded to the
 * nearest cent; 0 when it is no number. Only for reading our own answers: what a client sends goes
 * through `parseEuros`, which refuses instead of rounding.
 */
export function toCents(euros: number | string): number {
  const value = typeof euros === 'string' ? Number(euros) : euros;
  return Number.isFinite(value) ? Math.round(value * 100) || 0 : 0;
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

/** « 1234,56 », « -0,50 »: the decimal comma, no thousands separator (FEC, spreadsheet CSV). */
export function plainAmount(cents: number): string {
  const { sign, whole, fraction } = split(cents);
  return `${sign}${whole},${fraction}`;
}

/** « 30,50 »: what a money field shows for an amount, read back by `parseEuros` (sign kept: « -0,50 »). */
export const centsToInput = (cents: number): string => plainAmount(cents);

/** « 3.50 »: the text form of an amount where an API path answers text, and payment providers. */
export function decimalAmount(cents: number): string {
  const { sign, whole, fraction } = split(cents);
  return `${sign}${whole}.${fraction}`;
}
