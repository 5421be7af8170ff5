/** The body of `POST /api/cr/sale/create` (docs/spec.md §3 Sale, §4 payment modes and statuses). */
import { decimalAmount, toEuros } from '@kermesse/contracts-common';
import type { SaleInput } from '@kermesse/contracts-register';
import { cartTotalCents } from '../cart/cart';
import { PAYMENT_MODE, PAYMENT_STATUS } from '../cart/payment';
import type { Bet, CartLine, Person } from '../cart/types';

/**
 * The sale this register sends: the contract's SaleInput (which also accepts other clients' shapes)
 * as the register always writes it — a buyer id (0 for none), plain ticket numbers, the bets list.
 */
export type SaleBody = Omit<SaleInput, 'personId' | 'raffles' | 'giftBaskets'> & {
  personId: number;
  raffles: number[];
  giftBaskets: NonNullable<SaleInput['giftBaskets']>;
};

/** How the sale is paid. */
export type SalePayment =
  | { mode: typeof PAYMENT_MODE.cash; givenCents: number }
  | { mode: typeof PAYMENT_MODE.cheque; chequeNumber: string }
  | { mode: typeof PAYMENT_MODE.card; transactionCode: string }
  | { mode: typeof PAYMENT_MODE.hold };

/** The buyer's receipt wish (only on request). */
export type ReceiptWish = { method: 'sms'; to: string } | { method: 'email'; to: string } | null;

export interface SaleDraft {
  checkoutId: number;
  eventId: number;
  lines: readonly CartLine[];
  person: Person | null;
  raffleId: number | null;
  tickets: readonly number[];
  giftBasketId: number | null;
  bets: readonly Bet[];
  receipt: ReceiptWish;
}

function paymentFields(payment: SalePayment, totalCents: number): Pick<SaleInput, 'paymentMode' | 'paymentStatus' | 'payments'> {
  switch (payment.mode) {
    case PAYMENT_MODE.cash:
      return {
        paymentMode: PAYMENT_MODE.cash,
        paymentStatus: PAYMENT_STATUS.paid,
        payments: [{ method: 'ESP', amount: toEuros(totalCents), payment_reference: decimalAmount(payment.givenCents) }],
      };
    case PAYMENT_MODE.cheque:
      return {
        paymentMode: PAYMENT_MODE.cheque,
        paymentStatus: PAYMENT_STATUS.pending,
        payments: [{ method: 'CHQ', amount: toEuros(totalCents), payment_reference: payment.chequeNumber }],
      };
    case PAYMENT_MODE.card:
      return {
        paymentMode: PAYMENT_MODE.card,
        paymentStatus: PAYMENT_STATUS.paid,
        payments: [{ method: 'CB', amount: toEuros(totalCents), payment_reference: payment.transactionCode }],
      };
    case PAYMENT_MODE.hold:
      return { paymentMode: PAYMENT_MODE.hold, paymentStatus: PAYMENT_STATUS.pending, payments: [] };
  }
}

/** The sale to create: status 0 (a payment was set), cart in euros, tickets, bets and payment. */
export function buildSale(draft: SaleDraft, payment: SalePayment): SaleBody {
  const totalCents = cartTotalCents(draft.lines);
  const sale: SaleBody = {
    status: 0,
    checkoutId: draft.checkoutId,
    eventId: draft.eventId,
    personId: draft.person?.id ?? 0,
    cart: draft.lines.map(({ product, quantity }) => ({
      product: { id: product.id, name: product.name, price: toEuros(product.priceCents), productCategory: { ...product.category } },
      quantity,
    })),
    raffleId: draft.tickets.length > 0 ? draft.raffleId : null,
    raffles: [...draft.tickets],
    giftBasketsId: draft.bets.length > 0 ? draft.giftBasketId : null,
    giftBaskets: draft.bets.map((bet) => ({ weight: bet.weight, type: { ...bet.type } })),
    price: toEuros(totalCents),
    ...paymentFields(payment, totalCents),
  };
  if (draft.receipt) sale.receipt = { method: draft.receipt.method, to: draft.receipt.to };
  return sale;
}

/** The raffle (gift basket) whose tickets (bets) the cart holds, from its ticket products. */
export function ticketTargets(
  lines: readonly CartLine[],
  products: readonly { id: number; raffleId?: number; giftBasketId?: number }[],
): { raffleId: number | null; giftBasketId: number | null } {
  let raffleId: number | null = null;
  let giftBasketId: number | null = null;
  for (const line of lines) {
    const product = products.find((item) => item.id === line.product.id);
    if (product?.raffleId !== undefined && raffleId === null) raffleId = product.raffleId;
    if (product?.giftBasketId !== undefined && giftBasketId === null) giftBasketId = product.giftBasketId;
  }
  return { raffleId, giftBasketId };
}
