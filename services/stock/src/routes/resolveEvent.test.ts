import { describe, expect, it } from 'vitest';
import { currentEvent, todayInFrance } from './resolveEvent.ts';

const fair = (id: number, starts_on: string | null) => ({ id, starts_on });

describe('the fair a stock screen opens on', () => {
  const lastYear = fair(1, '2026-05-16');
  const thisYear = fair(2, '2027-05-15');
  // Duplicated last, for the year after: created last and latest by date.
  const nextYear = fair(3, '2028-05-20');

  it('is the fair on today, not the one created last', () => {
    expect(currentEvent([nextYear, thisYear, lastYear], '2027-05-15')).toBe(thisYear);
  });

  it('is the next one by date while none is on', () => {
    expect(currentEvent([nextYear, thisYear, lastYear], '2026-11-28')).toBe(thisYear);
    expect(currentEvent([nextYear, thisYear, lastYear], '2027-05-16')).toBe(nextYear);
  });

  it('is the latest when every fair is past, and an undated one only when none has a date', () => {
    expect(currentEvent([lastYear, thisYear, fair(4, null)], '2029-01-01')).toBe(thisYear);
    expect(currentEvent([fair(5, null), fair(6, null)], '2027-01-01')).toEqual(fair(6, null));
    expect(currentEvent([], '2027-01-01')).toBeUndefined();
  });

  it('keeps a fair held over several days current until its last day', () => {
    // The summer fair runs Friday to Sunday; next year's copy is already prepared.
    const weekend = { id: 7, starts_on: '2027-06-11', ends_on: '2027-06-13' };
    const next = { id: 8, starts_on: '2028-06-09', ends_on: '2028-06-11' };
    expect(currentEvent([next, weekend], '2027-06-12')).toBe(weekend);
    expect(currentEvent([next, weekend], '2027-06-13')).toBe(weekend);
    expect(currentEvent([next, weekend], '2027-06-14')).toBe(next);
  });

  it('reads today in France (a fair at 00:30 in Paris is still on its own day)', () => {
    expect(todayInFrance(new Date('2027-05-14T22:30:00Z'))).toBe('2027-05-15');
    expect(todayInFrance(new Date('2027-01-14T23:30:00Z'))).toBe('2027-01-15');
  });
});
