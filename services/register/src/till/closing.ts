/**
 * Till sessions: what the opening and closing commands share. Expected at closing, per payment mode:
 * cash = float + cash taken in the session (sales and payments of pending sales) − cash refunds of
 * the session; cheques and card likewise, without float. A closing records the counted amounts, the
 * differences (counted − expected) confirmed with a reason, the period's grand total (sales of the
 * session minus its refunds) and the journal anchor — its own 'session.closed' record — printed on
 * the Z report, then publishes `till.closed`.
 */
import { type Db, type Trx } from '@kermesse/kit/db';
import { badRequest, conflict, notFound } from '@kermesse/kit/http';
import { TILL_MESSAGES, type TillErrorCode } from '@kermesse/contracts-register/till';
import { formatEuros, parseEuros, toEuros } from '@kermesse/contracts-common';
import {
  closedSessions,
  findCheckoutHead,
  findOpenSession,
  findSession,
  sessionCardPayments,
  sessionCheques,
  sessionMoney,
  sessionOrphanReaderTransactions,
  type CheckoutHead,
  type SessionMoney,
  type TillAmountsCents,
  type TillSessionRow,
} from '../repositories/tillSessions.ts';

export const tillError = (kind: 'badRequest' | 'conflict' | 'notFound', code: TillErrorCode) =>
  ({ badRequest, conflict, notFound })[kind](TILL_MESSAGES[code]).withCode(code);

export const ZERO: TillAmountsCents = { cashCents: 0, chequeCents: 0, cardCents: 0 };

export function expectedOf(session: Pick<TillSessionRow, 'float_cash_cents'>, money: SessionMoney): TillAmountsCents {
  return {
    cashCents: session.float_cash_cents + money.taken.cashCents - money.refunded.cashCents,
    chequeCents: money.taken.chequeCents - money.refunded.chequeCents,
    cardCents: money.taken.cardCents - money.refunded.cardCents,
  };
}

export const amountsInEuros = (a: TillAmountsCents) => ({
  cash: toEuros(a.cashCents),
  cheque: toEuros(a.chequeCents),
  card: toEuros(a.cardCents),
});

export function presentSession(session: TillSessionRow, money: SessionMoney) {
  return {
    id: session.id,
    checkoutId: session.checkout_id,
    eventId: session.event_id,
    float: { cash: toEuros(session.float_cash_cents) },
    automatic: session.automatic,
    openedBy: session.opened_by,
    openedAt: new Date(session.opened_at).toISOString(),
    closedAt: session.closed_at ? new Date(session.closed_at).toISOString() : null,
    expected: amountsInEuros(session.expected && session.closed_at ? session.expected : expectedOf(session, money)),
    salesCount: money.salesCount,
  };
}

export async function loadCheckout(q: Db | Trx, checkoutId: number): Promise<CheckoutHead> {
  const row = await findCheckoutHead(q, checkoutId);
  if (!row) throw tillError('notFound', 'CHECKOUT_NOT_FOUND');
  return row;
}

/** `GET /api/cr/checkouts/{id}/session`. */
export async function sessionState(db: Db, checkoutId: number) {
  await loadCheckout(db, checkoutId);
  const session = await findOpenSession(db, checkoutId);
  if (!session) return { open: false, session: null };
  return { open: true, session: presentSession(session, await sessionMoney(db, session.id)) };
}

/** Euros counted (≥ 0, 2 decimals at most) → cents, or the French 400. */
export const cents = (euros: number): number => {
  const value = parseEuros(euros);
  if (value === null) throw tillError('badRequest', 'AMOUNT_INVALID');
  return value;
};

/** A session or 404. */
export async function requireSession(q: Db | Trx, sessionId: number): Promise<TillSessionRow> {
  const session = await findSession(q, sessionId);
  if (!session) throw tillError('notFound', 'SESSION_NOT_FOUND');
  return session;
}

/**
 * The card total set against the reader (a SumUp reconciliation): card payments of the session and
 * their reader transactions, plus successful reader transactions of the session's cashiers during
 * the session that no sale took. Mismatches are listed in French.
 */
export async function cardReconciliation(q: Db | Trx, session: TillSessionRow) {
  const [payments, orphans] = await Promise.all([sessionCardPayments(q, session.id), sessionOrphanReaderTransactions(q, session)]);

  const mismatches: Array<{
    kind: 'reader_without_sale' | 'payment_without_reader' | 'amount';
    code: string;
    amount: number;
    saleReference: string | null;
    message: string;
  }> = [];
  let readerTotal = 0;
  let readerCount = 0;
  let paymentsTotal = 0;
  const euros = (c: number) => formatEuros(c);
  for (const p of payments) {
    paymentsTotal += p.amount_cents;
    if (p.tx_status !== 'SUCCESSFUL') {
      mismatches.push({
        kind: 'payment_without_reader',
        code: p.reference,
        amount: toEuros(p.amount_cents),
        saleReference: p.sale_reference,
        message: `Paiement CB de ${euros(p.amount_cents)} (vente ${p.sale_reference}) sans transaction réussie du lecteur.`,
      });
      continue;
    }
    readerTotal += p.tx_amount!;
    readerCount += 1;
    if (p.tx_amount !== p.amount_cents) {
      mismatches.push({
        kind: 'amount',
        code: p.tx_code ?? p.reference,
        amount: toEuros(p.tx_amount!),
        saleReference: p.sale_reference,
        message: `Vente ${p.sale_reference} : ${euros(p.amount_cents)} enregistrés, ${euros(p.tx_amount!)} débités par le lecteur.`,
      });
    }
  }
  for (const o of orphans) {
    readerTotal += o.amount_cents;
    readerCount += 1;
    const code = o.transaction_code ?? o.client_transaction_id;
    mismatches.push({
      kind: 'reader_without_sale',
      code,
      amount: toEuros(o.amount_cents),
      saleReference: null,
      message: `Transaction du lecteur ${code} de ${euros(o.amount_cents)} réussie sans vente enregistrée.`,
    });
  }
  return { paymentsTotal: toEuros(paymentsTotal), readerTotal: toEuros(readerTotal), readerCount, mismatches };
}

/** `GET /api/cr/session/{id}`: the session with its cheques and card reconciliation (the closing screen). */
export async function sessionDetail(db: Db, sessionId: number) {
  const session = await requireSession(db, sessionId);
  const [money, cheques, card] = await Promise.all([
    sessionMoney(db, session.id),
    sessionCheques(db, session.id),
    cardReconciliation(db, session),
  ]);
  return {
    session: presentSession(session, money),
    cheques: cheques.map((c) => ({
      paymentId: c.payment_id,
      number: c.number,
      amount: toEuros(c.amount_cents),
      saleReference: c.sale_reference,
      at: new Date(c.at).toISOString(),
    })),
    card,
  };
}

/**
 * `GET /api/cr/checkouts/{id}/sessions`: the register's closed sessions, newest first (the last 200),
 * with what was expected, counted and the differences recorded at each closing.
 */
export async function pastSessions(db: Db, checkoutId: number) {
  await loadCheckout(db, checkoutId);
  const rows = await closedSessions(db, checkoutId, 200);
  const amounts = (value: TillAmountsCents | string | null) => {
    const parsed: TillAmountsCents = typeof value === 'string' ? JSON.parse(value) : (value ?? ZERO);
    return amountsInEuros(parsed);
  };
  return {
    sessions: rows.map((t) => ({
      id: t.id,
      checkoutId: t.checkout_id,
      eventId: t.event_id,
      automatic: t.automatic,
      openedBy: t.opened_by,
      openedAt: new Date(t.opened_at).toISOString(),
      closedBy: t.closed_by ?? '',
      closedAt: new Date(t.closed_at!).toISOString(),
      float: { cash: toEuros(t.float_cash_cents) },
      salesCount: Number(t.sales_count),
      grandTotal: toEuros(Number(t.grand_total_cents ?? 0)),
      expected: amounts(t.expected),
      counted: amounts(t.counted),
      difference: amounts(t.differences),
      reason: t.reason,
      chequesCount: Number(t.cheques_count),
      reportUrl: `/api/cr/session/${t.id}/report`,
      chequesUrl: `/api/cr/session/${t.id}/cheques`,
    })),
  };
}
