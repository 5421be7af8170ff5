import { useId, useMemo, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { classNames, formatEuros } from '@kermesse/ui-kit';
import { cleanEan } from '@kermesse/contracts-register/barcode';
import type { CatalogProduct } from '../api/checkoutApi';
import { QUANTITY_MAX } from '../cart/cart';
import type { ProductCategory } from '../cart/types';
import { Kbd, TimerIcon } from './icons';
import { ProductImage } from './ProductImage';

export const ALL_CATEGORIES = 'Toutes les catégories';

export interface ProductCatalogProps {
  categories: ProductCategory[];
  products: CatalogProduct[];
  /** Ids of the products whose stock is in alert. */
  alerts: ReadonlySet<number>;
  /** Quantity of each product already in the cart. */
  inCart: ReadonlyMap<number, number>;
  onAdd: (product: CatalogProduct, quantity: number) => void;
  searchRef?: RefObject<HTMLInputElement | null>;
  /** Buttons shown beside the search field. */
  tools?: ReactNode;
}

/** Lower case without accents, so « creme » finds « Crème ». */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** « 3*café », « 3 x café » or « café »: how many, and what to look for. */
export function parseSearch(text: string): { quantity: number; term: string } {
  const match = /^\s*(\d{1,2})\s*[*x×]\s*(.*)$/i.exec(text);
  if (!match) return { quantity: 1, term: text };
  return { quantity: Math.min(QUANTITY_MAX, Math.max(1, Number(match[1]))), term: match[2] ?? '' };
}

/**
 * Category tabs (« Toutes les catégories » plus one per category), a search field and the product
 * grid. Keyboard: type a name and Enter adds the first match (« 3*café » adds three), arrows move
 * between products, Enter or Space adds the focused one.
 */
export function ProductCatalog({ categories, products, alerts, inCart, onAdd, searchRef, tools }: ProductCatalogProps) {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [notFound, setNotFound] = useState(false);
  const gridId = useId();

  const { quantity, term } = parseSearch(search);
  const visible = useMemo(() => {
    const wanted = normalise(term);
    // A barcode typed or scanned into the search finds its product (docs/gate.md §5).
    const code = /^[\d\s-]{8,}$/.test(term) ? cleanEan(term) : '';
    const scanned = code ? products.filter((product) => product.ean === code) : [];
    if (scanned.length) return scanned;
    if (wanted) return products.filter((product) => normalise(product.name).includes(wanted));
    return categoryId === null ? products : products.filter((product) => product.category.id === categoryId);
  }, [products, categoryId, term]);

  const handleSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = normalise(term) ? visible[0] : undefined;
      if (!first) {
        setNotFound(normalise(term) !== '');
        return;
      }
      onAdd(first, quantity);
      setSearch('');
      setNotFound(false);
    } else if (event.key === 'Escape' && search) {
      event.stopPropagation();
      setSearch('');
      setNotFound(false);
    } else if (event.key === 'ArrowDown') {
      const firstTile = document.getElementById(gridId)?.querySelector<HTMLButtonElement>('button');
      if (firstTile) {
        event.preventDefault();
        firstTile.focus();
      }
    }
  };

  const handleGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tiles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.reg-product')];
    const index = tiles.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const firstTop = tiles[0]?.offsetTop ?? 0;
    const columns = Math.max(1, tiles.filter((tile) => tile.offsetTop === firstTop).length);
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = tiles[index + move];
    if (next) next.focus();
    else if (event.key === 'ArrowUp') searchRef?.current?.focus();
  };

  const selectCategory = (id: number | null) => {
    setCategoryId(id);
    setSearch('');
    setNotFound(false);
  };

  const tabs: { id: number | null; name: string }[] = [{ id: null, name: ALL_CATEGORIES }, ...categories];

  return (
    <section className="reg-catalog" aria-label="Produits">
      <div className="reg-toolbar">
        <div className="reg-search">
          <label className="k-visually-hidden" htmlFor={`${gridId}-search`}>
            Rechercher un produit
          </label>
          <input
            id={`${gridId}-search`}
            ref={searchRef}
            className="k-input reg-search__input"
            type="search"
            enterKeyHint="done"
            autoComplete="off"
            placeholder="Rechercher un produit…"
            title="Entrée ajoute le premier produit trouvé ; « 3*café » en ajoute trois."
            value={search}
            aria-describedby={`${gridId}-search-hint`}
            onChange={(event) => {
              setSearch(event.target.value);
              setNotFound(false);
            }}
            onKeyDown={handleSearchKeyDown}
          />
          <span id={`${gridId}-search-hint`} className="reg-search__hint">
            <Kbd>F2</Kbd>
          </span>
        </div>
        {tools}
      </div>
      {notFound && (
        <p className="reg-muted reg-search__none" role="status">
          Aucun produit ne correspond à « {term.trim()} ».
        </p>
      )}

      <div className="reg-tabs" role="tablist" aria-label="Catégories">
        {tabs.map((tab) => {
          const selected = !term.trim() && tab.id === categoryId;
          return (
            <button
              key={tab.id ?? 'all'}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={gridId}
              className={classNames('reg-tab', selected && 'reg-tab--selected')}
              onClick={() => selectCategory(tab.id)}
            >
              {tab.name}
            </button>
          );
        })}
      </div>

      <div id={gridId} className="reg-products" role="tabpanel" aria-label="Grille des produits" onKeyDown={handleGridKeyDown}>
        {visible.map((product) => {
          const count = inCart.get(product.id) ?? 0;
          const alert = alerts.has(product.id);
          const price = formatEuros({ cents: product.priceCents });
          return (
            <button
              key={product.id}
              type="button"
              className={classNames('reg-product', alert && 'reg-product--alert', count > 0 && 'reg-product--in-cart')}
              data-product-id={product.id}
              // The name says what the tile shows, in its order (« Café 1,00 € Stock bas »), so voice control finds it by those words.
              aria-label={`${product.name}, ${price}${alert ? ', stock bas' : ''}${count > 0 ? `, ${count} dans le panier` : ''}`}
              onClick={() => onAdd(product, 1)}
            >
              <ProductImage image={product.image} />
              <span className="reg-product__name">{product.name}</span> <span className="reg-product__price">{price}</span>{' '}
              {alert && <span className="reg-badge reg-badge--alert">Stock bas</span>}
              {product.clickAndCollectEligible && (
                <span className="reg-product__marks">
                  <TimerIcon />
                </span>
              )}
              {count > 0 && (
                <span className="reg-product__count" aria-hidden="true">
                  {count}
                </span>
              )}
            </button>
          );
        })}
        {visible.length === 0 && <p className="reg-muted">Aucun produit dans cette catégorie.</p>}
      </div>
    </section>
  );
}
