import { useEffect, useState } from 'react';
import { registerAdminApi, type ProductAssoc } from '../api/registerAdminApi';
import { serverMessage } from '../components/messages';

/** The products of the catalogue with whether a register sells them. */
export function useCheckoutProducts(checkoutId: number) {
  const [products, setProducts] = useState<ProductAssoc[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setProducts(null);
    setError(null);
    registerAdminApi.getCheckoutProducts(checkoutId).then(
      (list) => { if (!cancelled) setProducts(list); },
      (failure: unknown) => { if (!cancelled) setError(serverMessage(failure, 'Erreur lors de la récupération des données.')); },
    );
    return () => {
      cancelled = true;
    };
  }, [checkoutId]);

  return { products, setProducts, error };
}
