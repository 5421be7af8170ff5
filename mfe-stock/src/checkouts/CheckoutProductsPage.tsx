import { useState } from 'react';
import { Button, ErrorLine, formatEuros, Spinner } from '@kermesse/ui-kit';
import { registerAdminApi, type ProductAssoc } from '../api/registerAdminApi';
import { byCategory, serverMessage } from '../components/messages';
import { CheckoutPicker } from './CheckoutPicker';
import { useCheckoutProducts } from './useCheckoutProducts';

/** docs/spec.md §2/§4 checkout product selector: per register, by category, « Ajouter » / « Retirer » each product. */
export function CheckoutProductsPage() {
  return (
    <section className="k-page" aria-labelledby="checkout-products-title">
      <header className="k-page-header stk-header">
        <h1 id="checkout-products-title">Produits des caisses</h1>
      </header>
      <CheckoutPicker>
        {({ checkout }) => <CheckoutProductSelector key={checkout.id} checkoutId={checkout.id} checkoutName={checkout.name} />}
      </CheckoutPicker>
    </section>
  );
}

export function CheckoutProductSelector({ checkoutId, checkoutName }: { checkoutId: number; checkoutName: string }) {
  const { products, setProducts, error } = useCheckoutProducts(checkoutId);
  const [pending, setPending] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ productId: number; message: string } | null>(null);

  const handleToggle = async (product: ProductAssoc) => {
    const inCheckout = product.is_in_checkout !== 1;
    setPending(product.product_id);
    setFailure(null);
    try {
      await registerAdminApi.setInCheckout(checkoutId, product, inCheckout);
      setProducts(
        (list) => list && list.map((p) => (p.product_id === product.product_id ? { ...p, is_in_checkout: inCheckout ? 1 : 0 } : p)),
      );
    } catch (err) {
      setFailure({ productId: product.product_id, message: serverMessage(err, 'Erreur lors de la mise à jour') });
    } finally {
      setPending(null);
    }
  };

  if (error) return <ErrorLine>{error}</ErrorLine>;
  if (!products) return <Spinner />;
  const count = products.filter((p) => p.is_in_checkout === 1).length;
  return (
    <>
      <p className="k-muted" id="checkout-count">
        {checkoutName} : {count} {count > 1 ? 'produits vendus' : 'produit vendu'} sur {products.length}.
      </p>
      {products.length === 0 && <p className="k-card k-empty">Aucun produit dans le catalogue.</p>}
      {byCategory(
        products,
        (p) => p.category_name,
        (p) => p.product_name,
      ).map(([category, items]) => (
        <section key={category} className="k-card stk-group" aria-label={category}>
          <h2>{category}</h2>
          <ul className="stk-toggles">
            {items.map((product) => {
              const inCheckout = product.is_in_checkout === 1;
              return (
                <li
                  key={product.product_id}
                  className={inCheckout ? 'stk-toggle stk-toggle--on' : 'stk-toggle'}
                  data-product-id={product.product_id}
                >
                  <span className="stk-toggle__name">{product.product_name}</span>
                  <span className="stk-toggle__price">{formatEuros(Number(product.product_price))}</span>
                  <span className={inCheckout ? 'k-badge k-badge--on' : 'k-badge'}>{inCheckout ? 'Dans la caisse' : 'Absent'}</span>
                  <Button
                    variant={inCheckout ? 'danger' : 'secondary'}
                    disabled={pending === product.product_id}
                    aria-label={`${inCheckout ? 'Retirer' : 'Ajouter'} ${product.product_name}`}
                    onClick={() => handleToggle(product)}
                  >
                    {inCheckout ? 'Retirer' : 'Ajouter'}
                  </Button>
                  {failure?.productId === product.product_id && (
                    <span className="stk-inline__error" role="alert">
                      {failure.message}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
