import { describe, expect, it } from 'vitest';
import { declarationDueDate, eligibleCents, receiptNumber, receiptRefusal } from './taxReceipts.ts';

describe('the counterpart rule (docs/tax-receipts.md §3)', () => {
  const CAP = 7300;
  it('receipts the whole gift when the counterpart is at most a quarter of it and at most the cap', () => {
    expect(eligibleCents(10_000, 0, CAP)).toBe(10_000);
    expect(eligibleCents(10_000, 2_500, CAP)).toBe(10_000);
    expect(eligibleCents(29_200, 7_300, CAP)).toBe(29_200);
  });
  it('receipts only the part above the counterpart beyond either limit', () => {
    expect(eligibleCents(10_000, 2_501, CAP)).toBe(7_499);
    expect(eligibleCents(40_000, 8_000, CAP)).toBe(32_000);
    expect(eligibleCents(4_000, 4_000, CAP)).toBe(0);
  });
});

describe('receipts', () => {
  it('numbers them per year on four digits', () => {
    expect(receiptNumber(2026, 7)).toBe('2026-0007');
    expect(receiptNumber(2026, 12345)).toBe('2026-12345');
  });
  it('are due to be declared three months after the year', () => {
    expect(declarationDueDate(2026)).toBe('2027-03-31');
  });
  it('explains why none can be issued', () => {
    const settings = { eligibility: 'interet_general' as const, name: 'APE', address: '1 rue', rupDecreeDate: null };
    expect(receiptRefusal(settings)).toBeNull();
    expect(receiptRefusal({ ...settings, eligibility: 'none' })).toContain("n'a pas indiqué dans ses réglages");
    expect(receiptRefusal({ ...settings, address: '' })).toContain("l'adresse de l'association");
    expect(receiptRefusal({ ...settings, eligibility: 'rup' })).toContain('date du décret');
  });
});
