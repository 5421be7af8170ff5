/**
 * The register service's calls the stock screens need: events and their registers, and the
 * checkout ↔ product links (docs/platform.md « Register admin API used by the stock remote »).
 */
import { admin } from './http';

export interface EventSummary {
  id: number;
  name: string;
}

export interface CheckoutSummary {
  id: number;
  name: string;
}

/** SPEC §3 « Checkout product association ». */
export interface ProductAssoc {
  product_id: number;
  product_name: string;
  /** Euros with two decimals, as text. */
  product_price: string;
  category_name: string;
  /** 1 when the product is sold at this register. */
  is_in_checkout: 0 | 1;
}

export const registerAdminApi = {
  /** `GET /api/cr/events` (an admin may use the cash-register area). */
  listEvents(): Promise<EventSummary[]> {
    return admin.get<EventSummary[]>('/api/cr/events');
  },

  /** `GET /api/cr/events/{eventId}/checkouts`: the registers are those of the first item. */
  async listCheckouts(eventId: number): Promise<CheckoutSummary[]> {
    const answer = await admin.get<{ checkouts?: CheckoutSummary[] }[]>(`/api/cr/events/${encodeURIComponent(eventId)}/checkouts`);
    return answer[0]?.checkouts ?? [];
  },

  /** `GET /api/admin/checkout/{id}/products` → {productsAssoc}. */
  async getCheckoutProducts(checkoutId: number): Promise<ProductAssoc[]> {
    const answer = await admin.get<{ productsAssoc: ProductAssoc[] }>(`/api/admin/checkout/${encodeURIComponent(checkoutId)}/products`);
    return answer.productsAssoc;
  },

  /** `PUT /api/admin/checkout/{id}/products/{productId}`: the product row with its new is_in_checkout. */
  async setInCheckout(checkoutId: number, product: ProductAssoc, inCheckout: boolean): Promise<void> {
    await admin.put(`/api/admin/checkout/${encodeURIComponent(checkoutId)}/products/${encodeURIComponent(product.product_id)}`, {
      ...product,
      is_in_checkout: inCheckout ? 1 : 0,
    });
  },
};
