import { describe, expect, it } from 'vitest';
import { parseEuros, readEuros } from '@kermesse/contracts-common';
import { PRICE_RULES, parseYesNo } from './rules.ts';

describe('PRICE_RULES / parseYesNo', () => {
  it('reads a price typed in French up to 100 000 €, never a negative one', () => {
    expect(parseEuros('30,50', PRICE_RULES)).toBe(3050);
    expect(parseEuros('1 234,50 €', PRICE_RULES)).toBe(123450);
    expect(parseEuros(0, PRICE_RULES)).toBe(0);
    expect(readEuros('100 000,01', PRICE_RULES).error).toBe('Le montant ne peut pas dépasser 100\u202f000,00\u00a0€.');
    for (const bad of ['-1', -1, '3,505', 'abc', '', '1e3', 1e9, null, undefined, Number.NaN])
      expect(parseEuros(bad, PRICE_RULES)).toBeNull();
  });
  it('reads oui/non cells with a default for empty ones', () => {
    expect(parseYesNo('Oui', false)).toBe(true);
    expect(parseYesNo('non', true)).toBe(false);
    expect(parseYesNo('', true)).toBe(true);
    expect(parseYesNo('peut-être', true)).toBeNull();
  });
});

describe('normalisePairingCode', () => {
  it('reads a pairing code as the reader shows it', async () => {
    const { normalisePairingCode } = await import('./rules.ts');
    expect(normalisePairingCode('abcd-1234')).toBe('ABCD1234');
    expect(normalisePairingCode(' ABCD 12345 ')).toBe('ABCD12345');
    expect(normalisePairingCode('1234')).toBeNull();
    expect(normalisePairingCode('ABCD_1234')).toBeNull();
  });
});
