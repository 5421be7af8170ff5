/**
 * Till sessions: at most one open session per register (a partial unique index). Sales
 * and payments belong to the open session; a sale on a register with none opens one automatically
 * with a float of 0 (the spec's flow keeps working) and the session says so (`automatic`).
 *
 * Locking: whatever records money into a session takes the session row `for key share`; a closing
 * takes it `for update` first, so a sale is either in the session before its closing or waits and
 * lands in the next one.
 */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { appendJournal } from './journal.ts';

export interface TillAmountsCents {
  cashCents: number;
  chequeCents: number;
  cardCents: number;
}

export interface TillSessionRow {
  id: number;
  checkout_id: number;
  event_id: number;
  float_cash_cents: number;
  automatic: boolean;
  opened_by: string;
  opened_at: Date;
  closed_by: string | null;
  closed_at: Date | null;
  expected: TillAmountsCents | null;
  counted: TillAmountsCents | null;
  differences: TillAmountsCents | null;
  reason: string | null;
  grand_total_cents: number | null;
  last_journal_seq: number | null;
  last_journal_hash: string | null;
}

/** The register's open session, if any (`lock`: `for key share` inside a transaction that records money in it). */
export async function findOpenSession(
  q: Db | Trx,
  checkoutId: number,
  options: { lock?: boolean } = {},
): Promise<TillSessionRow | undefined> {
  const query = q('till_sessions').where({ checkout_id: checkoutId }).whereNull('closed_at').first();
  if (options.lock) query.forKeyShare();
  return normalize(await query);
}

export async function findSession(q: Db | Trx, sessionId: number): Promise<TillSessionRow | undefined> {
  return normalize(await q('till_sessions').where({ id: sessionId }).first());
}

function normalize(row: TillSessionRow | undefined): TillSessionRow | undefined {
  if (!row) return undefined;
  return {
    ...row,
    grand_total_cents: row.grand_total_cents === null ? null : Number(row.grand_total_cents),
    last_journal_seq: row.last_journal_seq === null ? null : Number(row.last_journal_seq),
  };
}

export interface OpenSessionInput {
  checkoutId: number;
  eventId: number;
  floatCashCents: number;
  automatic: boolean;
  userId: string;
}

/**
 * Opens a session in the caller's transaction: the row, its 'session.opened' journal record and
 * `till.opened`. Undefined when the register already has an open session (nothing written).
 */
export async function openSessionIn(trx: Trx, input: OpenSessionInput): Promise<TillSessionRow | undefined> {
  const openedAt = new Date();
  const { rows } = (await trx.raw(
    `
    insert into till_sessions (checkout_id, event_id, float_cash_cents, automatic, opened_by, opened_at)
    values (?, ?, ?, ?, ?, ?)
    on conflict (checkout_id) where closed_at is null do nothing
    returning *`,
    [input.checkoutId, input.eventId, input.floatCashCents, input.automatic, input.userId, openedAt],
  )) as { rows: TillSessionRow[] };
  const session = normalize(rows[0]);
  if (!session) return undefined;
  const payload = {
    sessionId: session.id,
    checkoutId: input.checkoutId,
    eventId: input.eventId,
    floatCashCents: input.floatCashCents,
    automatic: input.automatic,
    openedBy: input.userId,
    openedAt: openedAt.toISOString(),
  };
  await appendJournal(trx, { kind: 'session.opened', reference: String(session.id), payload });
  await recordEvent(trx, 'register', 'till.opened', payload);
  return session;
}

/** Opens a session in a transaction of its own, or the caller's. */
export function openSession(q: Db | Trx, input: OpenSessionInput): Promise<TillSessionRow | undefined> {
  return q.isTransaction ? openSessionIn(q as Trx, input) : (q as Db).transaction((trx) => openSessionIn(trx, input));
}

/**
 * The id of the register's open session, or of one opened automatically (float 0, `automatic`,
 * journal 'session.opened', `till.opened`). Inside a transaction the session row is locked
 * `for key share` until it ends, so it cannot be closed under the sale.
 */
export async function sessionForSale(q: Db | Trx, checkoutId: number, eventId: number, userId: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const open = await findOpenSession(q, checkoutId, { lock: Boolean(q.isTransaction) });
    if (open) return open.id;
    const opened = await openSession(q, { checkoutId, eventId, floatCashCents: 0, automatic: true, userId });
    if (opened) return opened.id;
    // Another register tab opened one at the same moment: take it.
  }
  throw new Error(`no till session could be opened for checkout ${checkoutId}`);
}

/** The register's open session, locked `for update` to close it: it waits for the sales being written in it (they hold it `for key share`). */
export const lockOpenSessionForClosing = (trx: Trx, checkoutId: number): Promise<TillSessionRow | undefined> =>
  trx('till_sessions').where({ checkout_id: checkoutId }).whereNull('closed_at').forUpdate().first();

/** Records a session's closing: what was expected, counted, the differences and the journal anchor. */
export async function writeSessionClosing(
  trx: Trx,
  sessionId: number,
  closing: {
    closedAt: Date;
    closedBy: string;
    expected: TillAmountsCents;
    counted: TillAmountsCents;
    differences: TillAmountsCents;
    reason: string | null;
    grandTotalCents: number;
    anchor: { seq: number; hash: string };
  },
): Promise<void> {
  await trx('till_sessions')
    .where({ id: sessionId })
    .update({
      closed_at: closing.closedAt,
      closed_by: closing.closedBy,
      expected: JSON.stringify(closing.expected),
      counted: JSON.stringify(closing.counted),
      differences: JSON.stringify(closing.differences),
      reason: closing.reason,
      grand_total_cents: closing.grandTotalCents,
      last_journal_seq: closing.anchor.seq,
      last_journal_hash: closing.anchor.hash,
    });
}

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

/** A register with whether it or its event is archived (a session opens on neither). */
export interface CheckoutHead {
  id: number;
  event_id: number;
  checkout_archived: boolean;
  event_archived: boolean;
}

export const findCheckoutHead = (q: Db | Trx, checkoutId: number): Promise<CheckoutHead | undefined> =>
  q('checkouts as c')
    .join('events as e', 'e.id', 'c.event_id')
    .where('c.id', checkoutId)
    .first(
      'c.id',
      'c.event_id',
      q.raw('c.archived_at is not null as checkout_archived'),
      q.raw('e.archived_at is not null as event_archived'),
    );

export interface ChequeRow {
  payment_id: number;
  number: string;
  amount_cents: number;
  sale_reference: string;
  at: Date;
}

/** Cheques received in the session, in order (the closing list and the deposit slip). */
export function sessionCheques(q: Db | Trx, sessionId: number): Promise<ChequeRow[]> {
  return q('payments as p')
    .join('sales as s', 's.id', 'p.sale_id')
    .where({ 'p.session_id': sessionId, 'p.method': 'CHQ' })
    .orderBy('p.id')
    .select('p.id as payment_id', 'p.reference as number', 'p.amount_cents', 's.reference as sale_reference', 'p.created_at as at');
}

/** A card payment of a session with the reader transaction that paid it, if any. */
export interface CardPaymentRow {
  payment_id: number;
  reference: string;
  amount_cents: number;
  sale_reference: string;
  tx_amount: number | null;
  tx_status: string | null;
  tx_code: string | null;
}

export async function sessionCardPayments(q: Db | Trx, sessionId: number): Promise<CardPaymentRow[]> {
  const { rows } = await q.raw(
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
    [sessionId],
  );
  return rows as CardPaymentRow[];
}

/** A successful reader transaction no sale took. */
export interface OrphanReaderRow {
  transaction_code: string | null;
  client_transaction_id: string;
  amount_cents: number;
}

/** Successful reader transactions of the session's cashiers, during the session, that no sale took. */
export async function sessionOrphanReaderTransactions(q: Db | Trx, session: TillSessionRow): Promise<OrphanReaderRow[]> {
  const { rows } = await q.raw(
    `
    select c.transaction_code, c.client_transaction_id, c.amount_cents from card_transactions c
    where c.status = 'SUCCESSFUL' and c.sale_id is null and c.payment_row_id is null
      and c.created_at >= ? and (?::timestamptz is null or c.created_at <= ?)
      and c.created_by in (select created_by from sales where session_id = ? union select ?)
    order by c.id`,
    [session.opened_at, session.closed_at, session.closed_at, session.id, session.opened_by],
  );
  return rows as OrphanReaderRow[];
}

/** A closed session with its counts of sales and cheques. */
export type ClosedSessionRow = TillSessionRow & { sales_count: string | number; cheques_count: string | number };

/** The register's closed sessions, newest first (at most `limit`). */
export function closedSessions(db: Db, checkoutId: number, limit: number): Promise<ClosedSessionRow[]> {
  return db('till_sessions as t')
    .where('t.checkout_id', checkoutId)
    .whereNotNull('t.closed_at')
    .orderBy('t.closed_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .select(
      't.*',
      db.raw('(select count(*) from sales s where s.session_id = t.id) as sales_count'),
      db.raw("(select count(*) from payments p where p.session_id = t.id and p.method = 'CHQ') as cheques_count"),
    );
}
