/**
 * The TypeBox schemas of the stock routes (docs/spec.md §3, §7) and the types derived from them. Field
 * names are the spec's (snake_case on the wire).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from '@kermesse/contracts-common/schemas';

const Quantity = Type.Integer({ minimum: 0, maximum: 1_000_000 });

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────
/** `?event_id=`: which event; the most recent one when absent. */
export const EventQuery = Type.Object({ event_id: Type.Optional(Id) });
export type EventQuery = Static<typeof EventQuery>;

/** `POST /api/stocks/update/stock`: the counted level; the difference becomes a « correction » movement. */
export const UpdateStockInput = Type.Object(
  {
    product_id: Id,
    quantity: Quantity,
    event_id: Type.Optional(Id),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type UpdateStockInput = Static<typeof UpdateStockInput>;

/** `POST /api/stocks/update/alert-threshold`. */
export const UpdateThresholdInput = Type.Object(
  {
    product_id: Id,
    alert_threshold: Quantity,
    event_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UpdateThresholdInput = Static<typeof UpdateThresholdInput>;

/** `GET /api/stocks/movements?product_id&event_id&limit=100`. */
export const MovementsQuery = Type.Object({
  product_id: Id,
  event_id: Type.Optional(Id),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
});
export type MovementsQuery = Static<typeof MovementsQuery>;

/** `POST /api/stocks/import/inventory?dry-run=1|0&event_id` (a dry run unless told otherwise). */
export const ImportInventoryQuery = Type.Object({
  'dry-run': Type.Unsafe<'1' | '0' | 'true' | 'false'>({ type: 'string', enum: ['1', '0', 'true', 'false'], default: '1' }),
  event_id: Type.Optional(Id),
});
export type ImportInventoryQuery = Static<typeof ImportInventoryQuery>;

/** `GET /api/cr/stocks/{eventId}/stocks/state`. */
export const AlertStateParams = Type.Object({ eventId: Id });
export type AlertStateParams = Static<typeof AlertStateParams>;
/** `?cache=1` lets the browser keep the answer 60 s. */
export const AlertStateQuery = Type.Object({ cache: Type.Optional(Type.String({ maxLength: 20 })) });
export type AlertStateQuery = Static<typeof AlertStateQuery>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────
export const StockEvent = Type.Object({ id: Type.Integer(), name: Type.String(), starts_on: Type.Union([Type.String(), Type.Null()]) });
export type StockEvent = Static<typeof StockEvent>;

/** docs/spec.md §3 « Stock item », with its alert state. */
export const StockItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  category: Type.String(),
  stock: Type.Integer(),
  alert_threshold: Type.Integer(),
  isAlert: Type.Boolean(),
});
export type StockItem = Static<typeof StockItem>;

/** `GET /api/stocks/`. */
export const StocksAnswer = Type.Object({
  /** The event shown (the most recent one unless asked otherwise); null when the stock knows none. */
  event: Type.Union([StockEvent, Type.Null()]),
  events: Type.Array(StockEvent),
  stocks: Type.Array(StockItem),
  /** Ids of the products in alert. */
  alerts: Type.Array(Type.Integer()),
});
export type StocksAnswer = Static<typeof StocksAnswer>;

/** The answer of both inline edits. */
export const StockEditAnswer = Type.Object({ success: Type.Literal(true), stock: StockItem });
export type StockEditAnswer = Static<typeof StockEditAnswer>;

export const MovementKind = Type.Union([Type.Literal('sale'), Type.Literal('correction'), Type.Literal('import')]);
export type MovementKind = Static<typeof MovementKind>;

export const Movement = Type.Object({
  id: Type.Integer(),
  kind: MovementKind,
  variation: Type.Integer(),
  stock_after: Type.Integer(),
  note: Type.String(),
  sale_reference: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601. */
  created_at: Type.String(),
});
export type Movement = Static<typeof Movement>;

/** `GET /api/stocks/movements`: the ledger of one product, newest first. */
export const MovementsAnswer = Type.Object({ stock: StockItem, movements: Type.Array(Movement) });
export type MovementsAnswer = Static<typeof MovementsAnswer>;

export const ImportMovement = Type.Object({
  line: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  current_stock: Type.Integer(),
  new_stock: Type.Integer(),
  variation: Type.Integer(),
  note: Type.String(),
});
export type ImportMovement = Static<typeof ImportMovement>;

/** docs/spec.md §3 « Stock import result » (a refused import answers 422 with it and `error`, `code`). */
export const ImportResult = Type.Object({
  status: Type.Union([Type.Literal('dry-run'), Type.Literal('ok'), Type.Literal('error')]),
  products_affected: Type.Integer(),
  products_updated: Type.Integer(),
  errors: Type.Array(Type.String()),
  movements: Type.Array(ImportMovement),
});
export type ImportResult = Static<typeof ImportResult>;

/** `GET /api/cr/stocks/{eventId}/stocks/state`: which products are in alert. */
export const AlertStates = Type.Object({
  success: Type.Literal(true),
  stocks: Type.Array(Type.Object({ id: Type.Integer(), isAlert: Type.Boolean() })),
});
export type AlertStates = Static<typeof AlertStates>;
