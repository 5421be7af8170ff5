import { Button, ErrorLine, formatEuros, Spinner } from '@kermesse/ui-kit';
import { byCategory } from '../components/messages';
import { CheckoutPicker } from './CheckoutPicker';
import { useCheckoutProducts } from './useCheckoutProducts';

/** docs/spec.md §2 price list: the products of a register by category, with a print button (A4). */
export function PriceListPage() {
  return (
    <section className="k-page" aria-labelledby="price-list-title">
      <header className="k-page-header stk-header k-no-print">
        <h1 id="price-list-title">Liste des prix</h1>
      </header>
      <CheckoutPicker>
        {({ checkout }) => <PriceList key={checkout.id} checkoutId={checkout.id} checkoutName={checkout.name} />}
      </CheckoutPicker>
    </section>
  );
}

export function PriceList({ checkoutId, checkoutName }: { checkoutId: number; checkoutName: string }) {
  const { products, error } = useCheckoutProducts(checkoutId);
  if (error) return <ErrorLine>{error}</ErrorLine>;
  if (!products) return <Spinner />;
  const sold = products.filter((p) => p.is_in_checkout === 1);
  return (
    <article className="k-card stk-price-list" aria-label={`Prix — ${checkoutName}`}>
      <div className="stk-price-list__head">
        <h2>Liste des prix — {checkoutName}</h2>
        <Button className="k-no-print" onClick={() => window.print()}>
          Imprimer
        </Button>
      </div>
      {sold.length === 0 && <p className="k-muted">Aucun produit dans cette caisse.</p>}
      {byCategory(
        sold,
        (p) => p.category_name,
        (p) => p.product_name,
      ).map(([category, items]) => (
        <section key={category} className="stk-price-group">
          <h3>{category}</h3>
          <dl>
            {items.map((product) => (
              <div key={product.product_id} className="stk-price">
                <dt>{product.product_name}</dt>
                <dd>{formatEuros(Number(product.product_price))}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </article>
  );
}
