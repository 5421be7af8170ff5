import { useEffect, useRef } from 'react';
import { formatEuros } from '@kermesse/ui-kit';
import { articleCount, cartTotalCents, isPseudoProduct, lineTotalCents, QUANTITY_MAX, QUANTITY_MIN } from '../cart/cart';
import type { CartLine } from '../cart/types';
import { TrashIcon } from './icons';

export interface CartPanelProps {
  lines: CartLine[];
  onQuantity: (productId: number, quantity: number | string) => void;
  onRemove: (productId: number) => void;
}

/** The cart « Panier »: one line per product with its quantity (1 to 50), the total. */
export function CartPanel({ lines, onQuantity, onRemove }: CartPanelProps) {
  const total = cartTotalCents(lines);
  const articles = articleCount(lines);
  const listRef = useRef<HTMLUListElement>(null);
  const previous = useRef<CartLine[]>(lines);

  // The line just added or changed comes into view, even when the cart is longer than the screen.
  useEffect(() => {
    const before = previous.current;
    previous.current = lines;
    const list = listRef.current;
    if (!list) return;
    const added = lines.some((line) => !before.some((old) => old.product.id === line.product.id));
    if (added) {
      // A new line goes at the end (before the meal-deal line): show the end of the cart.
      list.scrollTop = list.scrollHeight;
      return;
    }
    const changed = lines.find((line) => before.some((old) => old.product.id === line.product.id && old.quantity !== line.quantity));
    if (changed) list.querySelector<HTMLElement>(`[data-product-id="${changed.product.id}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [lines]);
  return (
    <section className="reg-cart" aria-labelledby="reg-cart-title">
      <div className="reg-cart__head">
        <h2 id="reg-cart-title" className="reg-cart__title">
          Panier
        </h2>
        {articles > 0 && (
          <span className="reg-cart__count">
            {articles} article{articles > 1 ? 's' : ''}
          </span>
        )}
      </div>
      {lines.length === 0 ? (
        <p className="reg-muted reg-cart__empty">Le panier est vide. Touchez un produit pour l'ajouter.</p>
      ) : (
        <ul className="reg-cart__lines" ref={listRef}>
          {lines.map((line) => (
            <CartLineRow key={line.product.id} line={line} onQuantity={onQuantity} onRemove={onRemove} />
          ))}
        </ul>
      )}
      <p className="reg-cart__total" aria-live="polite">
        <span>Total</span>
        <strong data-testid="cart-total">{formatEuros({ cents: total })}</strong>
      </p>
    </section>
  );
}

function CartLineRow({ line, onQuantity, onRemove }: { line: CartLine } & Omit<CartPanelProps, 'lines'>) {
  const { product, quantity } = line;
  const pseudo = isPseudoProduct(product);
  const discount = product.priceCents < 0;
  return (
    <li className={discount ? 'reg-line reg-line--discount' : 'reg-line'} data-product-id={product.id}>
      <span className="reg-line__name">
        {product.name}
        <span className="reg-line__unit">{formatEuros({ cents: product.priceCents })}</span>
      </span>
      {pseudo ? (
        <span className="reg-line__fixed">× {quantity}</span>
      ) : (
        <span className="reg-qty">
          <button
            type="button"
            className="reg-qty__step"
            aria-label={`Un ${product.name} de moins`}
            disabled={quantity <= QUANTITY_MIN}
            onClick={() => onQuantity(product.id, quantity - 1)}
          >
            −
          </button>
          <input
            className="reg-qty__input"
            type="number"
            inputMode="numeric"
            min={QUANTITY_MIN}
            max={QUANTITY_MAX}
            step={1}
            aria-label={`Quantité de ${product.name}`}
            value={quantity}
            onChange={(event) => onQuantity(product.id, event.target.value)}
            onFocus={(event) => event.target.select()}
          />
          <button
            type="button"
            className="reg-qty__step"
            aria-label={`Un ${product.name} de plus`}
            disabled={quantity >= QUANTITY_MAX}
            onClick={() => onQuantity(product.id, quantity + 1)}
          >
            +
          </button>
        </span>
      )}
      <span className="reg-line__total">{formatEuros({ cents: lineTotalCents(line) })}</span>
      {discount ? (
        <span className="reg-line__remove-placeholder" />
      ) : (
        <button
          type="button"
          className="reg-line__remove"
          aria-label={`Retirer ${product.name} du panier`}
          onClick={() => onRemove(product.id)}
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}
