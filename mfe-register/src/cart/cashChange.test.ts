import { describe, expect, it } from 'vitest';
import { changeBreakdown, changeDue, quickAmounts, showsBreakdown } from './cashChange';

describe('quick amounts', () => {
  it('offers the exact total, then 5, 10, 20, 50, 100 and 200 € at or above it', () => {
    expect(quickAmounts(730)).toEqual([730, 1000, 2000, 5000, 10000, 20000]);
    expect(quickAmounts(150)).toEqual([150, 500, 1000, 2000, 5000, 10000, 20000]);
    expect(quickAmounts(6420)).toEqual([6420, 10000, 20000]);
    expect(quickAmounts(25000)).toEqual([25000]);
  });

  it('offers a round total once', () => {
    expect(quickAmounts(2000)).toEqual([2000, 5000, 10000, 20000]);
  });
});

describe('change due', () => {
  it('is the amount given minus the total when enough was given, else 0', () => {
    expect(changeDue(2000, 730)).toBe(1270);
    expect(changeDue(730, 730)).toBe(0);
    expect(changeDue(500, 730)).toBe(0);
    expect(changeDue(null, 730)).toBe(0);
  });
});

describe('change breakdown', () => {
  it('gives the fewest notes and coins', () => {
    expect(changeBreakdown(1270)).toEqual([
      { cents: 1000, kind: 'note', count: 1 },
      { cents: 200, kind: 'coin', count: 1 },
      { cents: 50, kind: 'coin', count: 1 },
      { cents: 20, kind: 'coin', count: 1 },
    ]);
    expect(changeBreakdown(18888)).toEqual([
      { cents: 5000, kind: 'note', count: 3 },
      { cents: 2000, kind: 'note', count: 1 },
      { cents: 1000, kind: 'note', count: 1 },
      { cents: 500, kind: 'note', count: 1 },
      { cents: 200, kind: 'coin', count: 1 },
      { cents: 100, kind: 'coin', count: 1 },
      { cents: 50, kind: 'coin', count: 1 },
      { cents: 20, kind: 'coin', count: 1 },
      { cents: 10, kind: 'coin', count: 1 },
      { cents: 5, kind: 'coin', count: 1 },
      { cents: 2, kind: 'coin', count: 1 },
      { cents: 1, kind: 'coin', count: 1 },
    ]);
  });

  it('is shown only from 1 € of change', () => {
    expect(showsBreakdown(99)).toBe(false);
    expect(showsBreakdown(100)).toBe(true);
  });
});
