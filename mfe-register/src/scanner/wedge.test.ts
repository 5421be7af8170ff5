import { describe, expect, it } from 'vitest';
import { createWedgeDetector } from './wedge';

/** Keys typed `gap` ms apart from `start`, Enter last; the code the detector answers. */
function type(text: string, gap: number, detector = createWedgeDetector(), start = 1000): string | undefined {
  let at = start;
  let found: string | undefined;
  for (const key of [...text, 'Enter']) {
    found = detector.key(key, at) ?? found;
    at += gap;
  }
  return found;
}

describe('a keyboard-wedge scanner told apart from typing', () => {
  it('takes 13 digits typed 10 ms apart and ended by Enter as a scan', () => {
    expect(type('3017620422003', 10)).toBe('3017620422003');
  });

  it('leaves a person typing 120 ms apart alone', () => {
    expect(type('3017620422003', 120)).toBeUndefined();
  });

  it('leaves a short burst alone (a quick « 12 » and Enter is not a code)', () => {
    expect(type('12', 5)).toBeUndefined();
  });

  it('starts afresh after a pause: typing then a scan gives the scan alone', () => {
    const detector = createWedgeDetector();
    expect(type('abc', 200, detector, 0)).toBeUndefined();
    expect(type('96385074', 8, detector, 5000)).toBe('96385074');
  });

  it('drops a run cut by another key (an arrow)', () => {
    const detector = createWedgeDetector();
    let at = 0;
    for (const key of [...'3017620', 'ArrowDown', ...'422003']) detector.key(key, (at += 5));
    expect(detector.key('Enter', at + 5)).toBeUndefined();
  });
});
