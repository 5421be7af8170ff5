import { describe, expect, it } from 'vitest';
import { closingReason, countTotal, differences, parseCount } from './cashCount';

describe('the notes-and-coins calculator', () => {
  it('adds notes and coins in cents, empty counts as 0, refuses what is not a count', () => {
    expect(countTotal({})).toBe(0);
    expect(countTotal({ 2000: '2', 500: '1', 200: '3', 50: '1', 1: '' })).toBe(4000 + 500 + 600 + 50);
    expect(countTotal({ 1000: '1,5' })).toBeUndefined();
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('-1')).toBeUndefined();
  });

  it('computes differences and the reason line of each mode with a gap', () => {
    const diffs = differences({ cashCents: 4800, chequeCents: 1000, cardCents: 0 }, { cashCents: 5000, chequeCents: 1000, cardCents: 0 });
    expect(diffs).toEqual({ cashCents: -200, chequeCents: 0, cardCents: 0 });
    expect(closingReason({ cashCents: ' Erreur de rendu ', chequeCents: 'ignorée' }, diffs)).toBe('Espèces : Erreur de rendu');
    expect(closingReason({}, { cashCents: 0, chequeCents: 0, cardCents: 0 })).toBeNull();
  });
});
