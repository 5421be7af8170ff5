/** Gives the sales screen's components the register's API client (tests pass one over their own fetch). */
import { createContext, useContext, type ReactNode } from 'react';
import type { CheckoutApi } from './checkoutApi';

const CheckoutApiContext = createContext<CheckoutApi | null>(null);

export function CheckoutApiProvider({ api, children }: { api: CheckoutApi; children: ReactNode }) {
  return <CheckoutApiContext.Provider value={api}>{children}</CheckoutApiContext.Provider>;
}

export function useCheckoutApi(): CheckoutApi {
  const api = useContext(CheckoutApiContext);
  if (!api) throw new Error('useCheckoutApi hors de CheckoutApiProvider');
  return api;
}
