/**
 * The TypeBox schemas of the raffle and gift-basket routes (docs/spec.md §7, docs/platform.md « Ticket
 * claims », the offline ticket blocks of docs/offline.md) and the types derived from them. Forms send numbers as text:
 * those fields stay loose here and the spec's rules, in its order and with its messages, are applied
 * by the service (a tier line, a prize, a basket type).
 */
import { Type, type Static } from '@sinclair/typebox';
import { SPREADSHEET_SAFE_PATTERN } from '@kermesse/contracts-common';
import { eurosCeiling, Id, PG_INTEGER_MAX, SafeText } from '@kermesse/contracts-common/schemas';

/** Text or null (`type: ['string', 'null']`: one French message « texte ou vide »). */
const text = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
/** A name or label people type and exports print: never a spreadsheet formula. */
const safeText = (maxLength: number) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, pattern: SPREADSHEET_SAFE_PATTERN });
const nullableInteger = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: PG_INTEGER_MAX });
/** An amount a form sends: a number, typed text (« 30,50 ») or nothing. */
const Amount = Type.Union([
  Type.Number({ minimum: -PG_INTEGER_MAX, maximum: PG_INTEGER_MAX }),
  Type.String({ maxLength: 20 }),
  Type.Null(),
]);
/** A price or a cost, as `Amount`, 1 000 000 € at most. */
const Money = Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()], eurosCeiling());
const Flag = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 }), Type.String({ maxLength: 5 }), Type.Null()]);

/** `/…/{id}` of a raffle, a gift basket, a prize or a basket type. */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

// ── Tiers (docs/spec.md §3 `{nb, p}`) ─────────────────────────────────────────────────────────────────────
export const MAX_TIERS = 20;
/**
 * `{ price: [{nb, p}] }` of the tier editors, with the optional settings of a raffle or basket.
 * Only the shape: the values are checked by the service's tier rule, which names the line
 * (« Ligne 4 : … ») instead of a field path such as « price.3.nb ».
 */
export const TierBody = Type.Object(
  {
    price: Type.Array(Type.Object({ nb: Type.Optional(Type.Unknown()), p: Type.Optional(Type.Unknown()) }), { maxItems: MAX_TIERS }),
    name: Type.Optional(SafeText({ minLength: 1, maxLength: 200 })),
    eventId: Type.Optional(Id),
    tickets: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
  },
  { additionalProperties: false },
);
export type TierBody = Static<typeof TierBody>;

// ── Raffle prizes ────────────────────────────────────────────────────────────────────────────────
/** A raffle prize as clients send it (docs/spec.md §3: `name` or `label`, `weight` or `rank`). */
export const PrizeBody = Type.Object(
  {
    name: Type.Optional(safeText(500)),
    label: Type.Optional(safeText(500)),
    weight: Type.Optional(Amount),
    rank: Type.Optional(Amount),
    price: Type.Optional(Money),
    cost: Type.Optional(Money),
    provider: Type.Optional(safeText(500)),
    quantity: Type.Optional(Amount),
    alcohol: Type.Optional(Flag),
    Alcohol: Type.Optional(Flag),
    // Sent back as received by a client that edits the whole prize; ignored.
    id: Type.Optional(nullableInteger),
    raffleId: Type.Optional(nullableInteger),
    illustration: Type.Optional(text(500)),
    image: Type.Optional(text(500)),
  },
  { additionalProperties: false },
);
export type PrizeBody = Static<typeof PrizeBody>;

// ── Featured raffle and home banner ──────────────────────────────────────────────────────────────
export const FeaturedBody = Type.Object(
  {
    raffleId: Type.Union([Id, Type.Null()], { title: 'raffleId' }),
    bannerShown: Type.Boolean(),
    bannerTitle: Type.String({ maxLength: 150, title: 'titre de la bannière' }),
    bannerText: Type.String({ maxLength: 1000, title: 'texte de la bannière' }),
  },
  { additionalProperties: false },
);
export type FeaturedBody = Static<typeof FeaturedBody>;

// ── Gift baskets ─────────────────────────────────────────────────────────────────────────────────
/** A basket to win (« type »): name and value; the rest is sent back as received and ignored. */
export const BasketTypeBody = Type.Object(
  {
    name: Type.Optional(safeText(500)),
    price: Type.Optional(Money),
    id: Type.Optional(nullableInteger),
    realWeight: Type.Optional(nullableInteger),
    weighedAt: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'] })),
  },
  { additionalProperties: false },
);
export type BasketTypeBody = Static<typeof BasketTypeBody>;

/** `POST /api/admin/gift-basket/{id}/weigh` `{ typeId, weight }` (grams). */
export const WeighBody = Type.Object(
  { typeId: Id, weight: Type.Integer({ minimum: 1, maximum: 10000000 }) },
  { additionalProperties: false },
);
export type WeighBody = Static<typeof WeighBody>;

// ── Public pages ─────────────────────────────────────────────────────────────────────────────────
/** `GET /api/public/raffle/drawing/results?raffleId=` */
export const ResultsQuery = Type.Object({ raffleId: Type.Optional(Id) });
export type ResultsQuery = Static<typeof ResultsQuery>;

// ── Ticket claims (internal, the register while writing a sale) ──────────────────────────────────
export const ClaimedTicket = Type.Object(
  { raffleId: Id, number: Type.Integer({ minimum: 1, maximum: 1000000 }) },
  { additionalProperties: false },
);
export type ClaimedTicket = Static<typeof ClaimedTicket>;
export const ClaimedBet = Type.Object(
  { giftBasketId: Id, typeId: Id, weight: Type.Integer({ minimum: 1, maximum: 10000000 }) },
  { additionalProperties: false },
);
export type ClaimedBet = Static<typeof ClaimedBet>;

/** `POST /internal/claims` `{ claimId, checkoutId?, tickets, bets }`. */
export const ClaimBody = Type.Object(
  {
    claimId: Type.String({ format: 'uuid' }),
    checkoutId: Type.Optional(Id),
    tickets: Type.Optional(Type.Array(ClaimedTicket, { maxItems: 1000, default: [] })),
    bets: Type.Optional(Type.Array(ClaimedBet, { maxItems: 200, default: [] })),
  },
  { additionalProperties: false },
);
export type ClaimBody = Static<typeof ClaimBody>;

export const ClaimParams = Type.Object({ claimId: Type.String({ format: 'uuid' }) });
export type ClaimParams = Static<typeof ClaimParams>;

/** `POST /internal/claims/{claimId}/confirm` `{ saleId }`: the sale that holds the claim is committed. */
export const ConfirmBody = Type.Object({ saleId: Id }, { additionalProperties: false });
export type ConfirmBody = Static<typeof ConfirmBody>;

/** `201` of a claim: held until `expiresAt` unless confirmed. */
export const ClaimAnswer = Type.Object({ claimId: Type.String({ format: 'uuid' }), expiresAt: Type.String({ format: 'date-time' }) });
export type ClaimAnswer = Static<typeof ClaimAnswer>;

// ── Ticket blocks for offline sales (cashier) ──────────────────────────────────────────
/** `/api/cr/raffle/{id}/blocks…` */
export const BlockParams = Type.Object({ id: Id });

/** `GET /api/cr/raffle/{id}/blocks?checkoutId=` */
export const BlockQuery = Type.Object({ checkoutId: Id });

/** `POST /api/cr/raffle/{id}/blocks` `{ checkoutId, size }`: top the register's block up to `size` free numbers. */
export const TopUpBody = Type.Object({ checkoutId: Id, size: Type.Integer({ minimum: 1, maximum: 500 }) }, { additionalProperties: false });

/** `POST /api/cr/raffle/{id}/blocks/return` `{ checkoutId, numbers? }`: give numbers (or the whole block) back. */
export const GiveBackBody = Type.Object(
  { checkoutId: Id, numbers: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000000 }), { maxItems: 1000 })) },
  { additionalProperties: false },
);

/** Every block route answers the register's block and the numbers reserved to the others. */
export const BlockAnswer = Type.Object({
  raffleId: Id,
  checkoutId: Id,
  numbers: Type.Array(Type.Integer()),
  reservedElsewhere: Type.Array(Type.Integer()),
});
export type BlockAnswer = Static<typeof BlockAnswer>;
