/**
 * The live dashboard of a fair (`GET /api/admin/dashboard/{eventId}`, admin and treasurer):
 * what the fair has taken so far, by payment mode, register, category and hour, the top products,
 * raffle tickets and bets sold, donations, sales on hold still to settle, refunds subtracted.
 * Amounts are euros with two decimals (numbers), as every register answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './schemas.ts';

export const DashboardParams = Type.Object({ eventId: Id });
export type DashboardParams = Static<typeof DashboardParams>;

export const DashboardQuery = Type.Object({
  /** The `version` of the last answer seen: when nothing changed since, the answer is `{ version, changed: false }`. */
  since: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

const Euros = Type.Number();
const Count = Type.Integer({ minimum: 0 });

/** Payment modes of the register (docs/spec.md §9): 1 cheque, 2 cash, 3 card reader. */
export const PAYMENT_MODE_LABELS = { 1: 'Chèque', 2: 'Espèces', 3: 'CB' } as const;

export const DashboardModeTotal = Type.Object({
  mode: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  label: Type.String(),
  /** Money taken in this mode (sales paid at once and payments of sales on hold). */
  collected: Euros,
  /** Money given back in this mode. */
  refunded: Euros,
  /** collected − refunded. */
  net: Euros,
});

export const DashboardCheckoutTotal = Type.Object({
  checkoutId: Id,
  name: Type.String(),
  sales: Count,
  /** Sales of this register, refunds subtracted (sales on hold counted at their total). */
  amount: Euros,
});

export const DashboardCategoryTotal = Type.Object({
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  quantity: Type.Integer(),
  amount: Euros,
});

export const DashboardHour = Type.Object({
  /** Start of the hour, ISO 8601 (UTC); the screen shows it in local time. */
  startsAt: Type.String(),
  sales: Count,
  amount: Euros,
});

export const DashboardProduct = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  quantity: Type.Integer(),
  amount: Euros,
});

export const DashboardRaffle = Type.Object({
  raffleId: Type.Integer(),
  name: Type.String(),
  /** Tickets sold and not voided by a refund. */
  sold: Count,
  voided: Count,
  /** Tickets the raffle has in all. */
  total: Count,
  amount: Euros,
});

export const DashboardGiftBasket = Type.Object({
  giftBasketId: Type.Integer(),
  name: Type.String(),
  bets: Count,
  voided: Count,
  amount: Euros,
});

/** A loto night of the event: cartons sold (a pack counts its cartons), voided by refunds. */
export const DashboardBingo = Type.Object({
  bingoId: Type.Integer(),
  name: Type.String(),
  /** Cartons sold and not voided by a refund. */
  sold: Count,
  voided: Count,
  /** Cartons the night has in all. */
  total: Count,
  amount: Euros,
});

export const Dashboard = Type.Object({
  changed: Type.Literal(true),
  /** Changes whenever a figure may have changed; also sent as the ETag. */
  version: Type.String(),
  generatedAt: Type.String(),
  event: Type.Object({ id: Id, name: Type.String() }),
  totals: Type.Object({
    sales: Count,
    /** Every sale at its total, sales on hold included, before refunds. */
    gross: Euros,
    refunds: Type.Object({ count: Count, amount: Euros }),
    /** gross − refunds. */
    net: Euros,
    /** Money actually taken, refunds given back subtracted (cash + cheques + card). */
    collected: Euros,
    averageBasket: Euros,
    donations: Type.Object({ count: Count, amount: Euros }),
    /** Sales on hold not settled yet: how many, and what remains to be paid. */
    pending: Type.Object({ count: Count, amount: Euros }),
  }),
  byPaymentMode: Type.Array(DashboardModeTotal),
  byCheckout: Type.Array(DashboardCheckoutTotal),
  byCategory: Type.Array(DashboardCategoryTotal),
  byHour: Type.Array(DashboardHour),
  topProducts: Type.Array(DashboardProduct),
  raffles: Type.Array(DashboardRaffle),
  giftBaskets: Type.Array(DashboardGiftBasket),
  /** Loto cartons per night, next to tickets and bets (always sent by the register; optional for older answers). */
  bingos: Type.Optional(Type.Array(DashboardBingo)),
});
export type Dashboard = Static<typeof Dashboard>;

/** The answer to `?since=<version>` when nothing changed. */
export const DashboardUnchanged = Type.Object({ changed: Type.Literal(false), version: Type.String() });
export type DashboardUnchanged = Static<typeof DashboardUnchanged>;

/** `GET /api/admin/dashboard/{eventId}`: the figures, or `?since=` unchanged. */
export const DashboardAnswer = Type.Union([Dashboard, DashboardUnchanged]);
export type DashboardAnswer = Static<typeof DashboardAnswer>;

/** `GET /api/admin/dashboard`: the events a dashboard can follow, the current ones first. */
export const DashboardEvent = Type.Object({
  id: Id,
  name: Type.String(),
  startsOn: Type.Union([Type.String(), Type.Null()]),
  archived: Type.Boolean(),
});
export type DashboardEvent = Static<typeof DashboardEvent>;
