import { useCallback } from 'react';
import { useResource } from '@kermesse/ui-kit';
import { registerAdminApi, type ProductAssoc } from '../api/registerAdminApi';
import { serverMessage } from '../components/messages';

type ProductList = ProductAssoc[] | null;

/** The products of the catalogue with whether a register sells them. */
export function useCheckoutProducts(checkoutId: number) {
  const { data, error, setData } = useResource(() => registerAdminApi.getCheckoutProducts(checkoutId), [checkoutId]);
  const setProducts = useCallback(
    (update: (list: ProductList) => ProductList) => setData((list) => update(list ?? null) ?? undefined),
    [setData],
  );
  return {
    products: data ?? null,
    setProducts,
    error: error ? serverMessage(error, 'Erreur lors de la récupération des données.') : null,
  };
}
