import { describe, expect, it } from 'vitest';
import { eurosToCents, formatCents } from './money.ts';
import { formatWeight } from './weight.ts';

describe('weight display (kg and three-digit grams)', () => {
  it.each([[1250, '1 kg 250 g'], [85, '0 kg 085 g'], [3000, '3 kg 000 g'], [1, '0 kg 001 g'], [12005, '12 kg 005 g']])('%i g → %s', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
});

describe('euros at the edge, cents inside', () => {
  it('reads amounts typed in euros, with a dot or a comma, at most two decimals', () => {
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents('12,50')).toBe(1250);
    expect(eurosToCents('3')).toBe(300);
    expect(eurosToCents(0.1 + 0.2)).toBeUndefined();
    expect(eurosToCents('1.234')).toBeUndefined();
    expect(eurosToCents('abc')).toBeUndefined();
    expect(eurosToCents(-2)).toBe(-200);
  });

  it('prints cents the French way', () => {
    expect(formatCents(123456)).toBe('1\u202f234,56 €');
    expect(formatCents(5)).toBe('0,05 €');
  });
});
