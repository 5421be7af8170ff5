/**
 * The TypeBox schemas of the swap-meet routes (docs/spec.md §3, §7) and the types derived from them.
 * Amounts travel as euros with two decimals in text (« 15.00 »), spaces in metres.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, SafeText } from '@kermesse/contracts-common/schemas';

const DryRun = Type.Unsafe<'true' | 'false' | '1' | '0'>({ type: 'string', enum: ['true', 'false', '1', '0'], default: 'true' });

/** docs/spec.md §9: the bookings list shows 100 bookings. */
export const BOOKINGS_LIMIT = 100;

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────
/** `GET /api/swapmeet/api/bookings?swapmeet_id&limit=100` (no swap-meet: « Identifiant du vide-grenier introuvable »). */
export const BookingsQuery = Type.Object({
  swapmeet_id: Type.Optional(Id),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: BOOKINGS_LIMIT }),
});
export type BookingsQuery = Static<typeof BookingsQuery>;

/** `POST /api/swapmeet/api/import/custom-csv?dry-run=true|false` (swapmeet_id also as a form field). */
export const ImportBookingsQuery = Type.Object({
  'dry-run': DryRun,
  swapmeet_id: Type.Optional(Id),
});
export type ImportBookingsQuery = Static<typeof ImportBookingsQuery>;

/** `DELETE /api/swapmeet/api/reset-bookings/{id}`. */
export const SwapmeetParams = Type.Object({ id: Id });
export type SwapmeetParams = Static<typeof SwapmeetParams>;

/** `POST /api/swapmeet/api/swapmeets`: a swap-meet created from the importer page. */
export const NewSwapmeetInput = Type.Object(
  {
    name: SafeText({ minLength: 1, maxLength: 200 }),
    held_on: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date' })),
  },
  { additionalProperties: false },
);
export type NewSwapmeetInput = Static<typeof NewSwapmeetInput>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────
export const SwapMeet = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  held_on: Type.Union([Type.String(), Type.Null()]),
  bookings_count: Type.Optional(Type.Integer()),
});
export type SwapMeet = Static<typeof SwapMeet>;

/** docs/spec.md §3 « Swap-meet booking » (id null for a booking not yet written: a dry run). */
export const Booking = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  phone: Type.String(),
  /** Metres. */
  space_needed: Type.Number(),
  /** Euros with two decimals, as text. */
  revenue: Type.String(),
  is_payed: Type.Boolean(),
  date_booking: Type.String(),
});
export type Booking = Static<typeof Booking>;

export const BookingSummary = Type.Object({
  /** Euros with two decimals, as text. */
  total_revenue: Type.String(),
  /** Metres. */
  total_space_reserved: Type.Number(),
  paid_bookings: Type.Integer(),
  unpaid_bookings: Type.Integer(),
});
export type BookingSummary = Static<typeof BookingSummary>;

export const BookingsAnswer = Type.Object({
  data: Type.Array(Booking),
  total: Type.Integer(),
  summary: BookingSummary,
  swapmeet: SwapMeet,
});
export type BookingsAnswer = Static<typeof BookingsAnswer>;

/** docs/spec.md §3 « Import result » (a refused import answers 422 with it and `error`, `code`). */
export const BookingImportResult = Type.Object({
  status: Type.Union([Type.Literal('dry-run'), Type.Literal('success'), Type.Literal('error')]),
  message: Type.String(),
  bookings_parsed: Type.Integer(),
  bookings_created: Type.Integer(),
  data: Type.Array(Booking),
  errors: Type.Array(Type.String()),
  summary: BookingSummary,
});
export type BookingImportResult = Static<typeof BookingImportResult>;

export const ResetAnswer = Type.Object({ status: Type.Literal('success'), message: Type.String() });
export type ResetAnswer = Static<typeof ResetAnswer>;

export const SwapmeetsAnswer = Type.Object({ data: Type.Array(SwapMeet) });
export type SwapmeetsAnswer = Static<typeof SwapmeetsAnswer>;
export const SwapmeetAnswer = Type.Object({ data: SwapMeet });
export type SwapmeetAnswer = Static<typeof SwapmeetAnswer>;
