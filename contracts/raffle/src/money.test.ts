import { describe, expect, it } from 'vitest';
import { amountToCents } from './money.ts';

describe('euros at the edge, cents inside', () => {
  it('reads amounts typed in euros, with a dot or a comma, at most two decimals', () => {
    expect(amountToCents(12.5)).toBe(1250);
    expect(amountToCents('12,50')).toBe(1250);
    expect(amountToCents(' 3 ')).toBe(300);
    expect(amountToCents(0.1 + 0.2)).toBeUndefined();
    expect(amountToCents(1e-7)).toBeUndefined();
    expect(amountToCents('1.234')).toBeUndefined();
    expect(amountToCents('abc')).toBeUndefined();
    expect(amountToCents(null)).toBeUndefined();
    expect(amountToCents(-2)).toBe(-200);
    expect(amountToCents('-2,5')).toBe(-250);
    expect(amountToCents('1234567890')).toBeUndefined();
  });
});
