/**
 * What every hook and dialog of the sales screen shares — the API, the register and its event, the
 * catalogue, the sale being rung up with its cartons, what may be sold offline, and the notice line —
 * handed as one object so the screen wires them once.
 */
import type { CheckoutApi, CheckoutCatalog } from '../api/checkoutApi';
import type { OfflineSelling } from '../sale/useOfflineSelling';
import type { CartonSale } from './CartonPicker';
import type { SetNotice } from './SaleNotice';
import type { CurrentSale } from './useSale';

export interface ScreenContext {
  api: CheckoutApi;
  checkoutId: number;
  eventId: number;
  catalog: CheckoutCatalog | null;
  current: CurrentSale;
  cartonSale: CartonSale;
  offline: OfflineSelling;
  setNotice: SetNotice;
}
