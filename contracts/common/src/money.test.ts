import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  decimalAmount,
  formatAmount,
  formatEuros,
  MONEY_MESSAGES,
  parseEuros,
  plainAmount,
  readEuros,
  toCents,
  toEuros,
} from './money.ts';

describe('formatEuros', () => {
  it('writes amounts as Intl fr-FR does, so every screen and message agrees', () => {
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const cents of [0, 5, 350, 2600, 123456, 100000000, -1250, -5]) expect(formatEuros(cents)).toBe(intl.format(cents / 100));
  });
  it('has one text form per use', () => {
    expect(formatAmount(123456)).toBe('1\u202f234,56');
    expect(plainAmount(123456)).toBe('1234,56');
    expect(decimalAmount(400)).toBe('4.00');
  });
});

describe('centsToInput', () => {
  it('writes what a money field shows, and parseEuros reads it back', () => {
    expect(centsToInput(3050)).toBe('30,50');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(123456)).toBe('1234,56');
    expect(parseEuros(centsToInput(123456))).toBe(123456);
  });
  it('keeps the sign of an amount under one euro', () => {
    expect(centsToInput(-50)).toBe('-0,50');
    expect(centsToInput(-1)).toBe('-0,01');
    expect(centsToInput(-99)).toBe('-0,99');
    expect(centsToInput(-150)).toBe('-1,50');
    expect(parseEuros(centsToInput(-50), { negative: true })).toBe(-50);
  });
});

describe('parseEuros', () => {
  it('reads what a volunteer types, with a comma or a point, as cents', () => {
    expect(parseEuros('30,50')).toBe(3050);
    expect(parseEuros('30.50')).toBe(3050);
    expect(parseEuros('30.5')).toBe(3050);
    expect(parseEuros('30')).toBe(3000);
    expect(parseEuros('7,')).toBe(700);
    expect(parseEuros(' 0,05 € ')).toBe(5);
    expect(parseEuros('1 234,50 €')).toBe(123450);
    expect(parseEuros('1\u202f234,50\u00a0€')).toBe(123450);
    expect(parseEuros('1.234,50')).toBe(123450);
    expect(parseEuros('1,234.50')).toBe(123450);
  });
  it('reads a JSON number of euros without float drift', () => {
    expect(parseEuros(30.5)).toBe(3050);
    expect(parseEuros(0)).toBe(0);
    expect(parseEuros(0.1 + 0.2)).toBe(30);
    expect(parseEuros(12.345)).toBeNull();
    expect(parseEuros(1e-7)).toBeNull();
    expect(parseEuros(Number.NaN)).toBeNull();
    expect(parseEuros(Number.POSITIVE_INFINITY)).toBeNull();
  });
  it('says in French why it refuses', () => {
    expect(readEuros('').error).toBe('Saisissez un montant.');
    expect(readEuros('  ').error).toBe(MONEY_MESSAGES.empty);
    expect(readEuros(null).error).toBe(MONEY_MESSAGES.empty);
    expect(readEuros('-3').error).toBe('Le montant ne peut pas être négatif.');
    expect(readEuros('\u22123').error).toBe(MONEY_MESSAGES.negative);
    expect(readEuros(-0.5).error).toBe(MONEY_MESSAGES.negative);
    expect(readEuros('30,505').error).toBe('Un montant a au plus deux décimales (ex. 30,50).');
    expect(readEuros('1,234').error).toBe(MONEY_MESSAGES.decimals);
    for (const text of ['douze', '3O,50', '1.2.3', '30,5,0', '1e3', 'NaN', '--3', '12 €€'])
      expect(readEuros(text).error, text).toBe("Ce n'est pas un montant en euros (ex. 30,50).");
    expect(readEuros({ euros: 3 }).error).toBe(MONEY_MESSAGES.notAnAmount);
    expect(readEuros('100,01', { maxCents: 10000 }).error).toBe('Le montant ne peut pas dépasser 100,00\u00a0€.');
    expect(readEuros('99999999999999999999').error).toBe(MONEY_MESSAGES.notAnAmount);
  });
  it('reads a sign only where the rules allow it', () => {
    expect(parseEuros('-12 €', { negative: true })).toBe(-1200);
    expect(parseEuros('-1.234,56', { negative: true })).toBe(-123456);
    expect(parseEuros('+12', { negative: true })).toBe(1200);
    expect(parseEuros('-0', { negative: true })).toBe(0);
    expect(readEuros('-100,01', { negative: true, maxCents: 10000 }).error).toMatch(/^Le montant ne peut pas dépasser/);
  });
});

describe('toCents / toEuros', () => {
  it('reads euros of an API answer, rounded to the cent', () => {
    expect(toCents(3.5)).toBe(350);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('3.50')).toBe(350);
    expect(toCents(-0.001)).toBe(0);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
    expect(toCents('abc')).toBe(0);
    expect(toEuros(350)).toBe(3.5);
  });
});
