import { describe, expect, it } from 'vitest';
import { decimalAmount, formatAmount, formatEuros, parseAmount, parseEuros, plainAmount, toCents, toEuros } from './money.ts';
import { formatWeight } from './weight.ts';

describe('money', () => {
  it('writes amounts as Intl fr-FR does, so every screen and message agrees', () => {
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const cents of [0, 5, 350, 2600, 123456, 100000000, -1250]) expect(formatEuros(cents)).toBe(intl.format(cents / 100));
  });
  it('has one text form per use', () => {
    expect(formatAmount(123456)).toBe('1\u202f234,56');
    expect(plainAmount(123456)).toBe('1234,56');
    expect(decimalAmount(400)).toBe('4.00');
  });
  it('reads the decimal comma and refuses what it cannot read', () => {
    expect(parseEuros('30,50')).toBe(3050);
    expect(parseEuros('30.5')).toBe(3050);
    expect(parseEuros('1 234,50 €')).toBe(123450);
    expect(parseEuros('30,505')).toBeNull();
    expect(parseEuros('-3')).toBeNull();
    expect(parseEuros('')).toBeNull();
    expect(parseAmount('1.234,50')).toBe(123450);
    expect(parseAmount('-12')).toBe(-1200);
  });
  it('converts at the API edge without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(12.345)).toBeUndefined();
    expect(toEuros(350)).toBe(3.5);
  });
  it('writes weights as kilograms and three-digit grams', () => {
    expect(formatWeight(1250)).toBe('1 kg 250 g');
    expect(formatWeight(85)).toBe('0 kg 085 g');
  });
});
