/**
 * Till sessions, cashier role: the register's session, its opening with a counted float,
 * its closing by counting per payment mode, and the sales journal check (admin). Amounts are euros
 * as JSON numbers (2 decimals at most); the service keeps integer cents.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Euros (≥ 0, 2 decimals at most — checked by the service with a French message). */
const Euros = Type.Number({ minimum: 0, maximum: 10_000_000 });

export const CheckoutSessionParams = Type.Object({ checkoutId: Id });
export const SessionParams = Type.Object({ sessionId: Id });
/** Printable pages: 80 mm thermal paper (default of the Z report) or A4 (default of the cheque slip). */
export const PrintQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('80mm'), Type.Literal('a4')])) });

export const OpenSessionInput = Type.Object(
  { float: Type.Object({ cash: Euros }, { additionalProperties: false }) },
  { additionalProperties: false },
);
export type OpenSessionInput = Static<typeof OpenSessionInput>;

export const CloseSessionInput = Type.Object(
  {
    counted: Type.Object({ cash: Euros, cheque: Euros, card: Euros }, { additionalProperties: false }),
    /** Required when a difference is not zero. */
    reason: Type.Optional(Nullable(SafeText({ maxLength: 1000 }))),
    /**
     * Sales of this register still in the device's offline queue: the closing is refused
     * while it is above 0 — they would land after the closing, outside the counted session.
     */
    pendingOffline: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  },
  { additionalProperties: false },
);
export type CloseSessionInput = Static<typeof CloseSessionInput>;

/** Amounts per payment mode, in euros (a difference may be negative). */
export const TillAmounts = Type.Object({ cash: Type.Number(), cheque: Type.Number(), card: Type.Number() });
export type TillAmounts = Static<typeof TillAmounts>;

export const TillSession = Type.Object({
  id: Id,
  checkoutId: Id,
  eventId: Id,
  float: Type.Object({ cash: Type.Number() }),
  /** Opened by a sale on a register that had no open session (float 0). */
  automatic: Type.Boolean(),
  openedBy: Type.String(),
  openedAt: Type.String(),
  closedAt: Nullable(Type.String()),
  /** What the till should hold now (float + takings − refunds), per mode. */
  expected: TillAmounts,
  salesCount: Type.Integer(),
});
export type TillSession = Static<typeof TillSession>;

export const SessionState = Type.Object({ open: Type.Boolean(), session: Nullable(TillSession) });
export type SessionState = Static<typeof SessionState>;

/** A cheque received in the session (closing list, deposit slip). */
export const SessionCheque = Type.Object({
  paymentId: Id,
  /** The cheque's number as typed at the sale. */
  number: Type.String(),
  amount: Type.Number(),
  saleReference: Type.String(),
  at: Type.String(),
});
export type SessionCheque = Static<typeof SessionCheque>;

/** A card payment or reader transaction that does not match (SumUp-style reconciliation). */
export const CardMismatch = Type.Object({
  kind: Type.Union([Type.Literal('reader_without_sale'), Type.Literal('payment_without_reader'), Type.Literal('amount')]),
  code: Type.String(),
  amount: Type.Number(),
  saleReference: Nullable(Type.String()),
  /** In French, for the cashier. */
  message: Type.String(),
});
export type CardMismatch = Static<typeof CardMismatch>;

/** What the closing screen needs: expected amounts, the cheques to tick, the card reconciliation. */
export const SessionDetail = Type.Object({
  session: TillSession,
  cheques: Type.Array(SessionCheque),
  card: Type.Object({
    /** Card payments recorded by the register in the session. */
    paymentsTotal: Type.Number(),
    /** Successful reader transactions of the session. */
    readerTotal: Type.Number(),
    readerCount: Type.Integer(),
    mismatches: Type.Array(CardMismatch),
  }),
});
export type SessionDetail = Static<typeof SessionDetail>;

export const Closing = Type.Object({
  sessionId: Id,
  closedAt: Type.String(),
  expected: TillAmounts,
  counted: TillAmounts,
  /** counted − expected per mode, euros (48 counted for 50 expected → -2). */
  difference: TillAmounts,
  reason: Nullable(Type.String()),
  /** Sales of the session minus its refunds (the period's grand total). */
  grandTotal: Type.Number(),
  /** The anchor printed on the Z report: the 'session.closed' journal record. */
  journal: Type.Object({ seq: Type.Integer(), hash: Type.String() }),
  reportUrl: Type.String(),
  chequesUrl: Type.String(),
});
export type Closing = Static<typeof Closing>;

/** A closed session of the register (`GET /api/cr/checkouts/{id}/sessions`, newest first). */
export const PastSession = Type.Object({
  id: Id,
  checkoutId: Id,
  eventId: Id,
  automatic: Type.Boolean(),
  openedBy: Type.String(),
  openedAt: Type.String(),
  closedBy: Type.String(),
  closedAt: Type.String(),
  float: Type.Object({ cash: Type.Number() }),
  salesCount: Type.Integer(),
  /** Sales of the session minus its refunds. */
  grandTotal: Type.Number(),
  expected: TillAmounts,
  counted: TillAmounts,
  /** counted − expected per mode, euros. */
  difference: TillAmounts,
  reason: Nullable(Type.String()),
  chequesCount: Type.Integer(),
  /** The Z report (add `?format=a4` for A4) and the cheque deposit slip. */
  reportUrl: Type.String(),
  chequesUrl: Type.String(),
});
export type PastSession = Static<typeof PastSession>;
export const PastSessions = Type.Object({ sessions: Type.Array(PastSession) });
export type PastSessions = Static<typeof PastSessions>;

export const JournalVerification = Type.Object({
  ok: Type.Boolean(),
  records: Type.Integer(),
  firstBroken: Type.Optional(Type.Object({ seq: Type.Integer(), kind: Type.String(), reference: Type.String(), problem: Type.String() })),
});
export type JournalVerification = Static<typeof JournalVerification>;

export * from './tillMessages.ts';
