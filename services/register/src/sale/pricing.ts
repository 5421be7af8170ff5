/**
 * Pricing a sale (`POST /api/cr/sale/create`, first step): the register and its catalogue read in
 * one round trip, every price recomputed from the catalogue (never the client's), docs/spec.md §5 checked
 * again in the spec's order (buyer, tickets, bets, cartons), then what is paid and where the receipt
 * goes. Reads only; nothing is held or written here.
 */
import {
  PAYMENT_MODE,
  PAYMENT_STATUS,
  METHOD_OF_MODE,
  type DeliveryMethod,
  type PaymentStatus,
  type SaleInput,
} from '@kermesse/contracts-register';
import { formatEuros, normalizeEmail, normalizePhone, parseEuros } from '@kermesse/contracts-common';
import type { SalePayment } from '@kermesse/contracts-register/events';
import type { Db } from '@kermesse/kit/db';
import { checkSaleRules, priceCart, type CatalogView, type GiftBasketInfo, type PricedCart, type RaffleInfo } from '../cart/rules.ts';
import { invalid, missing } from '../errors.ts';
import { readSaleCartons, withBingos, type CartonSaleInput } from '../bingo/sale.ts';
import {
  findGiftBasket,
  findRaffle,
  loadSaleHead,
  readMealDeal,
  toCatalogProduct,
  toGiftBasketInfo,
  toRaffleInfo,
  type ProductRow,
  type SaleHead,
} from '../repositories/catalog.ts';
import { findPerson, type PersonRow } from '../repositories/persons.ts';
import type { BingoInfo } from '../cart/rules.ts';

/** An amount of cash as typed: « 20 », « 20,50 », « 20.5 ». */
const CASH_GIVEN = /^\d{1,7}([.,]\d{1,2})?$/;

export interface PlannedPayments {
  payments: SalePayment[];
  status: PaymentStatus;
  paidCents: number;
  /** The reader transaction a card sale takes. */
  cardReference?: string;
}

/** Everything the sale writes, checked: the register, the priced cart, the numbers chosen, the payments. */
export interface PricedSale {
  input: SaleInput;
  head: SaleHead;
  priced: PricedCart;
  buyer: PersonRow | undefined;
  tickets: number[];
  bets: Array<{ typeId: number; weight: number }>;
  raffle: RaffleInfo | undefined;
  giftBasket: GiftBasketInfo | undefined;
  cartons: { numbers: number[]; bingoId: number | null; bingo: BingoInfo | undefined };
  payments: PlannedPayments;
  receipt: { method: DeliveryMethod; to: string | null };
  orderType: 'standard' | 'kermesse';
}

type SaleCatalog = CatalogView & { raffles: Map<number, RaffleInfo>; baskets: Map<number, GiftBasketInfo> };

/** The catalogue view of a sale: the products read with the register, their raffles and baskets, the meal deal. */
async function catalogOf(db: Db, eventId: number, rows: ProductRow[]): Promise<SaleCatalog> {
  // The event's own meal-deal rule (back office), else the installation's: the one the register shows.
  const mealDeal = await readMealDeal(db, eventId);
  const products = new Map(rows.map((r) => [r.id, toCatalogProduct(r)]));
  const raffles = new Map<number, RaffleInfo>();
  const baskets = new Map<number, GiftBasketInfo>();
  for (const raffleId of new Set(rows.map((r) => r.raffle_id).filter((id): id is number => id !== null))) {
    const raffle = await findRaffle(db, raffleId);
    if (raffle && raffle.sales_open && raffle.event_id === eventId) raffles.set(raffleId, toRaffleInfo(raffle));
  }
  for (const basketId of new Set(rows.map((r) => r.gift_basket_id).filter((id): id is number => id !== null))) {
    const basket = await findGiftBasket(db, basketId);
    if (basket && basket.event_id === eventId) baskets.set(basketId, toGiftBasketInfo(basket));
  }
  return {
    product: (id) => products.get(id),
    raffle: (id) => raffles.get(id),
    giftBasket: (id) => baskets.get(id),
    mealDeal,
    raffles,
    baskets,
  };
}

/** The receipt the buyer asked for (French law since 2023: only on request) and where it goes. */
function receiptWish(input: SaleInput, buyer: PersonRow | undefined): { method: DeliveryMethod; to: string | null } {
  const wish = input.receipt;
  if (!wish || wish.method === 'print') return { method: 'print', to: null };
  if (wish.method === 'sms') {
    const to = normalizePhone(wish.to ?? buyer?.phone ?? null, { separators: true });
    if (!to) throw invalid('SMS_PHONE_INVALID');
    return { method: 'sms', to };
  }
  const to = normalizeEmail(wish.to ?? buyer?.email ?? null);
  if (!to) throw invalid('RECEIPT_EMAIL_INVALID');
  return { method: 'email', to };
}

/** The reference the payment of this method carries (cash: the amount given; cheque: its number; card: the transaction code). */
function referenceOf(input: SaleInput, method: 'CB' | 'ESP' | 'CHQ'): string {
  const payments = input.payments ?? [];
  const payment = payments.find((p) => p.method === method) ?? payments[0];
  const ref = payment?.payment_reference;
  return ref === undefined || ref === null ? '' : String(ref).trim();
}

/** docs/spec.md §4 payment modes: what is recorded as paid, with which reference. */
export function planPayments(input: SaleInput, totalCents: number): PlannedPayments {
  const mode = input.paymentMode;
  if (mode === PAYMENT_MODE.onHold) return { payments: [], status: PAYMENT_STATUS.unpaid, paidCents: 0 };
  const method = METHOD_OF_MODE[mode];
  const reference = referenceOf(input, method);
  if (mode === PAYMENT_MODE.cash) {
    // docs/spec.md §5: the amount given is a number at least equal to the total. Nothing given counts as
    // too little; anything that is not an amount (« abc », « NaN », an emoji) is refused as such.
    // A sale sent with no cash payment line at all was paid the exact amount.
    const cash = (input.payments ?? []).find((p) => p.method === 'ESP') ?? input.payments?.[0];
    if (reference && !CASH_GIVEN.test(reference)) throw invalid('CASH_NOT_A_NUMBER');
    const given = reference ? parseEuros(reference) : cash ? null : totalCents;
    if (given === null || given < totalCents) {
      throw invalid('AMOUNT_INSUFFICIENT', { total: formatEuros(totalCents) }, { totalCents });
    }
  }
  if (mode === PAYMENT_MODE.card && !reference) throw invalid('CARD_REFERENCE_MISSING');
  return {
    payments: [{ method, amountCents: totalCents, reference }],
    // A cheque is cashed later; cash and card are paid now.
    status: mode === PAYMENT_MODE.cheque ? PAYMENT_STATUS.unpaid : PAYMENT_STATUS.paid,
    paidCents: totalCents,
    cardReference: mode === PAYMENT_MODE.card ? reference : undefined,
  };
}

/** Prices and checks a sale; throws the contract's French 400/404 for anything the register cannot sell. */
export async function priceSale(db: Db, input: SaleInput): Promise<PricedSale> {
  const ids = [...new Set(input.cart.map((l) => l.product.id).filter((id) => id > 0))];
  const head = await loadSaleHead(db, input.checkoutId, ids);
  if (!head) throw missing('CHECKOUT_NOT_FOUND');
  if (head.event_id !== input.eventId) throw invalid('CHECKOUT_NOT_IN_EVENT');
  if (head.event_archived) throw invalid('EVENT_CLOSED_FOR_SALES');
  if (head.checkout_archived) throw invalid('CHECKOUT_ARCHIVED');
  const catalog = await withBingos(db, input.eventId, await catalogOf(db, input.eventId, head.products), head.products);
  const priced = priceCart(input.cart, catalog);
  if (input.raffleId && priced.raffleId !== null && input.raffleId !== priced.raffleId) throw invalid('RAFFLE_MISMATCH');
  if (input.giftBasketsId && priced.giftBasketId !== null && input.giftBasketsId !== priced.giftBasketId)
    throw invalid('GIFT_BASKET_MISMATCH');

  const buyer = input.personId ? await findPerson(db, input.personId) : undefined;
  if (input.personId && !buyer) throw invalid('BUYER_NOT_FOUND');
  const tickets = (input.raffles ?? []).map((t) => (typeof t === 'number' ? t : t.number));
  const bets = (input.giftBaskets ?? []).map((b) => ({ typeId: b.type.id, weight: b.weight }));
  const raffle = priced.raffleId !== null ? catalog.raffles.get(priced.raffleId) : undefined;
  const giftBasket = priced.giftBasketId !== null ? catalog.baskets.get(priced.giftBasketId) : undefined;
  checkSaleRules(
    priced,
    { tickets, bets },
    { hasBuyer: Boolean(buyer), onHold: input.paymentMode === PAYMENT_MODE.onHold, raffle, giftBasket },
  );
  const cartons = await readSaleCartons(db, input as SaleInput & CartonSaleInput, priced, catalog);

  return {
    input,
    head,
    priced,
    buyer,
    tickets,
    bets,
    raffle,
    giftBasket,
    cartons,
    payments: planPayments(input, priced.totalCents),
    receipt: receiptWish(input, buyer),
    orderType: priced.lines.some((l) => l.clickAndCollect) ? 'kermesse' : 'standard',
  };
}
