import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight.ts';

describe('formatWeight: kilograms with three-digit grams, one way everywhere', () => {
  it.each([
    [1250, '1,250 kg'],
    [85, '0,085 kg'],
    [3000, '3,000 kg'],
    [7, '0,007 kg'],
    [10040, '10,040 kg'],
    [0, '0,000 kg'],
  ])('%i g → « %s »', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
  it('prints whole grams only, never a negative weight, with a plain space an SMS keeps in GSM-7', () => {
    expect(formatWeight(1250.7)).toBe('1,250 kg');
    expect(formatWeight(-5)).toBe('0,000 kg');
    expect(formatWeight(2050)).not.toMatch(/[\u00a0\u202f]/);
  });
});
