import { describe, expect, it } from 'vitest';
import { centsToInput, parsePriceCents, parseYesNo } from './rules.ts';

describe('parsePriceCents', () => {
  it('reads prices typed with a decimal comma or point, or given as numbers', () => {
    expect(parsePriceCents('30,50')).toBe(3050);
    expect(parsePriceCents('3,5')).toBe(350);
    expect(parsePriceCents('1 234,50 €')).toBe(123450);
    expect(parsePriceCents('1.234,50')).toBe(123450);
    expect(parsePriceCents(3.5)).toBe(350);
    expect(parsePriceCents(0)).toBe(0);
    expect(parsePriceCents(0.1 + 0.2)).toBeNull();
  });
  it('refuses negative prices, 3 decimals, text and huge amounts', () => {
    for (const bad of ['-1', -1, '3,505', 'abc', '', '1e3', 1e9, null, undefined, Number.NaN]) expect(parsePriceCents(bad)).toBeNull();
  });
});

describe('centsToInput / parseYesNo', () => {
  it('formats cents as typed in French', () => {
    expect(centsToInput(3050)).toBe('30,50');
    expect(centsToInput(5)).toBe('0,05');
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
