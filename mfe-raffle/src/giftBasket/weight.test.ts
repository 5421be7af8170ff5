import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight';

describe('weight display: kilograms and three-digit grams', () => {
  it.each([
    [1250, '1 kg 250 g'],
    [85, '0 kg 085 g'],
    [3000, '3 kg 000 g'],
    [7, '0 kg 007 g'],
    [10040, '10 kg 040 g'],
  ])('%i g → « %s »', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
});
