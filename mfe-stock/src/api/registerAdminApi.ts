/**
 * The register service's calls the stock screens need: events and their registers, and the
 * checkout ↔ product links (docs/platform.md « Register admin API used by the stock remote »).
 */
import type { Answer, Body } from '@kermesse/contracts-common/api';
import type { CheckoutSummary, EventSummary, ProductAssoc } from '@kermesse/contracts-register';
import { admin } from './http';

export type { CheckoutSummary, EventSummary, ProductAssoc };

export const registerAdminApi = {
  /** `GET /api/cr/events` (an admin may use the cash-register area). */
  listEvents(): Promise<EventSummary[]> {
    return admin.get<Answer<'/api/cr/events', 'get'>>('/api/cr/events');
  },

  /** `GET /api/cr/events/{eventId}/checkouts`: the registers are those of the first item. */
  async listCheckouts(eventId: number): Promise<CheckoutSummary[]> {
    const answer = await admin.get<Answer<'/api/cr/events/{eventId}/checkouts', 'get'>>(
      `/api/cr/events/${encodeURIComponent(eventId)}/checkouts`,
    );
    return answer[0]?.checkouts ?? [];
  },

  /** `GET /api/admin/checkout/{id}/products` → {productsAssoc}. */
  async getCheckoutProducts(checkoutId: number): Promise<ProductAssoc[]> {
    const answer = await admin.get<Answer<'/api/admin/checkout/{checkoutId}/products', 'get'>>(
      `/api/admin/checkout/${encodeURIComponent(checkoutId)}/products`,
    );
    return answer.productsAssoc;
  },

  /** `PUT /api/admin/checkout/{id}/products/{productId}`: the product row with its new is_in_checkout. */
  async setInCheckout(checkoutId: number, product: ProductAssoc, inCheckout: boolean): Promise<void> {
    await admin.put(`/api/admin/checkout/${encodeURIComponent(checkoutId)}/products/${encodeURIComponent(product.product_id)}`, {
      ...product,
      is_in_checkout: inCheckout ? 1 : 0,
    } satisfies Body<'/api/admin/checkout/{checkoutId}/products/{productId}', 'put'>);
  },
};
