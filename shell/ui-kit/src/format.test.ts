import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate, formatEuros, formatTime } from './format';

// Intl puts a no-break space before « € » and between thousands.
const normalise = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros', () => {
  it('shows euros with a decimal comma and the euro sign after the amount', () => {
    expect(normalise(formatEuros(12.5))).toBe('12,50 €');
  });

  it('reads cents when given { cents }', () => {
    expect(normalise(formatEuros({ cents: 1250 }))).toBe('12,50 €');
    expect(normalise(formatEuros({ cents: 5 }))).toBe('0,05 €');
  });

  it('groups thousands and never breaks the line inside an amount', () => {
    expect(normalise(formatEuros(1234.5))).toBe('1 234,50 €');
    expect(formatEuros(1234.5)).not.toMatch(/ /);
  });
});

describe('formatEuros and Intl', () => {
  it('writes the same characters as Intl fr-FR', () => {
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const euros of [0, 0.05, 3.5, 12.5, 1234.5, 1234567.89]) expect(formatEuros(euros)).toBe(intl.format(euros));
  });
});

describe('formatDate', () => {
  it('writes dd/mm/yyyy', () => {
    expect(formatDate(new Date(2024, 9, 5))).toBe('05/10/2024');
  });

  it('keeps the calendar day of a date-only string', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
  });
});

describe('dates without Intl at start-up', () => {
  it('writes the day and the time exactly as Intl fr-FR does', () => {
    const intlDay = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const intlTime = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
    for (const date of [new Date(2024, 0, 1, 0, 0), new Date(2024, 9, 5, 9, 7), new Date(2026, 11, 31, 23, 59)]) {
      expect(formatDate(date)).toBe(intlDay.format(date));
      expect(formatTime(date)).toBe(intlTime.format(date));
      expect(formatTime(date.getTime())).toBe(intlTime.format(date));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => formatTime(new Date('pas une date'))).toThrow(RangeError);
    expect(() => formatDate('pas une date')).toThrow(RangeError);
  });

  it('builds an Intl format only when it first formats', () => {
    const options = { weekday: 'short', day: 'numeric', month: 'short' } as const;
    const date = new Date(2024, 9, 5);
    expect(dateTimeFormat(options).format(date)).toBe(new Intl.DateTimeFormat('fr-FR', options).format(date));
  });
});
