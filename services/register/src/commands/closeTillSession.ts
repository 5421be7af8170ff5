/**
 * `POST /api/cr/checkouts/{id}/session/close`: the closing of a till session, in one
 * transaction — what was expected per payment mode against what was counted, the reason of a gap,
 * the `session.closed` journal record anchoring the chain, and `till.closed`.
 */
import '../events.ts';
import { recordEvent } from '@kermesse/kit/bus';
import { type Db } from '@kermesse/kit/db';
import { badRequest } from '@kermesse/kit/http';
import { offlinePendingMessage, type CloseSessionInput } from '@kermesse/contracts-register/till';
import { toEuros } from '@kermesse/contracts-common';
import { appendJournal } from '../repositories/journal.ts';
import { amountsInEuros, cents, expectedOf, loadCheckout, tillError } from '../till/closing.ts';
import { lockOpenSessionForClosing, sessionMoney, writeSessionClosing, type TillAmountsCents } from '../repositories/tillSessions.ts';

/** `POST /api/cr/checkouts/{id}/session/close`: the closing, in one transaction. */
export async function closeTillSession(db: Db, checkoutId: number, input: CloseSessionInput, userId: string) {
  // Sales still queued on the device would be sent after the closing, outside the counted session.
  if (input.pendingOffline && input.pendingOffline > 0)
    throw badRequest(offlinePendingMessage(input.pendingOffline)).withCode('OFFLINE_PENDING');
  const counted: TillAmountsCents = {
    cashCents: cents(input.counted.cash),
    chequeCents: cents(input.counted.cheque),
    cardCents: cents(input.counted.card),
  };
  const reason = input.reason?.trim() || null;
  await loadCheckout(db, checkoutId);
  const closing = await db.transaction(async (trx) => {
    // `for update` waits for the sales being written in the session (they hold it `for key share`).
    const session = await lockOpenSessionForClosing(trx, checkoutId);
    if (!session) throw tillError('conflict', 'NO_OPEN_SESSION');
    const money = await sessionMoney(trx, session.id);
    const expected = expectedOf(session, money);
    const differences: TillAmountsCents = {
      cashCents: counted.cashCents - expected.cashCents,
      chequeCents: counted.chequeCents - expected.chequeCents,
      cardCents: counted.cardCents - expected.cardCents,
    };
    const gap = differences.cashCents !== 0 || differences.chequeCents !== 0 || differences.cardCents !== 0;
    if (gap && !reason) throw tillError('badRequest', 'REASON_REQUIRED');
    const grandTotalCents = money.salesTotalCents - money.refundsTotalCents;
    const closedAt = new Date();
    const payload = {
      sessionId: session.id,
      checkoutId,
      eventId: session.event_id,
      closedAt: closedAt.toISOString(),
      closedBy: userId,
      floatCashCents: session.float_cash_cents,
      expected,
      counted,
      differences,
      reason,
      grandTotalCents,
      salesCount: money.salesCount,
    };
    const anchor = await appendJournal(trx, { kind: 'session.closed', reference: String(session.id), payload });
    await writeSessionClosing(trx, session.id, {
      closedAt,
      closedBy: userId,
      expected,
      counted,
      differences,
      reason,
      grandTotalCents,
      anchor,
    });
    await recordEvent(trx, 'register', 'till.closed', {
      sessionId: session.id,
      checkoutId,
      eventId: session.event_id,
      closedAt: closedAt.toISOString(),
      closedBy: userId,
      expected,
      counted,
      differences,
      reason,
      grandTotalCents,
      lastJournalHash: anchor.hash,
    });
    return { session, expected, counted, differences, reason, grandTotalCents, closedAt, anchor };
  });
  return {
    sessionId: closing.session.id,
    closedAt: closing.closedAt.toISOString(),
    expected: amountsInEuros(closing.expected),
    counted: amountsInEuros(closing.counted),
    difference: amountsInEuros(closing.differences),
    reason: closing.reason,
    grandTotal: toEuros(closing.grandTotalCents),
    journal: closing.anchor,
    reportUrl: `/api/cr/session/${closing.session.id}/report`,
    chequesUrl: `/api/cr/session/${closing.session.id}/cheques`,
  };
}
