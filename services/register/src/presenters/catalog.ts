import { decimalAmount, toEuros } from '@kermesse/contracts-common';
import type { GiftBasketRow, ProductRow, RaffleRow } from '../repositories/catalog.ts';
import type { Product, ProductAssoc, TicketTier } from '@kermesse/contracts-register';
import { ticketsPerUnit } from '../cart/rules.ts';

/** docs/spec.md §3 product (id, name, image, price, productCategory, clickAndCollectEligible, alcoohol) plus what the register screen needs. */
export function presentProduct(
  p: ProductRow,
  context: { alerted: Set<number>; raffles: Map<number, RaffleRow>; baskets: Map<number, GiftBasketRow> },
): Product {
  const base: Product = {
    id: p.id,
    name: p.name,
    image: p.image,
    price: toEuros(p.price_cents),
    productCategory: { id: p.category_id, name: p.category_name },
    clickAndCollectEligible: p.click_and_collect,
    alcoohol: p.alcohol,
    kind: p.kind,
    stockAlert: context.alerted.has(p.id),
    ...(p.ean ? { ean: p.ean } : {}),
  };
  if (p.kind === 'raffle' && p.raffle_id !== null) {
    const raffle = context.raffles.get(p.raffle_id);
    return {
      ...base,
      raffleId: p.raffle_id,
      tickets: ticketsPerUnit({ priceCents: p.price_cents, tierNb: p.tier_nb }, raffle?.tiers ?? []),
    };
  }
  if (p.kind === 'giftbasket' && p.gift_basket_id !== null) {
    const basket = context.baskets.get(p.gift_basket_id);
    return {
      ...base,
      giftBasketId: p.gift_basket_id,
      tickets: ticketsPerUnit({ priceCents: p.price_cents, tierNb: p.tier_nb }, basket?.tiers ?? []),
    };
  }
  return base;
}

/** docs/spec.md §3 ticket price tiers `{nb, p}`, euros. */
export const presentTiers = (tiers: Array<{ nb: number; priceCents: number }>): TicketTier[] =>
  tiers.map((t) => ({ nb: t.nb, p: toEuros(t.priceCents) }));

/** docs/platform.md « Register admin API used by the stock remote ». */
export const presentProductAssoc = (p: ProductRow & { in_checkout: boolean }): ProductAssoc => ({
  product_id: p.id,
  product_name: p.name,
  product_price: decimalAmount(p.price_cents),
  category_name: p.category_name,
  is_in_checkout: p.in_checkout ? 1 : 0,
});
