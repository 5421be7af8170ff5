/**
 * The answer to `POST /api/cr/sale/create` (docs/spec.md §7, contract `SaleAnswer`): the sale as the register
 * shows it, with its receipt and order slip already rendered for printing (receipts/html.ts), the
 * public receipt page's address, and where the receipt goes.
 */
import type { SaleAnswer } from '@kermesse/contracts-register';
import { toEuros } from '@kermesse/contracts-common';
import { renderOrderSlip, renderReceipt, type ReceiptData } from '../receipts/html.ts';
import { receiptPath } from '../receipts/load.ts';
import type { PricedSale } from '../sale/pricing.ts';

/** What a written sale prints: the priced sale under its reference and time. */
export function saleReceiptData(sale: PricedSale, written: { reference: string; createdAt: Date; origin: string }): ReceiptData {
  const { head, priced, payments, giftBasket } = sale;
  return {
    reference: written.reference,
    createdAt: written.createdAt,
    eventName: head.event_name,
    checkoutName: head.name,
    lines: priced.lines,
    totalCents: priced.totalCents,
    paidCents: payments.paidCents,
    paymentMode: sale.input.paymentMode,
    payments: payments.payments,
    tickets: sale.tickets,
    raffleName: sale.raffle?.name ?? null,
    bets: sale.bets.map((b) => ({
      typeName: giftBasket?.types.find((t) => t.id === b.typeId)?.name ?? `Type ${b.typeId}`,
      weight: b.weight,
    })),
    giftBasketName: giftBasket?.name ?? null,
    cartons: sale.cartons.numbers,
    bingoName: sale.cartons.bingo?.name ?? null,
    receiptUrl: written.origin + receiptPath(written.reference),
  };
}

/** The answer of a created sale (also stored as the idempotent answer, in the same statement). */
export function presentCreatedSale(
  sale: PricedSale,
  written: { saleId: number; reference: string; createdAt: Date; origin: string },
): SaleAnswer {
  const receipt = saleReceiptData(sale, written);
  return {
    success: true,
    deliveryMethod: sale.receipt.method,
    orderType: sale.orderType,
    printData: { receiptHtml: renderReceipt(receipt), orderHtml: renderOrderSlip(receipt) },
    error: null,
    sale: {
      id: written.saleId,
      reference: written.reference,
      price: toEuros(sale.priced.totalCents),
      paymentMode: sale.input.paymentMode,
      paymentStatus: sale.payments.status,
      receiptUrl: receiptPath(written.reference),
    },
  };
}
