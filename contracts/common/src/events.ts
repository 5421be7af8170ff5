/**
 * Item schemas several domains' events share (raffle and bingo: price tiers, prize costs), and the
 * type derivation every domain's `events.ts` uses: payload types come from the schemas.
 */

/** Ticket price tiers: `nb` tickets for `priceCents` (docs/spec.md §3 {nb, p}), raffles and gift baskets alike. */
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

/**
 * The TypeScript type of a JSON schema written `as const` (the subset events use: object with
 * properties and required, array with items, type names or a list of them, enum) — so payload types
 * are derived from the schemas, never written a second time beside them.
 */
export type FromSchema<S> = S extends { enum: readonly (infer E)[] } ? E : FromType<S, TypeNames<S>>;

type TypeNames<S> = S extends { type: infer T } ? (T extends readonly (infer U)[] ? U : T) : never;

type FromType<S, T> = T extends 'null'
  ? null
  : T extends 'string'
    ? string
    : T extends 'integer' | 'number'
      ? number
      : T extends 'boolean'
        ? boolean
        : T extends 'array'
          ? S extends { items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? S extends { properties: infer P }
              ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never>
              : Record<string, unknown>
            : unknown;

type ObjectOf<P, R> = Flatten<
  { -readonly [K in keyof P & R]: FromSchema<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]> }
>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The payload types of a domain's event schemas: `{ 'stock.alert': { eventId: number; … } }`. */
export type PayloadsOf<Schemas extends Record<string, { payload: unknown }>> = {
  -readonly [K in keyof Schemas]: FromSchema<Schemas[K]['payload']>;
};
