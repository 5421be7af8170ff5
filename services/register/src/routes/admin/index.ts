/** docs/platform.md « Register admin API used by the stock remote » (admin role): a register's products. */
import { type Db } from '@kermesse/kit/db';
import { defineRoute, Router } from '@kermesse/kit/http';
import { CheckoutIdParams, CheckoutProductParams, CheckoutProductToggle, ProductAssocs, SuccessAnswer } from '@kermesse/contracts-register';
import { invalid, missing } from '../../errors.ts';
import { presentProductAssoc } from '../../presenters/catalog.ts';
import { findCheckoutEvent, findProductEvent, listProductsForCheckout, setProductInCheckout } from '../../repositories/catalog.ts';

const ADMIN = ['admin'] as const;

export function adminRoutes({ db }: { db: Db }): Router {
  const router = new Router();

  const findCheckout = async (checkoutId: number) => {
    const checkout = await findCheckoutEvent(db, checkoutId);
    if (!checkout) throw missing('CHECKOUT_NOT_FOUND');
    return checkout;
  };

  defineRoute(router, {
    method: 'get',
    path: '/api/admin/checkout/:checkoutId/products',
    summary: "Lister les produits d'une caisse",
    responses: { 200: ProductAssocs },
    roles: ADMIN,
    params: CheckoutIdParams,
    handler: async ({ ctx, params }) => {
      await findCheckout(params.checkoutId);
      ctx.set('Cache-Control', 'no-store');
      return { productsAssoc: (await listProductsForCheckout(db, params.checkoutId)).map(presentProductAssoc) };
    },
  });

  defineRoute(router, {
    method: 'put',
    path: '/api/admin/checkout/:checkoutId/products/:productId',
    summary: "Activer ou retirer un produit d'une caisse",
    responses: { 200: SuccessAnswer },
    roles: ADMIN,
    params: CheckoutProductParams,
    body: CheckoutProductToggle,
    handler: async ({ params, body }) => {
      const flag = body.is_in_checkout;
      const inCheckout = flag === 1 || flag === true || flag === '1';
      const checkout = await findCheckout(params.checkoutId);
      const product = await findProductEvent(db, params.productId);
      if (!product) throw missing('PRODUCT_NOT_FOUND');
      if (inCheckout && product.event_id !== null && product.event_id !== checkout.event_id) throw invalid('PRODUCT_OTHER_EVENT');
      await setProductInCheckout(db, params.checkoutId, params.productId, inCheckout);
      return { success: true };
    },
  });

  return router;
}
