/**
 * Shapes of the register's API answers as the service sends them (services/register/API.md,
 * SPEC §3 and §7). Amounts here are euros; `checkoutApi` turns them into cents for the screens.
 */

export interface ProductCategoryDto {
  id: number;
  name: string;
}

export interface ProductDto {
  id: number;
  name: string;
  image: string | null;
  price: number;
  productCategory: ProductCategoryDto;
  clickAndCollectEligible?: boolean;
  alcoohol?: boolean;
  kind?: 'product' | 'raffle' | 'giftbasket';
  raffleId?: number;
  giftBasketId?: number;
  /** Tickets (bets) one unit gives, for ticket products. */
  tickets?: number;
  stockAlert?: boolean;
}

export interface CheckoutDataDto {
  id?: number;
  name?: string;
  event?: { id: number; name: string };
  categories?: (ProductCategoryDto & { kind?: string })[];
  products: ProductDto[];
  raffles: { id: number; name?: string; tickets: number; categoryId?: number }[];
  giftBaskets: {
    id: number;
    name?: string;
    categoryId?: number;
    maxBets?: number;
    types?: { id: number; name: string; price?: number }[];
  }[];
}

export interface TicketCategoryDto {
  id: number;
  raffleId?: number;
  giftBasketId?: number;
  name?: string;
  price: { nb: number; p: number }[];
}

export interface TicketCategoryConfigDto {
  raffles: TicketCategoryDto[];
  giftBaskets: TicketCategoryDto[];
}

export interface PersonDto {
  id: number;
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string | null;
}

export interface SaleCartLineDto {
  product: { id: number; name: string; price: number; productCategory: ProductCategoryDto };
  quantity: number;
}

export interface SalePaymentDto {
  method: 'CB' | 'ESP' | 'CHQ';
  amount: number;
  payment_reference: string;
}

/** Body of `POST /api/cr/sale/create` (`{ sale }`). */
export interface SaleDto {
  status: number;
  checkoutId: number;
  eventId: number;
  personId: number;
  cart: SaleCartLineDto[];
  raffleId: number | null;
  raffles: number[];
  giftBasketsId: number | null;
  giftBaskets: { weight: number; type: { id: number; name: string } }[];
  price: number;
  paymentMode: number;
  paymentStatus: number;
  payments: SalePaymentDto[];
  receipt?: { method: 'sms' | 'email' | 'print'; to?: string | null };
}

export type DeliveryMethod = 'sms' | 'email' | 'print';

/** Answer of `POST /api/cr/sale/create`. */
export interface SaleResultDto {
  success: boolean;
  deliveryMethod: DeliveryMethod;
  orderType: 'standard' | 'kermesse';
  printData: { receiptHtml: string; orderHtml: string };
  error: string | null;
  sale?: { id: number; reference: string; price: number; paymentMode: number; paymentStatus: number; receiptUrl?: string };
}

/** A sale on hold, as listed by `GET /api/cr/sale/list/{eventId}/pending`. */
export interface PendingSaleDto {
  id: number;
  reference: string;
  price: number;
  paid?: number;
  remaining?: number;
  createdAt?: string;
  buyer: { person: { id?: number; firstname: string; lastname: string } } | null;
  event: { id?: number; name: string } | null;
  checkout?: { id: number; name: string } | null;
}

export interface PendingPaymentDto {
  id?: number;
  method?: 'CB' | 'ESP' | 'CHQ';
  payment_mode?: number;
  amount: number;
  payment_reference?: string;
  createdAt?: string;
}

export interface CardReaderDto {
  id: string;
  name?: string;
  status: string;
  device: { identifier: string; model?: string };
}
