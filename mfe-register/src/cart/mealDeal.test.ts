import { describe, expect, it } from 'vitest';
import { cartTotalCents } from './cart';
import { applyMealDeal, DEMO_MEAL_DEAL, mealDealRuleOf, mealDealSets, type MealDealRule } from './mealDeal';
import { buildProduct, dessert, drink, line, sandwich } from './testFactories';

const discountLine = (lines: ReturnType<typeof applyMealDeal>) => lines.find((l) => l.product.id === -2);

describe('meal-deal discount', () => {
  it('gives no discount while the event has no rule: no built-in rule names category ids', () => {
    const lines = applyMealDeal([line(sandwich()), line(drink()), line(dessert())]);
    expect(discountLine(lines)).toBeUndefined();
    expect(mealDealSets(lines)).toBe(0);
    expect(cartTotalCents(lines)).toBe(350 + 150 + 100);
  });

  it('adds no discount line without a complete set', () => {
    const lines = applyMealDeal([line(sandwich(), 2), line(drink(), 3)], DEMO_MEAL_DEAL);
    expect(mealDealSets(lines, DEMO_MEAL_DEAL)).toBe(0);
    expect(discountLine(lines)).toBeUndefined();
  });

  it('takes 0,50 € off one complete set', () => {
    const lines = applyMealDeal([line(sandwich()), line(drink()), line(dessert())], DEMO_MEAL_DEAL);
    expect(discountLine(lines)).toMatchObject({ product: { id: -2, priceCents: -50 }, quantity: 1 });
    expect(cartTotalCents(lines)).toBe(350 + 150 + 100 - 50);
  });

  it('counts as many sets as the smallest of the three quantities', () => {
    const lines = applyMealDeal([line(sandwich(), 4), line(drink(), 3), line(dessert(), 5)], DEMO_MEAL_DEAL);
    expect(discountLine(lines)?.quantity).toBe(3);
    expect(cartTotalCents(lines)).toBe(4 * 350 + 3 * 150 + 5 * 100 - 3 * 50);
  });

  it('adds up two products of the same part (two drinks at 1,50 €)', () => {
    const lines = applyMealDeal([line(sandwich(), 2), line(drink(), 1), line(drink(), 1), line(dessert(), 2)], DEMO_MEAL_DEAL);
    expect(discountLine(lines)?.quantity).toBe(2);
  });

  it('needs the exact category and price of each part', () => {
    const dearDrink = buildProduct({ priceCents: 250, category: { id: 1, name: 'Boissons' } });
    const samePriceOtherCategory = buildProduct({ priceCents: 150, category: { id: 3, name: 'Bonbons' } });
    expect(mealDealSets([line(sandwich()), line(dearDrink), line(dessert())], DEMO_MEAL_DEAL)).toBe(0);
    expect(mealDealSets([line(sandwich()), line(samePriceOtherCategory), line(dessert())], DEMO_MEAL_DEAL)).toBe(0);
  });

  it('updates the line when quantities change and removes it when a part leaves', () => {
    const s = sandwich();
    const d = drink();
    const c = dessert();
    let lines = applyMealDeal([line(s), line(d), line(c)], DEMO_MEAL_DEAL);
    lines = applyMealDeal(
      lines.map((l) => ({ ...l, quantity: l.product.id > 0 ? 2 : l.quantity })),
      DEMO_MEAL_DEAL,
    );
    expect(discountLine(lines)?.quantity).toBe(2);
    expect(lines.filter((l) => l.product.id === -2)).toHaveLength(1);
    expect(lines.at(-1)?.product.id).toBe(-2);

    lines = applyMealDeal(
      lines.filter((l) => l.product.id !== c.id),
      DEMO_MEAL_DEAL,
    );
    expect(discountLine(lines)).toBeUndefined();
  });

  it("applies the event's own rule when given one (another discount, other parts)", () => {
    const rule: MealDealRule = {
      discountCents: 120,
      items: [
        { categoryId: 2, priceCents: 350 },
        { categoryId: 1, priceCents: 150 },
      ],
    };
    const lines = applyMealDeal([line(sandwich(), 2), line(drink(), 3)], rule);
    expect(mealDealSets(lines, rule)).toBe(2);
    expect(discountLine(lines)).toMatchObject({ product: { id: -2, name: 'Remise formule', priceCents: -120 }, quantity: 2 });
    expect(cartTotalCents(lines)).toBe(2 * 350 + 3 * 150 - 2 * 120);
    // docs/spec.md §9's three parts are no set under that rule… and a rule without items or discount gives none.
    expect(mealDealSets([line(dessert())], rule)).toBe(0);
    expect(discountLine(applyMealDeal([line(sandwich()), line(drink())], { discountCents: 50, items: [] }))).toBeUndefined();
    expect(discountLine(applyMealDeal([line(sandwich()), line(drink())], { ...rule, discountCents: 0 }))).toBeUndefined();
  });

  it('brings the discount line up to the new rule when the cart is priced again', () => {
    const rule: MealDealRule = { discountCents: 80, items: DEMO_MEAL_DEAL.items };
    const spec = applyMealDeal([line(sandwich()), line(drink()), line(dessert())], DEMO_MEAL_DEAL);
    expect(discountLine(applyMealDeal(spec, rule))).toMatchObject({ product: { priceCents: -80 }, quantity: 1 });
  });

  it('reads the rule of a /api/cr/settings answer (euros → cents), null when it has none or an unreadable one', () => {
    const settings = {
      success: true,
      data: {
        currency: 'EUR',
        mealDeal: {
          discount: 0.7,
          items: [
            { categoryId: 2, price: 3.5 },
            { categoryId: 5, price: 2.3 },
          ],
        },
      },
    };
    expect(mealDealRuleOf(settings)).toEqual({
      discountCents: 70,
      items: [
        { categoryId: 2, priceCents: 350 },
        { categoryId: 5, priceCents: 230 },
      ],
    });
    expect(mealDealRuleOf({ success: true, data: { currency: 'EUR' } })).toBeNull();
    expect(mealDealRuleOf(null)).toBeNull();
    expect(mealDealRuleOf({ data: { mealDeal: { discount: 'x', items: [] } } })).toBeNull();
    expect(mealDealRuleOf({ data: { mealDeal: { discount: 1, items: [{ categoryId: '2', price: 1 }] } } })).toBeNull();
  });
});
