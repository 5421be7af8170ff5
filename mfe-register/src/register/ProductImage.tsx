import { useState } from 'react';

/** Shown when a product has no picture or its picture cannot be loaded (docs/spec.md §2). */
export const PRODUCT_IMAGE_FALLBACK = '/icon/product404.png';

/** The picture of a product from /up/{image}, falling back to /icon/product404.png, then to nothing. */
export function ProductImage({ image }: { image?: string | null }) {
  const [source, setSource] = useState(image ? `/up/${encodeURIComponent(image)}` : PRODUCT_IMAGE_FALLBACK);
  const [broken, setBroken] = useState(false);
  if (broken) return <span className="reg-product__picture reg-product__picture--none" aria-hidden="true" />;
  return (
    <img
      className="reg-product__picture"
      src={source}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => (source === PRODUCT_IMAGE_FALLBACK ? setBroken(true) : setSource(PRODUCT_IMAGE_FALLBACK))}
    />
  );
}
