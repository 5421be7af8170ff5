/**
 * What the raffle routes answer (docs/spec.md §3, §7), as the service presents it and the remote reads it:
 * TypeBox schemas, and the types derived from them. Amounts are euros (JSON numbers, two decimals at
 * most); weights are grams. The remote imports the types only (no schema library in the browser).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FeaturedBody } from './schemas.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const RaffleState = Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('drawn')]);

/** A ticket price tier (docs/spec.md §3): `nb` tickets for `p` euros. */
export const Tier = Type.Object({ nb: Type.Integer(), p: Type.Number() });
export type Tier = Static<typeof Tier>;

export const EventSummary = Type.Object({ id: Type.Integer(), name: Type.String(), startsOn: NullableString });
export type EventSummary = Static<typeof EventSummary>;

export const LawPanel = Type.Object({
  totalValue: Type.Number(),
  totalCost: Type.Number(),
  ticketRevenue: Type.Number(),
  /** Percent, one decimal; null before any ticket is sold. */
  costRatio: NullableNumber,
  limit: Type.Number(),
  /** Every ticket of the raffle, sold or not, and what they are worth at the price of one ticket (null without tiers). */
  ticketsIssued: Type.Integer(),
  ticketsIssuedValue: NullableNumber,
  /** Above this value of the tickets issued (euros), the mayor's file also carries the last accounts. */
  accountsThreshold: Type.Number(),
  warnings: Type.Array(Type.String()),
});
export type LawPanel = Static<typeof LawPanel>;

export const RaffleSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  eventId: NullableInteger,
  eventName: NullableString,
  eventKnown: Type.Boolean(),
  tickets: Type.Integer(),
  sold: Type.Integer(),
  held: Type.Integer(),
  revenue: Type.Number(),
  state: RaffleState,
  salesClosedAt: NullableString,
  drawnAt: NullableString,
});
export type RaffleSummary = Static<typeof RaffleSummary>;

export const RaffleDetails = Type.Composite([RaffleSummary, Type.Object({ price: Type.Array(Tier), law: LawPanel })]);
export type RaffleDetails = Static<typeof RaffleDetails>;

/** docs/spec.md §3 raffle prize, as the service presents it. */
export const Prize = Type.Object({
  id: Type.Integer(),
  raffleId: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  weight: Type.Number(),
  rank: Type.Integer(),
  price: Type.Number(),
  cost: Type.Number(),
  provider: Type.String(),
  quantity: Type.Integer(),
  alcohol: Type.Boolean(),
  Alcohol: Type.Boolean(),
  illustration: NullableString,
  image: NullableString,
});
export type Prize = Static<typeof Prize>;

/** What the prize forms send (docs/spec.md §7: name, weight, price, quantity, alcohol — plus cost and provider). */
export const PrizeDraft = Type.Object({
  name: Type.String(),
  weight: Type.Union([Type.Number(), Type.String()]),
  price: Type.Union([Type.Number(), Type.String()]),
  quantity: Type.Union([Type.Number(), Type.String()]),
  alcohol: Type.Boolean(),
  cost: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  provider: Type.Optional(Type.String()),
});
export type PrizeDraft = Static<typeof PrizeDraft>;

export const DrawingWinner = Type.Object({
  civility: NullableString,
  firstname: Type.String(),
  lastname: Type.String(),
  number: Type.Integer(),
  email: Type.Optional(NullableString),
  phone: Type.Optional(NullableString),
});
export type DrawingWinner = Static<typeof DrawingWinner>;

/** docs/spec.md §3 drawing result. */
export const DrawingResult = Type.Object({
  prize: Type.Object({ id: Type.Integer(), name: Type.String(), quantity: Type.Integer(), image: NullableString }),
  winners: Type.Array(DrawingWinner),
});
export type DrawingResult = Static<typeof DrawingResult>;

export const DrawingState = Type.Object({
  raffleId: Type.Integer(),
  algorithm: Type.String(),
  state: RaffleState,
  commitment: NullableString,
  ticketsHash: NullableString,
  ticketsCount: NullableInteger,
  salesClosedAt: NullableString,
  drawnAt: NullableString,
  seed: NullableString,
  proofUrl: Type.String(),
});
export type DrawingState = Static<typeof DrawingState>;

export const DrawingAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Array(DrawingResult),
  drawing: Type.Optional(DrawingState),
  message: Type.Optional(Type.String()),
  raffle: Type.Optional(
    Type.Union([
      Type.Object({ id: Type.Integer(), name: Type.String(), eventName: Type.Optional(NullableString), drawnAt: NullableString }),
      Type.Null(),
    ]),
  ),
});
export type DrawingAnswer = Static<typeof DrawingAnswer>;

export const Presale = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  eventName: NullableString,
  eventDate: NullableString,
  tickets: Type.Integer(),
  remaining: Type.Integer(),
  price: Type.Array(Tier),
  prizes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      rank: Type.Integer(),
      quantity: Type.Integer(),
      price: Type.Number(),
      alcohol: Type.Boolean(),
      image: NullableString,
    }),
  ),
});
export type Presale = Static<typeof Presale>;

/** The raffle the public pages show and the home banner, as the administration edits them. */
export const FeaturedSettings = Type.Object({
  raffleId: NullableInteger,
  raffle: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), eventName: NullableString, state: RaffleState }),
    Type.Null(),
  ]),
  bannerShown: Type.Boolean(),
  bannerTitle: Type.String(),
  bannerText: Type.String(),
  updatedAt: NullableString,
});
export type FeaturedSettings = Static<typeof FeaturedSettings>;

/** docs/spec.md §3 gift basket type: a basket to win, with its value. */
export const BasketType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Number(),
  realWeight: NullableNumber,
  weighedAt: NullableString,
});
export type BasketType = Static<typeof BasketType>;

export const GiftBasketSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  eventId: NullableInteger,
  eventName: NullableString,
  eventKnown: Type.Boolean(),
  types: Type.Array(BasketType),
  sold: Type.Integer(),
  revenue: Type.Number(),
  price: Type.Optional(Type.Array(Tier)),
});
export type GiftBasketSummary = Static<typeof GiftBasketSummary>;

/** docs/spec.md §3 basket winner: id, label, result (weigh, person). */
export const BasketWinner = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  realWeight: NullableNumber,
  result: Type.Union([
    Type.Object({
      weigh: Type.Number(),
      person: Type.Object({
        id: NullableInteger,
        civility: NullableString,
        firstname: NullableString,
        lastname: NullableString,
        email: NullableString,
        phone: NullableString,
      }),
    }),
    Type.Null(),
  ]),
});
export type BasketWinner = Static<typeof BasketWinner>;

/** What the featured-raffle form sends (`PUT /api/admin/raffles/featured`). */
export type FeaturedChoice = FeaturedBody;

// ── Lists and envelopes the routes answer (docs/api.md §3) ─────────────────────────────────────
export { SuccessAnswer } from '@kermesse/contracts-common/schemas';

export const RaffleSummaries = Type.Array(RaffleSummary);
export type RaffleSummaries = Static<typeof RaffleSummaries>;
export const EventSummaries = Type.Array(EventSummary);
export type EventSummaries = Static<typeof EventSummaries>;
export const Tiers = Type.Array(Tier);
export type Tiers = Static<typeof Tiers>;
export const Prizes = Type.Array(Prize);
export type Prizes = Static<typeof Prizes>;
export const BasketTypes = Type.Array(BasketType);
export type BasketTypes = Static<typeof BasketTypes>;

/** docs/spec.md §7 a raffle or gift basket created or edited: `{ success, id, price }` (its tiers). */
export const TiersSaved = Type.Object({ success: Type.Literal(true), id: Type.Integer(), price: Type.Array(Tier) });
export type TiersSaved = Static<typeof TiersSaved>;

/** `DELETE /api/admin/raffle/{id}`. */
export const RaffleDeleted = Type.Object({ success: Type.Literal(true), id: Type.Integer() });
export type RaffleDeleted = Static<typeof RaffleDeleted>;

/** `GET /api/cr/raffle/{id}/tickets/sold`: the numbers no register may sell again. */
export const SoldNumbers = Type.Array(Type.Object({ number: Type.Integer() }));
export type SoldNumbers = Static<typeof SoldNumbers>;

/** `GET /api/cr/gift-basket/{id}/votes/sold`: the weights already bet, per basket (grams). */
export const SoldBets = Type.Array(Type.Object({ weight: Type.Integer(), type: Type.Object({ id: Type.Integer(), name: Type.String() }) }));
export type SoldBets = Static<typeof SoldBets>;

/** `GET /api/cr/gift-basket/{id}/types`: the baskets still open to bets (not weighed yet). */
export const OpenBasketTypes = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
export type OpenBasketTypes = Static<typeof OpenBasketTypes>;

/** `GET /api/admin/gift-basket`: every gift basket with its baskets to win and its sales (euros). */
export const GiftBasketSummaries = Type.Array(GiftBasketSummary);
export type GiftBasketSummaries = Static<typeof GiftBasketSummaries>;

/** `GET /api/admin/gift-basket/{id}/weigh/result`: one winner per weighed basket (closest bet). */
export const BasketWinnersAnswer = Type.Object({ success: Type.Literal(true), data: Type.Array(BasketWinner) });
export type BasketWinnersAnswer = Static<typeof BasketWinnersAnswer>;

/** `GET /api/public/raffle/presale`: the raffle on sale, or `data: null` when none is. */
export const PresaleAnswer = Type.Object({ success: Type.Literal(true), data: Type.Union([Presale, Type.Null()]) });
export type PresaleAnswer = Static<typeof PresaleAnswer>;

/** `GET /api/public/raffle/featured`: the chosen raffle and the home banner, when shown. */
export const PublicFeaturedAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    raffle: Type.Union([
      Type.Object({ id: Type.Integer(), name: Type.String(), eventName: NullableString, eventDate: NullableString, state: RaffleState }),
      Type.Null(),
    ]),
    banner: Type.Union([
      Type.Object({ key: Type.String(), title: Type.String(), text: Type.String(), link: Type.String(), linkLabel: Type.String() }),
      Type.Null(),
    ]),
  }),
});
export type PublicFeaturedAnswer = Static<typeof PublicFeaturedAnswer>;

/**
 * `GET /api/public/raffle/{id}/drawing/proof`: everything needed to recompute the drawing
 * (`DrawingProof` of drawing.ts); the seed stays null until the drawing.
 */
export const DrawingProofAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    algorithm: Type.String(),
    raffleId: Type.Integer(),
    commitment: Type.String(),
    ticketsHash: Type.String(),
    tickets: Type.Array(Type.Integer()),
    seed: NullableString,
    prizes: Type.Array(Type.Object({ id: Type.Integer(), rank: Type.Integer(), quantity: Type.Integer() })),
    winners: Type.Array(Type.Object({ prizeId: Type.Integer(), number: Type.Integer() })),
  }),
  drawing: DrawingState,
});
export type DrawingProofAnswer = Static<typeof DrawingProofAnswer>;
