/**
 * Till sessions (issue 14): what the opening and closing commands share. Expected at closing, per payment mode:
 * cash = float + cash taken in the session (sales and payments of pending sales) − cash refunds of
 * the session; cheques and card likewise, without float. A closing records the counted amounts, the
 * differences (counted − expected) confirmed with a reason, the period's grand total (sales of the
 * session minus its refunds) and the journal anchor — its own 'session.closed' record — printed on
 * the Z report, then publishes `till.closed`.
 */
import { type Db, type Trx } from '@kermesse/kit/db';
import { badRequest, conflict, notFound } from '@kermesse/kit/http';
import { TILL_MESSAGES, type TillErrorCode } from '@kermesse/contracts-register/till';
import { toCents, toEuros } from '@kermesse/contracts-common';
import { findOpenSession, findSession, type TillAmountsCents, type TillSessionRow } from './sessions.ts';

export const tillError = (kind: 'badRequest' | 'conflict' | 'notFound', code: TillErrorCode) =>
  ({ badRequest, conflict, notFound })[kind](TILL_MESSAGES[code]).withCode(code);

export const ZERO: TillAmountsCents = { cashCents: 0, chequeCents: 0, cardCents: 0 };

/** Money taken in and given back in a session, per mode (cents), and its sales. */
export interface SessionMoney {
  taken: TillAmountsCents;
  refunded: TillAmountsCents;
  salesCount: number;
  salesTotalCents: number;
  refundsTotalCents: number;
}

export async function sessionMoney(q: Db | Trx, sessionId: number): Promise<SessionMoney> {
  const { rows } = (await q.raw(
    `
    select
      (select coalesce(sum(amount_cents) filter (where method = 'ESP'), 0) from payments where session_id = :id) as taken_cash,
      (select coalesce(sum(amount_cents) filter (where method = 'CHQ'), 0) from payments where session_id = :id) as taken_cheque,
      (select coalesce(sum(amount_cents) filter (where method = 'CB'), 0) from payments where session_id = :id) as taken_card,
      (select coalesce(sum(amount_cents) filter (where payment_mode = 2), 0) from refunds where session_id = :id) as refunded_cash,
      (select coalesce(sum(amount_cents) filter (where payment_mode = 1), 0) from refunds where session_id = :id) as refunded_cheque,
      (select coalesce(sum(amount_cents) filter (where payment_mode = 3), 0) from refunds where session_id = :id) as refunded_card,
      (select coalesce(sum(amount_cents), 0) from refunds where session_id = :id) as refunds_total,
      (select count(*) from sales where session_id = :id) as sales_count,
      (select coalesce(sum(total_cents), 0) from sales where session_id = :id) as sales_total`,
    { id: sessionId },
  )) as { rows: Array<Record<string, string | number>> };
  const r = rows[0]!;
  const n = (k: string) => Number(r[k]);
  return {
    taken: { cashCents: n('taken_cash'), chequeCents: n('taken_cheque'), cardCents: n('taken_card') },
    refunded: { cashCents: n('refunded_cash'), chequeCents: n('refunded_cheque'), cardCents: n('refunded_card') },
    salesCount: n('sales_count'),
    salesTotalCents: n('sales_total'),
    refundsTotalCents: n('refunds_total'),
  };
}

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

interface CheckoutHead {
  id: number;
  event_id: number;
  checkout_archived: boolean;
  event_archived: boolean;
}

export async function loadCheckout(q: Db | Trx, checkoutId: number): Promise<CheckoutHead> {
  const row: CheckoutHead | undefined = await q('checkouts as c')
    .join('events as e', 'e.id', 'c.event_id')
    .where('c.id', checkoutId)
    .first(
      'c.id',
      'c.event_id',
      q.raw('c.archived_at is not null as checkout_archived'),
      q.raw('e.archived_at is not null as event_archived'),
    );
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
  const value = toCents(euros);
  if (value === undefined || value < 0) throw tillError('badRequest', 'AMOUNT_INVALID');
  return value;
};

/** A session or 404. */
export async function requireSession(q: Db | Trx, sessionId: number): Promise<TillSessionRow> {
  const session = await findSession(q, sessionId);
  if (!session) throw tillError('notFound', 'SESSION_NOT_FOUND');
  return session;
}

export interface ChequeRow {
  payment_id: number;
  number: string;
  amount_cents: number;
  sale_reference: string;
  at: Date;
}

/** Cheques received in the session, in order (the closing list and the deposit slip). */
export async function sessionCheques(q: Db | Trx, sessionId: number): Promise<ChequeRow[]> {
  return q('payments as p')
    .join('sales as s', 's.id', 'p.sale_id')
    .where({ 'p.session_id': sessionId, 'p.method': 'CHQ' })
    .orderBy('p.id')
    .select('p.id as payment_id', 'p.reference as number', 'p.amount_cents', 's.reference as sale_reference', 'p.created_at as at');
}

interface CardPaymentRow {
  payment_id: number;
  reference: string;
  amount_cents: number;
  sale_reference: string;
  tx_amount: number | null;
  tx_status: string | null;
  tx_code: string | null;
}
interface ReaderRow {
  transaction_code: string | null;
  client_transaction_id: string;
  amount_cents: number;
}

/**
 * The card total set against the reader (a SumUp reconciliation): card payments of the session and
 * their reader transactions, plus successful reader transactions of the session's cashiers during
 * the session that no sale took. Mismatches are listed in French.
 */
export async function cardReconciliation(q: Db | Trx, session: TillSessionRow) {
  const payments: CardPaymentRow[] = (
    await q.raw(
      `
    select p.id as payment_id, p.reference, p.amount_cents, s.reference as sale_reference,
      t.amount_cents as tx_amount, t.status as tx_status, t.transaction_code as tx_code
    from payments p join sales s on s.id = p.sale_id
    left join lateral (
      select amount_cents, status, transaction_code from card_transactions c
      where (c.sale_id = p.sale_id and p.mode = 3 and c.payment_row_id is null) or c.payment_row_id = p.id
         or (p.reference <> '' and (c.transaction_code = p.reference or c.client_transaction_id = p.reference))
      order by (c.status = 'SUCCESSFUL') desc limit 1) t on true
    where p.session_id = ? and p.method = 'CB'
    order by p.id`,
      [session.id],
    )
  ).rows;
  const orphans: ReaderRow[] = (
    await q.raw(
      `
    select c.transaction_code, c.client_transaction_id, c.amount_cents from card_transactions c
    where c.status = 'SUCCESSFUL' and c.sale_id is null and c.payment_row_id is null
      and c.created_at >= ? and (?::timestamptz is null or c.created_at <= ?)
      and c.created_by in (select created_by from sales where session_id = ? union select ?)
    order by c.id`,
      [session.opened_at, session.closed_at, session.closed_at, session.id, session.opened_by],
    )
  ).rows;

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
  const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;
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
  const rows: Array<TillSessionRow & { sales_count: string | number; cheques_count: string | number }> = await db('till_sessions as t')
    .where('t.checkout_id', checkoutId)
    .whereNotNull('t.closed_at')
    .orderBy('t.closed_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(200)
    .select(
      't.*',
      db.raw('(select count(*) from sales s where s.session_id = t.id) as sales_count'),
      db.raw("(select count(*) from payments p where p.session_id = t.id and p.method = 'CHQ') as cheques_count"),
    );
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
