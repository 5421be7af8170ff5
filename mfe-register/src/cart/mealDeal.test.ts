import { describe, expect, it } from 'vitest';
import { cartTotalCents } from './cart';
import { applyMealDeal, mealDealSets } from './mealDeal';
import { buildProduct, dessert, drink, line, sandwich } from './testFactories';

const discountLine = (lines: ReturnType<typeof applyMealDeal>) => lines.find((l) => l.product.id === -2);

describe('meal-deal discount', () => {
  it('adds no discount line without a complete set', () => {
    const lines = applyMealDeal([line(sandwich(), 2), line(drink(), 3)]);
    expect(mealDealSets(lines)).toBe(0);
    expect(discountLine(lines)).toBeUndefined();
  });

  it('takes 0,50 € off one complete set', () => {
    const lines = applyMealDeal([line(sandwich()), line(drink()), line(dessert())]);
    expect(discountLine(lines)).toMatchObject({ product: { id: -2, priceCents: -50 }, quantity: 1 });
    expect(cartTotalCents(lines)).toBe(350 + 150 + 100 - 50);
  });

  it('counts as many sets as the smallest of the three quantities', () => {
    const lines = applyMealDeal([line(sandwich(), 4), line(drink(), 3), line(dessert(), 5)]);
    expect(discountLine(lines)?.quantity).toBe(3);
    expect(cartTotalCents(lines)).toBe(4 * 350 + 3 * 150 + 5 * 100 - 3 * 50);
  });

  it('adds up two products of the same part (two drinks at 1,50 €)', () => {
    const lines = applyMealDeal([line(sandwich(), 2), line(drink(), 1), line(drink(), 1), line(dessert(), 2)]);
    expect(discountLine(lines)?.quantity).toBe(2);
  });

  it('needs the exact category and price of each part', () => {
    const dearDrink = buildProduct({ priceCents: 250, category: { id: 1, name: 'Boissons' } });
    const samePriceOtherCategory = buildProduct({ priceCents: 150, category: { id: 3, name: 'Bonbons' } });
    expect(mealDealSets([line(sandwich()), line(dearDrink), line(dessert())])).toBe(0);
    expect(mealDealSets([line(sandwich()), line(samePriceOtherCategory), line(dessert())])).toBe(0);
  });

  it('updates the line when quantities change and removes it when a part leaves', () => {
    const s = sandwich();
    const d = drink();
    const c = dessert();
    let lines = applyMealDeal([line(s), line(d), line(c)]);
    lines = applyMealDeal(lines.map((l) => ({ ...l, quantity: l.product.id > 0 ? 2 : l.quantity })));
    expect(discountLine(lines)?.quantity).toBe(2);
    expect(lines.filter((l) => l.product.id === -2)).toHaveLength(1);
    expect(lines.at(-1)?.product.id).toBe(-2);

    lines = applyMealDeal(lines.filter((l) => l.product.id !== c.id));
    expect(discountLine(lines)).toBeUndefined();
  });
});
