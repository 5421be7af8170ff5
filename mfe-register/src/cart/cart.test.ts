import { describe, expect, it } from 'vitest';
import { addProduct, articleCount, cartTotalCents, clampQuantity, removeLine, setQuantity, QUANTITY_MAX } from './cart';
import { addDonation } from './donation';
import { buildProduct, line } from './testFactories';

describe('cart quantity bounds (1 to 50)', () => {
  it('keeps a typed quantity between 1 and 50', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-4)).toBe(1);
    expect(clampQuantity(51)).toBe(50);
    expect(clampQuantity(12)).toBe(12);
    expect(clampQuantity('7')).toBe(7);
    expect(clampQuantity(3.7)).toBe(3);
  });

  it('counts an emptied or unreadable field as 1', () => {
    expect(clampQuantity('')).toBe(1);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });

  it('adds one more of a product already in the cart, never beyond 50', () => {
    const crepe = buildProduct({ name: 'Crêpe' });
    let lines = addProduct([], crepe);
    lines = addProduct(lines, crepe);
    expect(lines).toEqual([line(crepe, 2)]);

    lines = setQuantity(lines, crepe.id, QUANTITY_MAX);
    lines = addProduct(lines, crepe);
    expect(lines[0]?.quantity).toBe(50);
  });

  it('sets and removes a line', () => {
    const a = buildProduct();
    const b = buildProduct();
    let lines = addProduct(addProduct([], a), b);
    lines = setQuantity(lines, b.id, '60');
    expect(lines.map((l) => l.quantity)).toEqual([1, 50]);
    lines = removeLine(lines, a.id);
    expect(lines.map((l) => l.product.id)).toEqual([b.id]);
  });

  it('never changes the quantity of a donation', () => {
    const lines = addDonation([], 500);
    expect(setQuantity(lines, -1, 3)[0]?.quantity).toBe(1);
  });
});

describe('cart total', () => {
  it('sums the lines in cents, without floating-point drift', () => {
    // 0.1 + 0.2 would give 0.30000000000000004 in euros.
    const lines = [line(buildProduct({ priceCents: 10 }), 3), line(buildProduct({ priceCents: 20 }), 1)];
    expect(cartTotalCents(lines)).toBe(50);
  });

  it('counts articles without the donation', () => {
    const lines = addDonation([line(buildProduct(), 3)], 200);
    expect(articleCount(lines)).toBe(3);
  });
});

describe('donation', () => {
  it('adds a donation line: id -1, category « Donations », quantity 1, price the amount', () => {
    const lines = addDonation([], 750);
    expect(lines).toEqual([{ product: { id: -1, name: 'Don', priceCents: 750, category: { id: 0, name: 'Dons' } }, quantity: 1 }]);
    expect(cartTotalCents(lines)).toBe(750);
  });

  it('adds a second donation to the same line', () => {
    const lines = addDonation(addDonation([], 500), 250);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.product.priceCents).toBe(750);
  });

  it('adds nothing for 0, a negative amount or an unreadable one', () => {
    const start = [line(buildProduct(), 1)];
    expect(addDonation(start, 0)).toEqual(start);
    expect(addDonation(start, -100)).toEqual(start);
    expect(addDonation(start, null)).toEqual(start);
  });
});
