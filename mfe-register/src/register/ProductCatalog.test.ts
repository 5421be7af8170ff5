import { describe, expect, it } from 'vitest';
import { parseSearch } from './ProductCatalog';

describe('product search', () => {
  it('reads « 3*café », « 3 x café » and « café »', () => {
    expect(parseSearch('3*café')).toEqual({ quantity: 3, term: 'café' });
    expect(parseSearch(' 12 x crêpe')).toEqual({ quantity: 12, term: 'crêpe' });
    expect(parseSearch('café')).toEqual({ quantity: 1, term: 'café' });
    expect(parseSearch('3 tickets')).toEqual({ quantity: 1, term: '3 tickets' });
  });

  it('never asks for more than 50', () => {
    expect(parseSearch('99*café').quantity).toBe(50);
  });
});
