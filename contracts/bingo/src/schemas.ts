/**
 * The TypeBox schemas of the bingo routes (docs/spec.md §3, §7) and the types derived from them.
 * Amounts travel as euros with two decimals in text (« 12.00 »); inputs also accept « 30,50 ».
 */
import { Type, type Static } from '@sinclair/typebox';
import { eurosCeiling, Id, SafeText } from '@kermesse/contracts-common/schemas';
import { PARTIE_KINDS } from './parties.ts';

/** A euro amount as typed by a person (« 30,50 », « 30.50 ») or a number, 1 000 000 € at most. */
export const MoneyInput = Type.Union([Type.String({ maxLength: 20 }), Type.Number({ minimum: 0 })], eurosCeiling());

/** `/…/bingo/{id}/…` */
export const BingoParams = Type.Object({ id: Id });
export type BingoParams = Static<typeof BingoParams>;
/** `/admin/bingo/prize/api/prize/{id}` */
export const PrizeParams = Type.Object({ id: Id });
/** `GET /admin/bingo/prize/api/prizes?bingoId` */
export const PrizesQuery = Type.Object({ bingoId: Id });

// ── Prizes (docs/spec.md §3 « Bingo prize ») ─────────────────────────────────────────────────────────────
/** Prize form (docs/spec.md §2): Label, Rank, Price, Cost, Provider — plus bingoId on creation. */
export const PrizeInput = Type.Object({
  label: SafeText({ minLength: 1, maxLength: 200 }),
  rank: Type.Integer({ minimum: 1, maximum: 10_000 }),
  price: Type.Optional(MoneyInput),
  cost: Type.Optional(MoneyInput),
  provider: SafeText({ minLength: 1, maxLength: 200 }),
  /** `lot` (in kind, the default) or `bon` (a non-refundable voucher); cash is refused by law. */
  nature: Type.Optional(Type.Union([Type.Literal('lot'), Type.Literal('bon'), Type.Literal('especes')])),
});
export type PrizeInput = Static<typeof PrizeInput>;
export const NewPrizeInput = Type.Composite([PrizeInput, Type.Object({ bingoId: Id })]);
export type NewPrizeInput = Static<typeof NewPrizeInput>;

export const Prize = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  rank: Type.Integer(),
  /** Euros with two decimals, '0.00' by default. */
  price: Type.String(),
  cost: Type.String(),
  provider: Type.String(),
  nature: Type.String(),
  bingoId: Type.Integer(),
});
export type Prize = Static<typeof Prize>;

// ── Seating plan (docs/spec.md §3 « Seat plan ») ─────────────────────────────────────────────────────────
export const Seat = Type.Object({ seatId: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]), reserved: Type.Boolean() });
export type Seat = Static<typeof Seat>;
export const PlanTable = Type.Object({
  tableId: Type.Integer(),
  /** The table's name (« Table 12 — Famille Martin »); « Table {tableId} » when none was given. */
  label: Type.String(),
  seats: Type.Array(Seat),
});
export type PlanTable = Static<typeof PlanTable>;
export const SeatPlan = Type.Object({ tables: Type.Array(PlanTable) });
export type SeatPlan = Static<typeof SeatPlan>;

/** A body names only its own fields: an unknown one is a 400 naming it, not silently ignored (docs/api.md §1). */
const CLOSED = { additionalProperties: false } as const;

/** `POST …/reserve` (docs/spec.md §7). */
export const ReserveInput = Type.Object({
  tableId: Id,
  seatId: Id,
  name: SafeText({ minLength: 1, maxLength: 120 }),
});
export type ReserveInput = Static<typeof ReserveInput>;
/** `POST …/release` (docs/spec.md §7). */
export const ReleaseInput = Type.Object({ tableId: Id, seatId: Id });
export type ReleaseInput = Static<typeof ReleaseInput>;
/** `POST …/reserve-group`: a family's seats, all or none. */
export const GroupReserveInput = Type.Object(
  {
    name: SafeText({ minLength: 1, maxLength: 120 }),
    seats: Type.Array(Type.Object({ tableId: Id, seatId: Id }, CLOSED), { minItems: 1, maxItems: 60 }),
  },
  CLOSED,
);
export type GroupReserveInput = Static<typeof GroupReserveInput>;
/** `PUT …/plan`: the tables of the hall, in order (table n is the n-th). */
export const PlanInput = Type.Object(
  {
    tables: Type.Array(
      Type.Object({ name: Type.Optional(Type.String({ maxLength: 120 })), seats: Type.Integer({ minimum: 1, maximum: 30 }) }, CLOSED),
      { minItems: 1, maxItems: 200 },
    ),
  },
  CLOSED,
);
export type PlanInput = Static<typeof PlanInput>;

// ── Nights, parties, game ────────────────────────────────────────────────────────────────────────
export const PartieKindSchema = Type.Union(PARTIE_KINDS.map((k) => Type.Literal(k)));

/** A pack of cartons and its price (euros, « 8 » or « 8,00 »). */
export const CartonPack = Type.Object(
  {
    nb: Type.Integer({ minimum: 2, maximum: 100 }),
    price: MoneyInput,
  },
  { additionalProperties: false },
);
export type CartonPack = Static<typeof CartonPack>;

export const NightInput = Type.Object(
  {
    name: SafeText({ minLength: 1, maxLength: 200 }),
    heldOn: Type.String({ format: 'date' }),
    cartonPrice: MoneyInput,
    /**
     * The fair the night belongs to (required): its registers sell the cartons, its result counts the
     * prizes' cost. One of the register's events (404 `EVENT_NOT_FOUND` otherwise); it can change until
     * a carton is sold (409 `NIGHT_EVENT_LOCKED`).
     */
    eventId: Id,
    place: Type.Optional(Type.String({ maxLength: 200 })),
    /** E-mails of the volunteers allowed to call the balls. */
    callers: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
    /** Cartons sold at the register (true by default); false withdraws the carton products. */
    salesOpen: Type.Optional(Type.Boolean()),
    /**
     * Cartons by the pack (« 3 cartons 8 € »), besides the single carton at `cartonPrice`: one register
     * product each. Absent: the packs are kept as they are; [] removes them.
     */
    packs: Type.Optional(Type.Array(CartonPack, { maxItems: 10 })),
  },
  CLOSED,
);
export type NightInput = Static<typeof NightInput>;

export const Night = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  heldOn: Type.String(),
  cartonPrice: Type.String(),
  eventId: Type.Union([Type.Integer(), Type.Null()]),
  eventName: Type.Union([Type.String(), Type.Null()]),
  /** A carton was sold (or is being sold) at a register: the night stays in its event. */
  eventLocked: Type.Boolean(),
  place: Type.String(),
  callers: Type.Array(Type.String()),
  /** Cartons on sale at the register. */
  salesOpen: Type.Boolean(),
  /** Packs of cartons on sale besides the single carton, by size (price « 8.00 »). */
  packs: Type.Array(Type.Object({ nb: Type.Integer(), price: Type.String() })),
  /** French warnings (more than 3 lotos in a year…), never blocking. */
  warnings: Type.Array(Type.String()),
});
export type Night = Static<typeof Night>;

export const PartiesInput = Type.Object(
  {
    parties: Type.Array(Type.Object({ kind: PartieKindSchema, prizeIds: Type.Array(Id, { maxItems: 20 }) }, CLOSED), { maxItems: 100 }),
  },
  CLOSED,
);
export type PartiesInput = Static<typeof PartiesInput>;
export const Partie = Type.Object({
  number: Type.Integer(),
  kind: PartieKindSchema,
  kindLabel: Type.String(),
  prizes: Type.Array(Type.Object({ id: Type.Integer(), label: Type.String(), rank: Type.Integer() })),
});
export type Partie = Static<typeof Partie>;

/** `POST …/caller/balls`: a ball read from the cage, or `draw: true` to draw one (CSPRNG). */
export const BallInput = Type.Object(
  {
    number: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
    draw: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);
export type BallInput = Static<typeof BallInput>;
export const PauseInput = Type.Object({ paused: Type.Boolean() }, CLOSED);
export const NextPartieInput = Type.Object({ keepBalls: Type.Optional(Type.Boolean()) }, CLOSED);
export const CheckInput = Type.Object({ carton: Type.String({ minLength: 1, maxLength: 20 }) }, CLOSED);
export const TieBreakInput = Type.Object(
  { cartons: Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { minItems: 2, maxItems: 20 }) },
  CLOSED,
);
export const CartonsInput = Type.Object({ count: Type.Integer({ minimum: 1, maximum: 3000 }) }, CLOSED);
export const CartonsQuery = Type.Object({ from: Type.Optional(Id), to: Type.Optional(Id) });

/** The board of a night (public, read-only): what the projector shows. */
export const Board = Type.Object({
  bingoId: Type.Integer(),
  name: Type.String(),
  lastNumber: Type.Union([Type.Integer(), Type.Null()]),
  /** Balls of the current partie, in the order they were called. */
  drawn: Type.Array(Type.Integer()),
  paused: Type.Boolean(),
  partie: Type.Union([Partie, Type.Null()]),
  partiesCount: Type.Integer(),
  version: Type.Integer(),
});
export type Board = Static<typeof Board>;

export const Carton = Type.Object({
  number: Type.Integer(),
  /** « 123-7 »: the number and its check digit, printed on the carton. */
  code: Type.String(),
  grid: Type.Array(Type.Array(Type.Union([Type.Integer(), Type.Null()]))),
  buyer: Type.Union([Type.String(), Type.Null()]),
  /** Sold at the register (to `buyer` when the buyer was known). */
  sold: Type.Optional(Type.Boolean()),
  /** Refunded at the register: voided, it cannot win. */
  voided: Type.Optional(Type.Boolean()),
  buyerEmail: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  buyerPhone: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The register's sale reference. */
  saleReference: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type CartonShape = Static<typeof Carton>;

export const CheckResult = Type.Object({
  carton: Carton,
  linesComplete: Type.Integer(),
  quine: Type.Boolean(),
  doubleQuine: Type.Boolean(),
  cartonPlein: Type.Boolean(),
  /** True when the current partie's kind is reached with the balls drawn so far. */
  wins: Type.Boolean(),
  lastBallOnCarton: Type.Boolean(),
  missing: Type.Array(Type.Integer()),
  message: Type.String(),
});
export type CheckResult = Static<typeof CheckResult>;

// ── Carton claims (internal, the register's sale; docs/platform.md « Ticket claims ») ─────────────
const Uuid = Type.String({ format: 'uuid' });
const ClaimedCarton = Type.Object(
  { bingoId: Id, number: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false },
);
/** `POST /internal/cartons/claims`: holds every carton of a sale being written, or none (409). */
export const CartonClaimInput = Type.Object(
  {
    claimId: Uuid,
    cartons: Type.Array(ClaimedCarton, { minItems: 1, maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type CartonClaimInput = Static<typeof CartonClaimInput>;
export const CartonClaimParams = Type.Object({ claimId: Uuid });
/** The buyer as the register knows them (sale.completed's buyer). */
export const CartonBuyer = Type.Object({
  firstname: Type.String({ maxLength: 200 }),
  lastname: Type.String({ maxLength: 200 }),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])),
  phone: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
});
export type CartonBuyer = Static<typeof CartonBuyer>;
/** `POST /internal/cartons/claims/{claimId}/confirm`: the sale is written; the cartons are sold. */
export const CartonConfirmInput = Type.Object({
  saleId: Id,
  reference: Type.Optional(Type.String({ maxLength: 40 })),
  buyer: Type.Optional(Type.Union([CartonBuyer, Type.Null()])),
});
export type CartonConfirmInput = Static<typeof CartonConfirmInput>;
export const CartonClaimAnswer = Type.Object({ claimId: Type.String(), expiresAt: Type.String() });
export type CartonClaimAnswer = Static<typeof CartonClaimAnswer>;

// ---- Answers the remote reads (the service returns them typed from here).

/** `GET /api/volunteer/bingos`: a night, and whether this volunteer may call its balls. */
export const VolunteerNight = Type.Composite([Night, Type.Object({ canCall: Type.Boolean() })]);
export type VolunteerNight = Static<typeof VolunteerNight>;

/** `GET …/reglement`: the night's rules, printed and posted in the hall. */
export const Reglement = Type.Object({
  night: Night,
  prizes: Type.Array(Prize),
  parties: Type.Array(Partie),
  articles: Type.Array(Type.String()),
});
export type Reglement = Static<typeof Reglement>;

/** `POST …/caller/tie-break`: one ball drawn per carton, the highest wins. */
export const TieBreak = Type.Object({
  draws: Type.Array(Type.Object({ carton: Type.String(), ball: Type.Integer() })),
  winner: Type.String(),
});
export type TieBreak = Static<typeof TieBreak>;

/** `POST …/reserve`, `…/reserve-group`, `…/release`: what the volunteer's screen shows. */
export const SeatAnswer = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type SeatAnswer = Static<typeof SeatAnswer>;

/** `POST …/cartons`: the numbers of the cartons just generated. */
export const CartonRange = Type.Object({ from: Type.Integer(), to: Type.Integer() });
export type CartonRange = Static<typeof CartonRange>;
/** `GET …/cartons?from&to`: a page of cartons and how many the night has. */
export const CartonPage = Type.Object({ cartons: Type.Array(Carton), total: Type.Integer() });
export type CartonPage = Static<typeof CartonPage>;

// ── Lists and envelopes the routes answer (docs/api.md §3) ─────────────────────────────────────
export { SuccessAnswer } from '@kermesse/contracts-common/schemas';
export const Nights = Type.Array(Night);
export type Nights = Static<typeof Nights>;
export const VolunteerNights = Type.Array(VolunteerNight);
export type VolunteerNights = Static<typeof VolunteerNights>;
export const Prizes = Type.Array(Prize);
export type Prizes = Static<typeof Prizes>;
/** `GET|PUT /admin-bingo/api/bingo/{id}/parties`. */
export const PartiesAnswer = Type.Object({ parties: Type.Array(Partie) });
export type PartiesAnswer = Static<typeof PartiesAnswer>;
