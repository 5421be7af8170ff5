/**
 * Item schemas several domains' events share (raffle and bingo: price tiers, prize costs), with their
 * types. Each domain's `events.ts` holds its own events.
 */

/** Ticket price tiers: `nb` tickets for `priceCents` (SPEC §3 {nb, p}), raffles and gift baskets alike. */
export const PRICE_TIER_SCHEMA = {
  type: 'object',
  required: ['nb', 'priceCents'],
  properties: { nb: { type: 'integer', minimum: 1 }, priceCents: { type: 'integer', minimum: 0 } },
  additionalProperties: false,
} as const;

/** A prize as `raffle.configured` / `bingo.configured` carry it: unit cost in cents, quantity. */
export const PRIZE_COST_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'quantity', 'costCents'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    quantity: { type: 'integer', minimum: 0 },
    costCents: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
} as const;

/** `nb` tickets (or cartons) for `priceCents`. */
export interface PriceTier {
  nb: number;
  priceCents: number;
}

/** A prize's cost as `raffle.configured` and `bingo.configured` carry it (unit cost × quantity is spent). */
export interface PrizeCost {
  id: number;
  name: string;
  quantity: number;
  costCents: number;
}
