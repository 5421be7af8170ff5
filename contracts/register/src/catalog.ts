/**
 * What the register screen reads (docs/spec.md §3 and §7): its catalogue (`GET /api/cr/checkouts/{id}`), a
 * buyer, the sales on hold and the card readers. TypeBox schemas with their types derived, so the
 * service's answers and the register remote's client share one shape. Amounts are euros here.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AdminCardReader, Id } from './schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** docs/spec.md §7 `GET /api/cr/events`: the events a register may sell for. */
export const EventSummary = Type.Object({ id: Id, name: Type.String() });
export type EventSummary = Static<typeof EventSummary>;

/** A register (checkout) of an event. */
export const CheckoutSummary = Type.Object({ id: Id, name: Type.String() });
export type CheckoutSummary = Static<typeof CheckoutSummary>;

/** docs/spec.md §7 `GET /api/cr/events/{id}/checkouts`: a list whose first item is the event with its registers. */
export const EventCheckouts = Type.Array(Type.Object({ id: Id, name: Type.String(), checkouts: Type.Array(CheckoutSummary) }));
export type EventCheckouts = Static<typeof EventCheckouts>;

/** docs/spec.md §3 « Checkout product association » (`GET /api/admin/checkout/{id}/products` → `{ productsAssoc }`), for the stock screens. */
export const ProductAssoc = Type.Object({
  product_id: Id,
  product_name: Type.String(),
  /** Euros with two decimals, as text. */
  product_price: Type.String(),
  category_name: Type.String(),
  /** 1 when the product is sold at this register. */
  is_in_checkout: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type ProductAssoc = Static<typeof ProductAssoc>;

export const ProductCategory = Type.Object({ id: Id, name: Type.String() });
export type ProductCategory = Static<typeof ProductCategory>;

/** What a product sells: a plain product, raffle tickets, gift-basket bets (docs/spec.md §3) or loto cartons. */
export const ProductKind = Type.Union([Type.Literal('product'), Type.Literal('raffle'), Type.Literal('giftbasket'), Type.Literal('bingo')]);
export type ProductKind = Static<typeof ProductKind>;

/** docs/spec.md §3 product (id, name, image, price, productCategory, clickAndCollectEligible, alcoohol) and what the screen needs. */
export const Product = Type.Object({
  id: Id,
  name: Type.String(),
  image: Nullable(Type.String()),
  price: Type.Number(),
  productCategory: ProductCategory,
  clickAndCollectEligible: Type.Boolean(),
  alcoohol: Type.Boolean(),
  kind: ProductKind,
  /** Its stock is at or below the alert level (the tile says so). */
  stockAlert: Type.Boolean(),
  /** Its barcode (EAN), when it has one: the register finds it by a scanned code, offline too. */
  ean: Type.Optional(Type.String()),
  raffleId: Type.Optional(Id),
  giftBasketId: Type.Optional(Id),
  /** Tickets (bets) one unit gives, for ticket products. */
  tickets: Type.Optional(Type.Integer()),
});
export type Product = Static<typeof Product>;

/** The first item of the catalogue answer: the register, its event, categories and products, and what they sell tickets for. */
export const CheckoutData = Type.Object({
  id: Id,
  name: Type.String(),
  event: Type.Object({ id: Id, name: Type.String() }),
  categories: Type.Array(Type.Object({ id: Id, name: Type.String(), kind: ProductKind })),
  products: Type.Array(Product),
  /** A raffle with its total number of tickets. */
  raffles: Type.Array(Type.Object({ id: Id, name: Type.String(), tickets: Type.Integer(), categoryId: Id })),
  giftBaskets: Type.Array(
    Type.Object({
      id: Id,
      name: Type.String(),
      categoryId: Id,
      types: Type.Array(Type.Object({ id: Id, name: Type.String(), price: Type.Number() })),
    }),
  ),
  /** Loto nights whose cartons this register sells. */
  bingos: Type.Array(Type.Object({ id: Id, name: Type.String(), cartons: Type.Integer(), categoryId: Id })),
});
/** `GET /api/cr/checkouts/{checkoutId}/products/barcode/{code}`. */
export const BarcodeParams = Type.Object({ checkoutId: Id, code: Type.String({ minLength: 1, maxLength: 40 }) });
export type BarcodeParams = Static<typeof BarcodeParams>;

export type CheckoutData = Static<typeof CheckoutData>;

/** docs/spec.md §3 ticket price tier: `nb` tickets for `p` euros. */
export const TicketTier = Type.Object({ nb: Type.Integer(), p: Type.Number() });
export type TicketTier = Static<typeof TicketTier>;

/** A ticket category: the category's id, what it sells tickets for, and its tiers. */
export const TicketCategory = Type.Object({
  id: Id,
  raffleId: Type.Optional(Id),
  giftBasketId: Type.Optional(Id),
  bingoId: Type.Optional(Id),
  name: Type.String(),
  price: Type.Array(TicketTier),
});
export type TicketCategory = Static<typeof TicketCategory>;

/** The second item of the catalogue answer: the ticket category config. */
export const TicketCategoryConfig = Type.Object({
  raffles: Type.Array(TicketCategory),
  giftBaskets: Type.Array(TicketCategory),
  bingos: Type.Array(TicketCategory),
});
export type TicketCategoryConfig = Static<typeof TicketCategoryConfig>;

/** `GET /api/cr/checkouts/{id}`: `[checkout data, ticket category config]`. */
export const CheckoutAnswer = Type.Tuple([CheckoutData, TicketCategoryConfig]);
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;

/** docs/spec.md §7 `data.user`: a buyer; an unknown phone or e-mail is an empty string. */
export const Buyer = Type.Object({
  id: Id,
  lastname: Type.String(),
  firstname: Type.String(),
  phone: Type.String(),
  email: Type.String(),
});
export type Buyer = Static<typeof Buyer>;

/** docs/spec.md §3 a sale on hold: id, reference, price, buyer.person, event.name — and what is paid. */
export const PendingSale = Type.Object({
  id: Id,
  reference: Type.String(),
  price: Type.Number(),
  paid: Type.Number(),
  remaining: Type.Number(),
  createdAt: Type.String(),
  buyer: Type.Object({ person: Type.Object({ id: Nullable(Type.Integer()), firstname: Type.String(), lastname: Type.String() }) }),
  event: Type.Object({ id: Id, name: Type.String() }),
  checkout: Type.Object({ id: Id, name: Type.String() }),
});
export type PendingSale = Static<typeof PendingSale>;

/** A card reader as the provider lists it (SumUp's shape): the register's list is the back office's. */
export const CardReader = AdminCardReader;
export type CardReader = Static<typeof CardReader>;
