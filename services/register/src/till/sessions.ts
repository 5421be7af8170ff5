/**
 * Till sessions (issue 14): at most one open session per register (a partial unique index). Sales
 * and payments belong to the open session; a sale on a register with none opens one automatically
 * with a float of 0 (SPEC's flow keeps working) and the session says so (`automatic`).
 *
 * Locking: whatever records money into a session takes the session row `for key share`; a closing
 * takes it `for update` first, so a sale is either in the session before its closing or waits and
 * lands in the next one.
 */
import { recordEvent } from '@kermesse/kit/bus';
import { type Db, type Trx } from '@kermesse/kit/db';
import { appendJournal } from '../journal/journal.ts';

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
