import { describe, expect, it } from 'vitest';
import { checkPrize } from './prizeRules.ts';

const fail = (input: Parameters<typeof checkPrize>[0]) => {
  const result = checkPrize(input);
  return result.ok ? 'ok' : result.message;
};

describe('raffle prize rules (docs/spec.md §5, in order, first failure shown)', () => {
  it('asks for the name first, even when everything else is wrong too', () => {
    expect(fail({})).toBe('Le nom est requis');
    expect(fail({ name: '  ', weight: -1, price: -1, quantity: -1 })).toBe('Le nom est requis');
  });

  it('then a rank above 0 (written `weight` by the clients, or `rank`)', () => {
    expect(fail({ name: 'Vélo', price: -1, quantity: -1 })).toBe('Le rang doit être supérieur à 0');
    expect(fail({ name: 'Vélo', weight: 0, price: 1, quantity: 1 })).toBe('Le rang doit être supérieur à 0');
    expect(fail({ name: 'Vélo', rank: '-2', price: 1, quantity: 1 })).toBe('Le rang doit être supérieur à 0');
    expect(fail({ name: 'Vélo', weight: 'abc', price: 1, quantity: 1 })).toBe('Le rang doit être supérieur à 0');
  });

  it('then a price that is given and not negative', () => {
    expect(fail({ name: 'Vélo', weight: 1, quantity: -1 })).toBe('Le prix doit être positif');
    expect(fail({ name: 'Vélo', weight: 1, price: '', quantity: 1 })).toBe('Le prix doit être positif');
    expect(fail({ name: 'Vélo', weight: 1, price: -0.01, quantity: 1 })).toBe('Le prix doit être positif');
  });

  it('then a quantity that is given and not negative', () => {
    expect(fail({ name: 'Vélo', weight: 1, price: 0 })).toBe('La quantité doit être positive');
    expect(fail({ name: 'Vélo', weight: 1, price: 0, quantity: -3 })).toBe('La quantité doit être positive');
  });

  it('accepts a free prize and form values typed as text, trimmed and converted to cents', () => {
    expect(
      checkPrize({ name: '  Vélo de ville ', weight: '1', price: '120,50', quantity: '0', alcohol: 'on', provider: ' Cycles Martin ' }),
    ).toEqual({
      ok: true,
      prize: { name: 'Vélo de ville', rank: 1, priceCents: 12050, costCents: 0, provider: 'Cycles Martin', quantity: 0, alcohol: true },
    });
    expect(checkPrize({ label: 'Vin', rank: 2, price: 0, quantity: 1, Alcohol: true, cost: 12.3 })).toMatchObject({
      ok: true,
      prize: { name: 'Vin', alcohol: true, costCents: 1230 },
    });
  });

  it('refuses what the spec leaves implicit: fractional rank or quantity, more than two decimals, negative cost', () => {
    expect(fail({ name: 'Vélo', weight: 1.5, price: 1, quantity: 1 })).toBe('Le rang doit être un nombre entier.');
    expect(fail({ name: 'Vélo', weight: 1, price: 1, quantity: 1.5 })).toBe('La quantité doit être un nombre entier.');
    expect(fail({ name: 'Vélo', weight: 1, price: 1.234, quantity: 1 })).toBe('Le prix doit avoir au plus deux décimales.');
    expect(fail({ name: 'Vélo', weight: 1, price: 1, quantity: 1, cost: -1 })).toBe('Le coût doit être positif');
  });
});
