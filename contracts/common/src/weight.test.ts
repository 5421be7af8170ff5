import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight.ts';

describe('formatWeight: kilograms with three-digit grams, one way everywhere', () => {
  it.each([
    [1250, '1 kg 250 g'],
    [85, '0 kg 085 g'],
    [3000, '3 kg 000 g'],
    [7, '0 kg 007 g'],
    [10040, '10 kg 040 g'],
    [0, '0 kg 000 g'],
  ])('%i g → « %s »', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
  it('prints whole grams only, never a negative weight, with a plain space an SMS keeps in GSM-7', () => {
    expect(formatWeight(1250.7)).toBe('1 kg 250 g');
    expect(formatWeight(-5)).toBe('0 kg 000 g');
    expect(formatWeight(2050)).not.toMatch(/[\u00a0\u202f]/);
  });
});
