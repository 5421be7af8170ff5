/**
 * A scanned code at the register (docs/gate.md §5): the product of this register that carries it goes
 * into the cart, found in the catalogue the register already holds — offline too. An unknown code says
 * so in French and adds nothing.
 */
import { useCallback } from 'react';
import { cleanEan } from '@kermesse/contracts-register/barcode';
import { messageOf } from '@kermesse/contracts-register/errors';
import type { CatalogProduct } from '../api/checkoutApi';
import type { SetNotice } from '../register/SaleNotice';
import { useWedgeScanner } from './useWedgeScanner';

export interface ProductScanOptions {
  products: CatalogProduct[];
  /** Off while a dialog or a payment holds the screen. */
  enabled: boolean;
  onFound: (product: CatalogProduct) => void;
  setNotice: SetNotice;
}

/** Listens for a keyboard-wedge scanner; answers the handler of a code read another way (the camera). */
export function useProductScan({ products, enabled, onFound, setNotice }: ProductScanOptions): (code: string) => void {
  const handleCode = useCallback(
    (raw: string) => {
      const code = cleanEan(raw);
      const product = products.find((p) => p.ean === code);
      if (!product) return setNotice({ tone: 'error', text: messageOf('BARCODE_UNKNOWN', { code }) });
      onFound(product);
      setNotice({ tone: 'info', text: `« ${product.name} » ajouté au panier.` });
    },
    [products, onFound, setNotice],
  );
  useWedgeScanner(handleCode, enabled);
  return handleCode;
}
