import { badRequest, notFound, requireRole, Router, validateBody, validateParams, type Db } from '@kermesse/kit';
import { presentProductAssoc } from '../../presenters/catalog.ts';
import { listProductsForCheckout } from '../../repositories/catalog.ts';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const checkoutParams = { type: 'object', required: ['checkoutId'], properties: { checkoutId: id } } as const;
const productParams = { type: 'object', required: ['checkoutId', 'productId'], properties: { checkoutId: id, productId: id } } as const;
/** The stock remote sends the whole product row with the new flag; only the flag matters. */
const toggleSchema = {
  type: 'object',
  required: ['is_in_checkout'],
  properties: { is_in_checkout: { enum: [0, 1, true, false, '0', '1'] } },
} as const;

/** docs/platform.md « Register admin API used by the stock remote » (admin role). */
export function adminRoutes({ db }: { db: Db }): Router {
  const router = new Router({ prefix: '/api/admin/checkout' });
  router.use(requireRole('admin'));

  const findCheckout = async (checkoutId: number) => {
    const checkout = await db('checkouts').where({ id: checkoutId }).first('id');
    if (!checkout) throw notFound('Caisse introuvable.');
  };

  router.get('/:checkoutId/products', validateParams(checkoutParams), async (ctx) => {
    const { checkoutId } = ctx.state.params as { checkoutId: number };
    await findCheckout(checkoutId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { productsAssoc: (await listProductsForCheckout(db, checkoutId)).map(presentProductAssoc) };
  });

  router.put('/:checkoutId/products/:productId', validateParams(productParams), validateBody(toggleSchema), async (ctx) => {
    const { checkoutId, productId } = ctx.state.params as { checkoutId: number; productId: number };
    const flag = (ctx.state.body as { is_in_checkout: unknown }).is_in_checkout;
    const inCheckout = flag === 1 || flag === true || flag === '1';
    await findCheckout(checkoutId);
    const product = await db('products as p').join('categories as c', 'c.id', 'p.category_id').where('p.id', productId).first('c.event_id');
    if (!product) throw notFound('Produit introuvable.');
    const checkout = await db('checkouts').where({ id: checkoutId }).first('event_id');
    if (inCheckout && product.event_id !== null && product.event_id !== checkout.event_id) throw badRequest('Ce produit appartient à un autre événement que cette caisse.');
    if (inCheckout) {
      await db('checkout_products').insert({ checkout_id: checkoutId, product_id: productId }).onConflict().ignore();
    } else {
      await db('checkout_products').where({ checkout_id: checkoutId, product_id: productId }).delete();
    }
    ctx.body = { success: true };
  });

  return router;
}
