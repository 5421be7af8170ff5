import { useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, formatEuros, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { centsToInput, parseEuros, toCents } from '@kermesse/contracts-common';
import { cleanEan, isValidEan } from '@kermesse/contracts-register/barcode';
import { PICTURE_LIMITS, PRICE_RULES } from '@kermesse/contracts-register/rules';
import { useBackOfficeApi } from './api/BackOfficeApiContext';
import type { AdminCategory, AdminCheckout, AdminProduct } from './api/backOfficeApi';
import { messageOf, useLoad } from './useLoad';

/** A new product saved without any register ticked (it would be sold nowhere). */
export const NO_REGISTER_CHOSEN = 'Cochez au moins une caisse qui vend ce produit (ou « Cocher toutes les caisses »).';

/** The products of an event: list, add, edit (price typed « 3,50 »), picture, withdraw. */
export function ProductsSection({
  eventId,
  checkouts,
  categories,
}: {
  eventId: number;
  checkouts: AdminCheckout[];
  categories: AdminCategory[];
}) {
  const api = useBackOfficeApi();
  const products = useLoad(() => api.listProducts(eventId), [api, eventId]);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const productCategories = categories.filter((c) => c.kind === 'product');

  const handleRemove = async (product: AdminProduct) => {
    try {
      const result = await api.deleteProduct(product.id);
      setNotice(
        result.deactivated
          ? `« ${product.name} » a des ventes : il est retiré de la vente, ses reçus le montrent toujours.`
          : `« ${product.name} » supprimé.`,
      );
      setError(null);
      await products.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div className="k-card bo-card">
      <div className="k-page-header bo-page__head">
        <h2>Produits</h2>
        {editing === null && (
          <Button onClick={() => setEditing('new')} disabled={!productCategories.length}>
            Nouveau produit
          </Button>
        )}
      </div>
      {!productCategories.length && <p className="bo-muted">Créez d'abord une catégorie (onglet « Catégories »).</p>}
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {editing !== null && (
        <ProductForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          product={editing === 'new' ? null : editing}
          checkouts={checkouts.filter((c) => !c.archived)}
          categories={productCategories}
          onDone={async (saved) => {
            setEditing(null);
            setNotice(saved ? `« ${saved.name} » enregistré.` : null);
            await products.reload();
          }}
        />
      )}
      {products.loading && !products.data && <Spinner label="Chargement des produits…" />}
      {products.error && <ErrorLine>{products.error}</ErrorLine>}
      {products.data?.length === 0 && <p>Aucun produit pour l'instant.</p>}
      <ul className="bo-products">
        {products.data?.map((p) => (
          <li key={p.id} className={`bo-product${p.active ? '' : ' bo-product--inactive'}`}>
            <img
              className="bo-product__img"
              src={p.image ? `/up/${p.image}` : '/icon/product404.png'}
              alt=""
              width={48}
              height={48}
              onError={(e) => {
                e.currentTarget.src = '/icon/product404.png';
              }}
            />
            <span className="bo-product__text">
              <strong>{p.name}</strong> <span>{formatEuros(p.price)}</span>
              <span className="bo-muted">
                {' '}
                · {p.categoryName}
                {p.active ? '' : ' · hors vente'}
                {p.clickAndCollectEligible ? ' · à préparer' : ''}
                {p.alcoohol ? ' · alcool' : ''}
                {p.ean ? ` · EAN ${p.ean}` : ''}
              </span>
              <span className="bo-muted bo-product__checkouts">
                {p.checkoutIds.length
                  ? checkouts
                      .filter((c) => p.checkoutIds.includes(c.id))
                      .map((c) => c.name)
                      .join(', ')
                  : 'Aucune caisse'}
              </span>
            </span>
            {categories.find((c) => c.id === p.categoryId)?.kind === 'product' ? (
              <span className="k-actions">
                <Button variant="secondary" onClick={() => setEditing(p)} aria-label={`Modifier ${p.name}`}>
                  Modifier
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void handleRemove(p)}
                  aria-label={`${p.hasSales ? 'Retirer de la vente' : 'Supprimer'} ${p.name}`}
                >
                  {p.hasSales ? 'Retirer de la vente' : 'Supprimer'}
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProductForm({
  eventId,
  product,
  checkouts,
  categories,
  onDone,
}: {
  eventId: number;
  product: AdminProduct | null;
  checkouts: AdminCheckout[];
  categories: AdminCategory[];
  onDone: (saved: AdminProduct | null) => Promise<void>;
}) {
  const api = useBackOfficeApi();
  const [name, setName] = useState(product?.name ?? '');
  const [price, setPrice] = useState(product ? centsToInput(toCents(product.price)) : '');
  const [categoryId, setCategoryId] = useState(product?.categoryId ?? categories[0]?.id ?? 0);
  // A new product starts with no register ticked: the admin says which registers sell it, rather than
  // finding it on every register's screen.
  const [checkoutIds, setCheckoutIds] = useState<number[]>(product?.checkoutIds ?? []);
  const [clickAndCollect, setClickAndCollect] = useState(product?.clickAndCollectEligible ?? false);
  const [alcohol, setAlcohol] = useState(product?.alcoohol ?? false);
  const [active, setActive] = useState(product?.active ?? true);
  const [ean, setEan] = useState(product?.ean ?? '');
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = product ? `product-${product.id}` : 'product-new';

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Le nom du produit est obligatoire.');
    const cents = parseEuros(price, PRICE_RULES);
    if (cents === null) return setError('Prix invalide : saisissez un montant positif comme 3,50.');
    if (picture && picture.size > PICTURE_LIMITS.maxBytes) return setError('Image trop lourde : 2 Mo au plus.');
    if (!product && checkouts.length > 0 && checkoutIds.length === 0) return setError(NO_REGISTER_CHOSEN);
    const code = cleanEan(ean);
    if (code && !isValidEan(code))
      return setError(
        `Le code-barres « ${ean.trim()} » n'est pas un EAN valide : 8 ou 13 chiffres (12 pour un UPC), le dernier étant la clé de contrôle.`,
      );
    setBusy(true);
    try {
      const body = {
        name,
        price,
        categoryId,
        clickAndCollectEligible: clickAndCollect,
        alcoohol: alcohol,
        active,
        checkoutIds,
        ean: code || null,
      };
      let saved = product ? await api.updateProduct(product.id, body) : await api.createProduct({ ...body, eventId });
      if (picture) saved = await api.uploadPicture(saved.id, picture);
      await onDone(saved);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: number) => setCheckoutIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <form
      className="k-form bo-product-form"
      onSubmit={handleSubmit}
      noValidate
      aria-label={product ? `Modifier ${product.name}` : 'Nouveau produit'}
    >
      <h3>{product ? `Modifier « ${product.name} »` : 'Nouveau produit'}</h3>
      <Field label="Nom du produit" htmlFor={`${prefix}-name`}>
        <TextInput id={`${prefix}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
      </Field>
      <div className="bo-row">
        <Field label="Prix" htmlFor={`${prefix}-price`}>
          <MoneyInput id={`${prefix}-price`} value={price} onChange={(e) => setPrice(e.target.value)} placeholder="3,50" />
        </Field>
        <Field label="Catégorie" htmlFor={`${prefix}-category`}>
          <select id={`${prefix}-category`} className="k-input" value={categoryId} onChange={(e) => setCategoryId(Number(e.target.value))}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="Code-barres (EAN, facultatif)" htmlFor={`${prefix}-ean`}>
        <TextInput
          id={`${prefix}-ean`}
          value={ean}
          onChange={(e) => setEan(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          placeholder="3017620422003"
        />
      </Field>
      <fieldset className="bo-fieldset">
        <legend>Caisses qui le vendent</legend>
        {checkouts.length === 0 && <p className="bo-muted">Aucune caisse : ajoutez-en dans l'onglet « Caisses ».</p>}
        {checkouts.map((c) => (
          <label key={c.id} className="k-check">
            <input type="checkbox" checked={checkoutIds.includes(c.id)} onChange={() => toggle(c.id)} /> {c.name}
          </label>
        ))}
        {checkouts.length > 1 && checkoutIds.length < checkouts.length && (
          <Button variant="ghost" onClick={() => setCheckoutIds(checkouts.map((c) => c.id))}>
            Cocher toutes les caisses
          </Button>
        )}
      </fieldset>
      <fieldset className="bo-fieldset">
        <legend>Options</legend>
        <label className="k-check">
          <input type="checkbox" checked={clickAndCollect} onChange={(e) => setClickAndCollect(e.target.checked)} /> Click &amp; collect (à
          préparer)
        </label>
        <label className="k-check">
          <input type="checkbox" checked={alcohol} onChange={(e) => setAlcohol(e.target.checked)} /> Contient de l'alcool
        </label>
        <label className="k-check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> En vente
        </label>
      </fieldset>
      <Field label="Image (PNG, JPEG, WebP ou SVG, 2 Mo au plus)" htmlFor={`${prefix}-picture`}>
        <input
          id={`${prefix}-picture`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          onChange={(e) => setPicture(e.target.files?.[0] ?? null)}
        />
      </Field>
      {error && <ErrorLine>{error}</ErrorLine>}
      <div className="k-actions">
        <Button type="submit" disabled={busy}>
          {product ? 'Enregistrer le produit' : 'Ajouter le produit'}
        </Button>
        <Button variant="ghost" onClick={() => void onDone(null)}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
