/** Rows of the back office → the contract's shapes (`@kermesse/contracts-register`). */
import type { AdminCategory, AdminCheckout, AdminEvent, AdminMealDeal, AdminProduct } from '@kermesse/contracts-register';
import type { MealDealRule } from '../cart/rules.ts';
import { toEuros } from '@kermesse/contracts-common';
import type { AdminCategoryRow, AdminCheckoutRow, AdminEventRow, AdminProductRow } from './repositories/backOffice.ts';

export const presentAdminEvent = (e: AdminEventRow): AdminEvent => ({
  id: e.id,
  name: e.name,
  startsOn: e.starts_on,
  endsOn: e.ends_on,
  place: e.place,
  description: e.description,
  idleLockMinutes: e.idle_lock_minutes,
  archived: e.archived_at !== null,
  hasSales: e.has_sales,
  raffles: e.raffle_names,
});

export const presentAdminCheckout = (c: AdminCheckoutRow): AdminCheckout => ({
  id: c.id,
  eventId: c.event_id,
  name: c.name,
  archived: c.archived_at !== null,
  hasSales: c.has_sales,
});

export const presentAdminCategory = (k: AdminCategoryRow): AdminCategory => ({
  id: k.id,
  eventId: k.event_id,
  name: k.name,
  kind: k.kind,
  position: k.position,
  productCount: k.product_count,
});

export const presentAdminProduct = (p: AdminProductRow): AdminProduct => ({
  id: p.id,
  eventId: p.event_id,
  name: p.name,
  price: toEuros(p.price_cents),
  ean: p.ean,
  categoryId: p.category_id,
  categoryName: p.category_name,
  image: p.image,
  clickAndCollectEligible: p.click_and_collect,
  alcoohol: p.alcohol,
  active: p.active,
  checkoutIds: p.checkout_ids,
  hasSales: p.has_sales,
});

export const presentMealDeal = (eventId: number, rule: MealDealRule, isDefault: boolean): AdminMealDeal => ({
  eventId,
  discount: toEuros(rule.discountCents),
  items: rule.items.map((i) => ({ categoryId: i.categoryId, price: toEuros(i.priceCents) })),
  isDefault,
});
