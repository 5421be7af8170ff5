/**
 * What an order's item and a cash-out become in the books (docs/helloasso.md §3–4). Pure: tested
 * without a database.
 */
import type { HelloAssoItemKind } from '@kermesse/contracts-accounting';
import { dayInFrance } from '../dates.ts';
import type { HelloAssoOrderItem, HelloAssoPayment } from './client.ts';

const DONATION_TYPES = new Set(['Donation', 'MonthlyDonation', 'OfflineDonation']);

/** The account credited for each kind (the debit is always 467, what HelloAsso holds for the association). */
export const HELLOASSO_CREDIT_ACCOUNTS: Record<Exclude<HelloAssoItemKind, 'skipped'>, string> = {
  donation: '7541',
  membership: '756',
  sale: '706',
};
export const HELLOASSO_CLEARING_ACCOUNT = '467';
export const BANK_ACCOUNT = '512';
export const FEES_ACCOUNT = '627';

/** An item's kind, and why it is not booked when it is not. */
export function itemKind(item: HelloAssoOrderItem): { kind: HelloAssoItemKind; note: string | null } {
  // The payer's contribution to HelloAsso's running costs is HelloAsso's money, never the association's.
  if (item.type === 'Contribution') return { kind: 'skipped', note: 'Contribution volontaire versée à HelloAsso' };
  if (item.state && item.state !== 'Processed') return { kind: 'skipped', note: `Paiement non abouti (état ${item.state} sur HelloAsso)` };
  if (!(item.amount > 0)) return { kind: 'skipped', note: 'Gratuit : rien à comptabiliser' };
  if (DONATION_TYPES.has(item.type)) return { kind: 'donation', note: null };
  if (item.type === 'Membership') return { kind: 'membership', note: null };
  return { kind: 'sale', note: null };
}

export interface Payout {
  cashOutId: number;
  /** The day of the payout, in France. */
  paidOn: string;
  grossCents: number;
  netCents: number;
  feesCents: number;
  payments: number;
}

// Cash-out states of a payment whose money has left HelloAsso for the association's bank.
const PAID_OUT = new Set(['CashedOut', 'Transfered']);

/**
 * The payouts among a form's payments: each cash-out with what the items were worth (gross), what
 * reached the bank (net: the payments without the payers' contributions to HelloAsso) and the
 * difference, if any, as fees.
 */
export function payoutsOf(payments: readonly HelloAssoPayment[]): Payout[] {
  const byCashOut = new Map<number, Payout>();
  for (const payment of payments) {
    if (!payment.idCashOut || !PAID_OUT.has(payment.cashOutState ?? '')) continue;
    const net = payment.amount - (payment.amountTip ?? 0);
    const gross = payment.items?.length ? payment.items.reduce((sum, item) => sum + (item.shareAmount ?? 0), 0) : net;
    const day = dayInFrance(payment.cashOutDate ?? payment.date);
    const payout = byCashOut.get(payment.idCashOut) ?? {
      cashOutId: payment.idCashOut,
      paidOn: day,
      grossCents: 0,
      netCents: 0,
      feesCents: 0,
      payments: 0,
    };
    payout.grossCents += gross;
    payout.netCents += net;
    payout.payments += 1;
    if (day > payout.paidOn) payout.paidOn = day;
    byCashOut.set(payment.idCashOut, payout);
  }
  return [...byCashOut.values()]
    .map((p) => ({ ...p, feesCents: Math.max(0, p.grossCents - p.netCents), grossCents: Math.max(p.grossCents, p.netCents) }))
    .sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.cashOutId - b.cashOutId);
}

/** « Camille Martin », or the company, or « Payeur inconnu ». */
export const personName = (person: { firstName?: string; lastName?: string; company?: string } | undefined): string =>
  [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ') || person?.company?.trim() || 'Payeur inconnu';
