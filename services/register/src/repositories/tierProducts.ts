/**
 * Products sold by price tier {nb, p} — raffle tickets, gift-basket bets, loto cartons: one product
 * per tier in the owner's category (« 3 tickets » at 5,00 €), offered on its event's registers, and
 * withdrawn when its tier goes or sales close. Each change is published as `catalog.product.changed`
 * (the stock service skips these kinds: they have no stock). Written once for the three catalogues
 * (ticketCatalog.ts, bingoCatalog.ts).
 */
import '../events.ts';
import { recordEvent, type EventPayloads } from '@kermesse/kit/bus';
import { type Trx } from '@kermesse/kit/db';
import type { Tier } from '../cart/rules.ts';

export interface TierProducts {
  kind: 'raffle' | 'giftbasket' | 'bingo';
  categoryId: number;
  categoryName: string;
  /** The owner's event; null for a loto night not yet given one (no register offers it). */
  eventId: number | null;
  tiers: Tier[];
  /** Sales open: the products are active. */
  open: boolean;
  /** « 1 ticket », « 3 paris », « 6 cartons ». */
  productName: (nb: number) => string;
  image: string;
  /**
   * Offer the products that already exist on the event's registers again (a loto night may move to
   * another event); otherwise only new products are offered, and a register that took one off keeps it off.
   */
  offerExisting?: boolean;
}

type ProductRow = { id: number; name: string; price_cents: number; tier_nb: number; active: boolean; image: string | null };

export async function syncTierProducts(trx: Trx, input: TierProducts): Promise<void> {
  const { kind, categoryId, categoryName, tiers, open } = input;
  const current: ProductRow[] = await trx('products')
    .where({ category_id: categoryId })
    .select('id', 'name', 'price_cents', 'tier_nb', 'active', 'image');
  const checkouts: Array<{ id: number }> =
    input.eventId === null ? [] : await trx('checkouts').where({ event_id: input.eventId }).select('id');
  const offer = async (productId: number) => {
    if (!checkouts.length) return;
    await trx('checkout_products')
      .insert(checkouts.map((c) => ({ checkout_id: c.id, product_id: productId })))
      .onConflict()
      .ignore();
  };
  const changed: EventPayloads['catalog.product.changed'][] = [];
  const changedTo = (p: Pick<ProductRow, 'id' | 'name' | 'price_cents' | 'image'>, active: boolean) =>
    changed.push({
      productId: p.id,
      name: p.name,
      priceCents: p.price_cents,
      categoryId,
      categoryName,
      image: p.image,
      clickAndCollect: false,
      alcohol: false,
      active,
      kind,
    });

  for (const [index, tier] of tiers.entries()) {
    const name = input.productName(tier.nb);
    const found = current.find((p) => p.tier_nb === tier.nb);
    if (found) {
      if (found.price_cents !== tier.priceCents || found.active !== open || found.name !== name) {
        await trx('products')
          .where({ id: found.id })
          .update({ name, price_cents: tier.priceCents, active: open, position: index, updated_at: trx.fn.now() });
        changedTo({ ...found, name, price_cents: tier.priceCents }, open);
      }
      if (open && input.offerExisting) await offer(found.id);
      continue;
    }
    const [row] = await trx('products')
      .insert({
        name,
        image: input.image,
        price_cents: tier.priceCents,
        category_id: categoryId,
        tier_nb: tier.nb,
        active: open,
        position: index,
      })
      .returning(['id', 'name', 'price_cents', 'image']);
    const product = row as Pick<ProductRow, 'id' | 'name' | 'price_cents' | 'image'>;
    await offer(product.id);
    changedTo(product, open);
  }
  // A tier that went away (or every tier, sales closed) is withdrawn, once.
  for (const gone of current.filter((p) => p.active && (!open || !tiers.some((t) => t.nb === p.tier_nb)))) {
    if (changed.some((c) => c.productId === gone.id)) continue;
    await trx('products').where({ id: gone.id }).update({ active: false, updated_at: trx.fn.now() });
    changedTo(gone, false);
  }
  for (const event of changed) await recordEvent(trx, 'register', 'catalog.product.changed', event);
}
