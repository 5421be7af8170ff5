import { useMemo } from 'react';
import { CheckoutApiProvider } from '../api/CheckoutApiContext';
import { checkoutApiFor, type CheckoutApi } from '../api/checkoutApi';
import { SalesScreen } from '../register/SalesScreen';

/** What the sales screen of a register receives (docs/spec.md §2 « Checkout register »). */
export interface CheckoutRegisterProps {
  checkoutId: number;
  eventId: number;
  submittedToken: string;
  clickAndCollect: boolean;
  /** The API client to use; by default one calling the gateway with `submittedToken`. */
  api?: CheckoutApi;
  /** Told when the register's detail cannot be loaded (the entry page says so too, docs/spec.md §8). */
  onLoadError?: () => void;
}

/** The sales screen of the selected register: cart, buyer, tickets, payments and receipts. */
export function CheckoutRegister({ checkoutId, eventId, submittedToken, clickAndCollect, api, onLoadError }: CheckoutRegisterProps) {
  const client = useMemo(() => api ?? checkoutApiFor(submittedToken), [api, submittedToken]);
  return (
    <section
      id="checkout-register"
      className="reg-register"
      aria-label="Écran de vente"
      data-checkout-id={checkoutId}
      data-event-id={eventId}
      data-click-and-collect={clickAndCollect}
    >
      <CheckoutApiProvider api={client}>
        <SalesScreen
          key={`${checkoutId}-${eventId}`}
          checkoutId={checkoutId}
          eventId={eventId}
          clickAndCollect={clickAndCollect}
          onLoadError={onLoadError}
        />
      </CheckoutApiProvider>
    </section>
  );
}
