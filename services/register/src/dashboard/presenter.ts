/** Dashboard figures (cents) → the API answer (euros with two decimals), contract `Dashboard`. */
import { PAYMENT_MODE_LABELS, type Dashboard } from '@kermesse/contracts-register';
import { toEuros } from '@kermesse/contracts-common';
import type { DashboardFigures } from '../repositories/dashboard.ts';

export function presentDashboard(f: DashboardFigures, version: string, generatedAt: Date): Dashboard {
  const collected = f.byMode.reduce((sum, m) => sum + m.collectedCents - m.refundedCents, 0);
  return {
    changed: true,
    version,
    generatedAt: generatedAt.toISOString(),
    event: f.event,
    totals: {
      sales: f.sales,
      gross: toEuros(f.grossCents),
      refunds: { count: f.refunds.count, amount: toEuros(f.refunds.cents) },
      net: toEuros(f.grossCents - f.refunds.cents),
      collected: toEuros(collected),
      averageBasket: f.sales === 0 ? 0 : Math.round(f.grossCents / f.sales) / 100,
      donations: { count: f.donations.count, amount: toEuros(f.donations.cents) },
      pending: { count: f.pending.count, amount: toEuros(f.pending.cents) },
    },
    byPaymentMode: f.byMode.map((m) => ({
      mode: m.mode,
      label: PAYMENT_MODE_LABELS[m.mode],
      collected: toEuros(m.collectedCents),
      refunded: toEuros(m.refundedCents),
      net: toEuros(m.collectedCents - m.refundedCents),
    })),
    byCheckout: f.byCheckout.map((c) => ({ checkoutId: c.checkoutId, name: c.name, sales: c.sales, amount: toEuros(c.cents) })),
    byCategory: f.byCategory.map((c) => ({ categoryId: c.categoryId, name: c.name, quantity: c.quantity, amount: toEuros(c.cents) })),
    byHour: f.byHour.map((h) => ({ startsAt: h.startsAt, sales: h.sales, amount: toEuros(h.cents) })),
    topProducts: f.topProducts.map((p) => ({ productId: p.productId, name: p.name, quantity: p.quantity, amount: toEuros(p.cents) })),
    raffles: f.raffles.map((r) => ({
      raffleId: r.raffleId,
      name: r.name,
      sold: r.sold,
      voided: r.voided,
      total: r.total,
      amount: toEuros(r.cents),
    })),
    giftBaskets: f.giftBaskets.map((b) => ({
      giftBasketId: b.giftBasketId,
      name: b.name,
      bets: b.bets,
      voided: b.voided,
      amount: toEuros(b.cents),
    })),
    bingos: f.bingos.map((b) => ({
      bingoId: b.bingoId,
      name: b.name,
      sold: b.sold,
      voided: b.voided,
      total: b.total,
      amount: toEuros(b.cents),
    })),
  };
}
