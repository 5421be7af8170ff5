/**
 * The back office of the register domain (`/api/admin/…`, admin role): events, registers
 * (checkouts), categories, products, the per-event meal-deal rule set and card readers. TypeBox
 * schemas (plain JSON Schema, validated by the kit's ajv) and the types derived from them.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { eurosCeiling, Id, SafeText } from '@kermesse/contracts-common/schemas';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export { Id };
export const IdParams = Type.Object({ id: Id });
export const EventIdParams = Type.Object({ eventId: Id });
export type IdParams = Static<typeof IdParams>;

/** A name people type and exports print (never a spreadsheet formula). */
const Name = SafeText({ minLength: 1, maxLength: 120 });
const Day = Type.String({ format: 'date' });

/** A price as typed: euros as a number (3.5) or as text with a decimal comma (« 3,50 »), 1 000 000 € at most. */
export const PriceInput = Type.Union([Type.Number(), Type.String({ maxLength: 20 })], eurosCeiling());

// Back-office bodies refuse a field they do not know (docs/api.md §1): `{ name, date }` is a 400
// naming « date », not an event created without its date.
// ── Events ────────────────────────────────────────────────────────────────────────────────────
export const EventInput = Type.Object(
  {
    name: Name,
    startsOn: Type.Optional(Nullable(Day)),
    endsOn: Type.Optional(Nullable(Day)),
    place: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    /** Shown to the public (pre-sale page, home). */
    description: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
    /** Minutes without activity after which a register of this event locks (30 by default). */
    idleLockMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
  },
  { additionalProperties: false },
);
export type EventInput = Static<typeof EventInput>;

export const EventUpdate = Type.Partial(
  Type.Object(
    {
      ...EventInput.properties,
      /** false brings an archived event back. */
      archived: Type.Boolean(),
    },
    { additionalProperties: false },
  ),
);
export type EventUpdate = Static<typeof EventUpdate>;

export const AdminEvent = Type.Object({
  id: Id,
  name: Type.String(),
  startsOn: Nullable(Type.String()),
  endsOn: Nullable(Type.String()),
  place: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** Minutes without activity after which a register of this event locks. */
  idleLockMinutes: Type.Optional(Type.Integer()),
  archived: Type.Boolean(),
  /** An event with sales is archived, never deleted. */
  hasSales: Type.Boolean(),
  /** Names of the event's raffles (the duplicate dialog asks for the copy's new name when there is one). */
  raffles: Type.Optional(Type.Array(Type.String())),
});
export type AdminEvent = Static<typeof AdminEvent>;

export const DuplicateEventInput = Type.Object(
  {
    name: Name,
    startsOn: Type.Optional(Nullable(Day)),
    endsOn: Type.Optional(Nullable(Day)),
    /** The name the copied raffle takes (« Tombola 2027 »); absent, it keeps last year's. */
    raffleName: Type.Optional(Name),
  },
  { additionalProperties: false },
);
export type DuplicateEventInput = Static<typeof DuplicateEventInput>;

/** What a duplicate copied (the new event is at the top level). */
export const DuplicatedEvent = Type.Object({
  ...AdminEvent.properties,
  copied: Type.Object({ checkouts: Type.Integer(), categories: Type.Integer(), products: Type.Integer(), mealDeal: Type.Boolean() }),
});
export type DuplicatedEvent = Static<typeof DuplicatedEvent>;

// ── Registers (checkouts) ─────────────────────────────────────────────────────────────────────
export const CheckoutInput = Type.Object({ name: Name }, { additionalProperties: false });
export type CheckoutInput = Static<typeof CheckoutInput>;
export const CheckoutUpdate = Type.Partial(Type.Object({ name: Name, archived: Type.Boolean() }, { additionalProperties: false }));
export type CheckoutUpdate = Static<typeof CheckoutUpdate>;
export const AdminCheckout = Type.Object({
  id: Id,
  eventId: Id,
  name: Type.String(),
  archived: Type.Boolean(),
  hasSales: Type.Boolean(),
});
export type AdminCheckout = Static<typeof AdminCheckout>;

// ── Categories ────────────────────────────────────────────────────────────────────────────────
/** `?eventId=` of the lists (required there: the handler says so in French when it is missing). */
export const EventQuery = Type.Object({ eventId: Type.Optional(Id) });
export type EventQuery = Static<typeof EventQuery>;
export const CategoryInput = Type.Object(
  {
    name: Name,
    eventId: Type.Optional(Id),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  },
  { additionalProperties: false },
);
export type CategoryInput = Static<typeof CategoryInput>;
export const CategoryUpdate = Type.Partial(
  Type.Object({ name: Name, position: Type.Integer({ minimum: 0, maximum: 10000 }) }, { additionalProperties: false }),
);
export type CategoryUpdate = Static<typeof CategoryUpdate>;
export const AdminCategory = Type.Object({
  id: Id,
  eventId: Id,
  name: Type.String(),
  /** `product` categories are edited here; `raffle` / `giftbasket` ones come from the raffle service. */
  kind: Type.Union([Type.Literal('product'), Type.Literal('raffle'), Type.Literal('giftbasket'), Type.Literal('bingo')]),
  position: Type.Integer(),
  productCount: Type.Integer(),
});
export type AdminCategory = Static<typeof AdminCategory>;

// ── Products ──────────────────────────────────────────────────────────────────────────────────
/** A barcode as typed (spaces allowed) or null; its digits and check digit are checked by the service (EAN_INVALID). */
const Ean = Type.Union([Type.String({ maxLength: 20 }), Type.Null()]);
export const ProductInput = Type.Object(
  {
    name: Name,
    price: PriceInput,
    categoryId: Id,
    eventId: Id,
    clickAndCollectEligible: Type.Optional(Type.Boolean()),
    /** The spec's spelling. */
    alcoohol: Type.Optional(Type.Boolean()),
    active: Type.Optional(Type.Boolean()),
    /** Its barcode (EAN-13, EAN-8 or UPC-A), or null: a scanner at the register finds it by this code. */
    ean: Type.Optional(Ean),
    /** Registers of the same event that sell it at once. */
    checkoutIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type ProductInput = Static<typeof ProductInput>;
export const ProductUpdate = Type.Partial(
  Type.Object(
    {
      name: Name,
      price: PriceInput,
      categoryId: Id,
      clickAndCollectEligible: Type.Boolean(),
      alcoohol: Type.Boolean(),
      active: Type.Boolean(),
      ean: Ean,
      checkoutIds: Type.Array(Id, { maxItems: 100 }),
    },
    { additionalProperties: false },
  ),
);
export type ProductUpdate = Static<typeof ProductUpdate>;
export const AdminProduct = Type.Object({
  id: Id,
  eventId: Id,
  name: Type.String(),
  /** Euros, 2 decimals at most. */
  price: Type.Number(),
  categoryId: Id,
  categoryName: Type.String(),
  image: Nullable(Type.String()),
  clickAndCollectEligible: Type.Boolean(),
  alcoohol: Type.Boolean(),
  active: Type.Boolean(),
  checkoutIds: Type.Array(Id),
  /** Its barcode, or null. */
  ean: Nullable(Type.String()),
  /** A product with sales is deactivated, never erased. */
  hasSales: Type.Boolean(),
});
export type AdminProduct = Static<typeof AdminProduct>;
export const ProductDeleted = Type.Object({ id: Id, deleted: Type.Boolean(), deactivated: Type.Boolean() });
export type ProductDeleted = Static<typeof ProductDeleted>;

export const ImportQuery = Type.Object({
  'dry-run': Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')])),
  eventId: Type.Optional(Id),
});
export type ImportQuery = Static<typeof ImportQuery>;
export const ProductImportLine = Type.Object({
  line: Type.Integer(),
  name: Type.String(),
  price: Type.Number(),
  category: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
});
export const ProductImportResult = Type.Object({
  status: Type.Union([Type.Literal('dry-run'), Type.Literal('ok'), Type.Literal('error')]),
  created: Type.Integer(),
  updated: Type.Integer(),
  categoriesCreated: Type.Array(Type.String()),
  lines: Type.Array(ProductImportLine),
  errors: Type.Array(Type.String()),
});
export type ProductImportResult = Static<typeof ProductImportResult>;

// ── Meal deal ─────────────────────────────────────────────────────────────────────────────────
export const MealDealInput = Type.Object(
  {
    /** Discount per complete set, euros. */
    discount: PriceInput,
    items: Type.Array(Type.Object({ categoryId: Id, price: PriceInput }, { additionalProperties: false }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type MealDealInput = Static<typeof MealDealInput>;
export const AdminMealDeal = Type.Object({
  eventId: Id,
  discount: Type.Number(),
  items: Type.Array(Type.Object({ categoryId: Id, price: Type.Number() })),
  /** True while the event has no rule of its own: the installation's applies (only the demo data sets one), else none. */
  isDefault: Type.Boolean(),
});
export type AdminMealDeal = Static<typeof AdminMealDeal>;

// ── Card readers ──────────────────────────────────────────────────────────────────────────────
export const ReaderIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type ReaderIdParams = Static<typeof ReaderIdParams>;
export const CardReaderPairInput = Type.Object(
  {
    /** The code the SumUp reader shows on its screen when it offers to pair. */
    pairingCode: Type.String({ minLength: 1, maxLength: 20 }),
    name: Name,
  },
  { additionalProperties: false },
);
export type CardReaderPairInput = Static<typeof CardReaderPairInput>;
export const CardReaderUpdate = Type.Object({ name: Name }, { additionalProperties: false });
export type CardReaderUpdate = Static<typeof CardReaderUpdate>;
export const AdminCardReader = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.Union([Type.Literal('paired'), Type.Literal('processing'), Type.Literal('expired'), Type.Literal('unknown')]),
  device: Type.Object({ identifier: Type.String(), model: Type.String() }),
});
export type AdminCardReader = Static<typeof AdminCardReader>;
export const AdminCardReaders = Type.Object({
  provider: Type.Union([Type.Literal('sumup'), Type.Literal('simulator')]),
  items: Type.Array(AdminCardReader),
});
export type AdminCardReaders = Static<typeof AdminCardReaders>;

/** The meal deal of an event (rules in mealDeal.ts): a discount per complete set of these (category, price) items, in cents. */
export const MealDealRule = Type.Object({
  discountCents: Type.Integer({ minimum: 0 }),
  items: Type.Array(Type.Object({ categoryId: Type.Integer(), priceCents: Type.Integer({ minimum: 0 }) })),
});
export type MealDealRule = Static<typeof MealDealRule>;
