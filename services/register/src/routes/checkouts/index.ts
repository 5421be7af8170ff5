import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { BarcodeParams, CheckoutIdParams, CheckoutAnswer, cleanEan, Product } from '@kermesse/contracts-register';
import { missing } from '../../errors.ts';
import { presentProduct, presentTiers } from '../../presenters/catalog.ts';
import {
  alertedProductIds,
  findCheckoutProductByEan,
  findCheckoutWithEvent,
  listCheckoutProducts,
  listGiftBasketsOfEvent,
  listRafflesOfEvent,
} from '../../repositories/catalog.ts';
import { toEuros } from '@kermesse/contracts-common';
import { listBingosOfEvent } from '../../repositories/bingoCatalog.ts';

/** docs/spec.md §9: checkout data and settings may be cached 600 s by the register page. */
export const CATALOG_CACHE_CONTROL = 'private, max-age=600';

/**
 * `GET /api/cr/checkouts/{id}`: a list whose first item is the checkout data of docs/spec.md §3 (products,
 * raffles with their total ticket count, gift baskets) and whose second item is the ticket category
 * config (raffle and gift-basket categories with their `{nb, p}` tiers). See API.md.
 */
export function checkoutRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/checkouts/:checkoutId',
    summary: 'Lire une caisse et ses produits',
    responses: { 200: CheckoutAnswer },
    roles: ['cashier'] as const,
    params: CheckoutIdParams,
    handler: async ({ ctx, params }) => {
      const { checkoutId } = params;
      const checkout = await findCheckoutWithEvent(db, checkoutId);
      if (!checkout) throw missing('CHECKOUT_NOT_FOUND');
      const [products, raffleRows, basketRows, alerted] = await Promise.all([
        listCheckoutProducts(db, checkoutId),
        listRafflesOfEvent(db, checkout.event_id),
        listGiftBasketsOfEvent(db, checkout.event_id),
        alertedProductIds(db, checkout.event_id),
      ]);
      const offeredCategories = new Set(products.map((p) => p.category_id));
      const raffles = raffleRows.filter((r) => offeredCategories.has(r.category_id));
      const baskets = basketRows.filter((b) => offeredCategories.has(b.category_id));
      // Loto nights whose cartons this register sells.
      const bingos = (await listBingosOfEvent(db, checkout.event_id)).filter((b) => offeredCategories.has(b.category_id));
      const context = { alerted, raffles: new Map(raffles.map((r) => [r.id, r])), baskets: new Map(baskets.map((b) => [b.id, b])) };
      const categories = new Map<number, CheckoutAnswer[0]['categories'][number]>();
      for (const p of products)
        if (!categories.has(p.category_id)) categories.set(p.category_id, { id: p.category_id, name: p.category_name, kind: p.kind });

      ctx.set('Cache-Control', CATALOG_CACHE_CONTROL);
      return [
        {
          id: checkout.id,
          name: checkout.name,
          event: { id: checkout.event_id, name: checkout.event_name },
          categories: [...categories.values()],
          products: products.map((p) => presentProduct(p, context)),
          raffles: raffles.map((r) => ({ id: r.id, name: r.name, tickets: r.total_tickets, categoryId: r.category_id })),
          giftBaskets: baskets.map((b) => ({
            id: b.id,
            name: b.name,
            categoryId: b.category_id,
            types: b.types.map((t) => ({ id: t.id, name: t.name, price: toEuros(t.priceCents) })),
          })),
          bingos: bingos.map((b) => ({ id: b.id, name: b.name, cartons: b.total_cartons, categoryId: b.category_id })),
        },
        {
          raffles: raffles.map((r) => ({
            id: r.category_id,
            raffleId: r.id,
            name: categories.get(r.category_id)?.name ?? r.name,
            price: presentTiers(r.tiers),
          })),
          giftBaskets: baskets.map((b) => ({
            id: b.category_id,
            giftBasketId: b.id,
            name: categories.get(b.category_id)?.name ?? b.name,
            price: presentTiers(b.tiers),
          })),
          bingos: bingos.map((b) => ({
            id: b.category_id,
            bingoId: b.id,
            name: categories.get(b.category_id)?.name ?? b.name,
            price: presentTiers(b.tiers),
          })),
        },
      ] satisfies CheckoutAnswer;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/api/cr/checkouts/:checkoutId/products/barcode/:code',
    summary: 'Trouver un produit de la caisse par son code-barres',
    responses: { 200: Product },
    errors: { 404: ['CHECKOUT_NOT_FOUND', 'BARCODE_UNKNOWN'] },
    roles: ['cashier'] as const,
    params: BarcodeParams,
    handler: async ({ params }) => {
      const checkout = await findCheckoutWithEvent(db, params.checkoutId);
      if (!checkout) throw missing('CHECKOUT_NOT_FOUND');
      const code = cleanEan(params.code);
      const product = await findCheckoutProductByEan(db, params.checkoutId, code);
      if (!product) throw missing('BARCODE_UNKNOWN', { code });
      // A ticket product's tiers and a stock alert matter on the tile, not here: the till adds the
      // product it holds in its catalogue, this answer says which one.
      const alerted = await alertedProductIds(db, checkout.event_id);
      return presentProduct(product, { alerted, raffles: new Map(), baskets: new Map() });
    },
  });

  return router;
}
