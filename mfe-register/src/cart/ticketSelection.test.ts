import { describe, expect, it } from 'vitest';
import { autoSelect, maxTicketsMessage, NOT_ENOUGH_TICKETS_MESSAGE, pageCount, pageNumbers, toggleTicket } from './ticketSelection';

const none = new Set<number>();

describe('raffle ticket picker rules', () => {
  it('picks and unpicks numbers up to the number of tickets in the cart', () => {
    let result = toggleTicket([], 5, 2, none);
    result = toggleTicket(result.selected, 9, 2, none);
    expect(result).toEqual({ selected: [5, 9], message: null });

    result = toggleTicket(result.selected, 12, 2, none);
    expect(result).toEqual({ selected: [5, 9], message: 'Vous pouvez sélectionner un maximum de 2 tickets.' });
    expect(maxTicketsMessage(3)).toBe('Vous pouvez sélectionner un maximum de 3 tickets.');

    expect(toggleTicket([5, 9], 5, 2, none)).toEqual({ selected: [9], message: null });
  });

  it('never picks a sold number', () => {
    expect(toggleTicket([], 3, 2, new Set([3]))).toEqual({ selected: [], message: null });
  });

  it('completes the selection at random with free numbers only', () => {
    const sold = new Set([1, 2, 3, 4]);
    const { selected, message } = autoSelect([10], 4, 12, sold);
    expect(message).toBeNull();
    expect(selected).toHaveLength(4);
    expect(selected[0]).toBe(10);
    expect(new Set(selected).size).toBe(4);
    for (const number of selected) {
      expect(sold.has(number)).toBe(false);
      expect(number).toBeGreaterThanOrEqual(1);
      expect(number).toBeLessThanOrEqual(12);
    }
  });

  it('draws differently with another random source', () => {
    const low = autoSelect([], 3, 100, none, () => 0).selected;
    const high = autoSelect([], 3, 100, none, () => 0.999).selected;
    expect(low).toEqual([1, 2, 3]);
    expect(high).not.toEqual(low);
  });

  it('says when too few numbers are free and changes nothing', () => {
    expect(autoSelect([1], 4, 5, new Set([2, 3]))).toEqual({ selected: [1], message: NOT_ENOUGH_TICKETS_MESSAGE });
    expect(NOT_ENOUGH_TICKETS_MESSAGE).toBe("Il n'y a pas suffisamment de tickets disponibles pour compléter la sélection automatique.");
  });

  it('shows 100 numbers per page', () => {
    expect(pageCount(250)).toBe(3);
    expect(pageNumbers(0, 250)).toHaveLength(100);
    expect(pageNumbers(2, 250)).toEqual(Array.from({ length: 50 }, (_, i) => 201 + i));
  });
});
