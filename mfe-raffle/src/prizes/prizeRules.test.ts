import { describe, expect, it } from 'vitest';
import { PRIZE_MESSAGES, prizeError } from './prizeRules';

describe('prize form checks (docs/spec.md §5 order, first failure shown)', () => {
  it('checks name, then rank, then price, then quantity', () => {
    expect(prizeError({ name: ' ', weight: 0, price: -1, quantity: -1 })).toBe('Le nom est requis');
    expect(prizeError({ name: 'Vélo', weight: '', price: -1, quantity: -1 })).toBe('Le rang doit être supérieur à 0');
    expect(prizeError({ name: 'Vélo', weight: '0', price: '10', quantity: '1' })).toBe('Le rang doit être supérieur à 0');
    expect(prizeError({ name: 'Vélo', weight: '1', price: '', quantity: -1 })).toBe('Le prix doit être positif');
    expect(prizeError({ name: 'Vélo', weight: '1', price: '-0,5', quantity: '1' })).toBe('Le prix doit être positif');
    expect(prizeError({ name: 'Vélo', weight: '1', price: '0', quantity: '' })).toBe('La quantité doit être positive');
    expect(prizeError({ name: 'Vélo', weight: '1', price: '0', quantity: '-2' })).toBe('La quantité doit être positive');
  });

  it('lets a well-formed prize through, free prizes and zero quantity included', () => {
    expect(prizeError({ name: 'Vélo', weight: '1', price: '0', quantity: '0' })).toBeNull();
    expect(prizeError({ name: 'Vin', weight: 2, price: 12.5, quantity: 3 })).toBeNull();
  });

  it('refuses a cost the association cannot have paid, and lets an empty cost (a donated prize) through', () => {
    const bike = { name: 'Vélo', weight: '1', price: '150', quantity: '1' };
    expect(prizeError({ ...bike, cost: '-3' })).toBe(PRIZE_MESSAGES.cost);
    expect(prizeError({ ...bike, cost: 'douze' })).toBe(PRIZE_MESSAGES.cost);
    expect(prizeError({ ...bike, cost: '80,50' })).toBeNull();
    expect(prizeError({ ...bike, cost: '' })).toBeNull();
  });
});
