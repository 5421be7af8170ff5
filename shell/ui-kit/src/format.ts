/**
 * fr-FR formatting of money and dates, the way volunteers read them on a receipt. Money is written
 * by `@kermesse/contracts-common` (the same characters as on the server and the receipts); the kit
 * keeps its historical names and the euros-or-cents `Amount` of its callers.
 */
import { formatAmount, formatEuros as formatCents } from '@kermesse/contracts-common';

export { formatAmount };

/**
 * Dates are written without `Intl` where its output is plain digits, and any other `Intl.DateTimeFormat`
 * is built on first use (`dateTimeFormat`): the first one a page builds loads the locale's data,
 * about 75 ms of a mid-range phone's start-up — paid before the register could show.
 */
const pad = (n: number) => String(n).padStart(2, '0');

function validDate(date: Date | number): Date {
  const value = typeof date === 'number' ? new Date(date) : date;
  // Intl.DateTimeFormat refuses an invalid date the same way.
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid time value');
  return value;
}

/** An `Intl.DateTimeFormat('fr-FR', options)` built the first time it formats. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): { format(date: Date | number): string } {
  let format: Intl.DateTimeFormat | undefined;
  return { format: (date) => (format ??= new Intl.DateTimeFormat('fr-FR', options)).format(date) };
}

/** « 14:05 », as `Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' })` writes it. */
export function formatTime(date: Date | number): string {
  const value = validDate(date);
  return `${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** An amount in euros (`12.5`) or in cents (`{ cents: 1250 }`). */
export type Amount = number | { cents: number };

/** Formats an amount as French euros: `formatEuros(12.5)` and `formatEuros({ cents: 1250 })` give « 12,50 € ». */
export function formatEuros(amount: Amount): string {
  return formatCents(typeof amount === 'number' ? Math.round(amount * 100) : amount.cents);
}

/**
 * Formats a date as dd/mm/yyyy. A date-only ISO string (`2024-10-05`) is read as a calendar
 * day, not as UTC midnight, so it never shifts to the previous day.
 */
export function formatDate(date: Date | string): string {
  if (typeof date === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(date);
  }
  const value = validDate(date);
  return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${value.getFullYear()}`;
}
