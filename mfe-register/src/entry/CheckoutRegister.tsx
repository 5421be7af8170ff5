/** What the sales screen of a register receives (SPEC §2 « Checkout register »). */
export interface CheckoutRegisterProps {
  checkoutId: number;
  eventId: number;
  submittedToken: string;
  clickAndCollect: boolean;
}

/**
 * The sales screen of the selected register. Only its place and inputs exist for now: the screen
 * itself (cart, payments, receipts) comes with the register issue.
 */
export function CheckoutRegister({ checkoutId, eventId, clickAndCollect }: CheckoutRegisterProps) {
  return (
    <section
      id="checkout-register"
      className="reg-register"
      aria-label="Écran de vente"
      data-checkout-id={checkoutId}
      data-event-id={eventId}
      data-click-and-collect={clickAndCollect}
    >
      <p className="reg-muted">L'écran de vente de cette caisse arrive dans une prochaine version de Kermesse.</p>
    </section>
  );
}
