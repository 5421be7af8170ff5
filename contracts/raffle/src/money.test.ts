import { describe, expect, it } from 'vitest';
import { parseEuros } from '@kermesse/contracts-common';
import { RAFFLE_AMOUNT_RULES } from './money.ts';

describe('euros at the edge, cents inside', () => {
  it('reads amounts typed in euros, with a dot or a comma, at most two decimals, sign included', () => {
    expect(parseEuros(12.5, RAFFLE_AMOUNT_RULES)).toBe(1250);
    expect(parseEuros('12,50', RAFFLE_AMOUNT_RULES)).toBe(1250);
    expect(parseEuros(' 3 ', RAFFLE_AMOUNT_RULES)).toBe(300);
    expect(parseEuros(1e-7, RAFFLE_AMOUNT_RULES)).toBeNull();
    expect(parseEuros('1.234', RAFFLE_AMOUNT_RULES)).toBeNull();
    expect(parseEuros('abc', RAFFLE_AMOUNT_RULES)).toBeNull();
    expect(parseEuros(null, RAFFLE_AMOUNT_RULES)).toBeNull();
    expect(parseEuros(-2, RAFFLE_AMOUNT_RULES)).toBe(-200);
    expect(parseEuros('-2,5', RAFFLE_AMOUNT_RULES)).toBe(-250);
    expect(parseEuros('1000000000', RAFFLE_AMOUNT_RULES)).toBeNull();
  });
});
